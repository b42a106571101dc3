import type { Appointment } from '@smartcare/contract/appointment';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { appointmentsRoot } from './get-my-appointments';

export const myAppointmentQueryKey = (idx: number) => [...appointmentsRoot, 'one', idx] as const;

/** `GET /appointment/getMyAppointment?idx=`: one appointment or item with its history. */
export function getMyAppointment(idx: number): Promise<Appointment> {
  return api.appointment.getMyAppointment({ query: { idx } });
}

export function getMyAppointmentQueryOptions(idx: number) {
  return queryOptions({
    queryKey: myAppointmentQueryKey(idx),
    queryFn: () => getMyAppointment(idx),
    staleTime: 0,
  });
}

export function useMyAppointment(idx: number, enabled = true) {
  return useQuery({ ...getMyAppointmentQueryOptions(idx), enabled: enabled && idx > 0, retry: false });
}
