import type { Appointment } from '@smartcare/contract/appointment';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every query of the feature starts with this key: one invalidation refreshes them all. */
export const appointmentsRoot = ['appointments'] as const;
export const myAppointmentsQueryKey = [...appointmentsRoot, 'mine'] as const;

/** `GET /appointment/getMyAppointments`: the patient's appointments and own items, by time. */
export function getMyAppointments(): Promise<Appointment[]> {
  return api.appointment.getMyAppointments();
}

export function getMyAppointmentsQueryOptions() {
  return queryOptions({ queryKey: myAppointmentsQueryKey, queryFn: getMyAppointments, staleTime: 0 });
}

export function useMyAppointments(enabled = true) {
  return useQuery({ ...getMyAppointmentsQueryOptions(), enabled });
}
