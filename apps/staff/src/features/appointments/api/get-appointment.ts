import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Appointment } from '@smartcare/contract/appointment';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { appointmentsRoot } from './get-schedule';

/** One appointment of the hospital with its history (`GET /appointment/getAppointment`, an audited read). */
export function getAppointment(client: ApiClient, idx: number): Promise<Appointment> {
  return client.api.appointment.getAppointment({ query: { idx } });
}

export function getAppointmentQueryOptions(client: ApiClient, idx: number) {
  return queryOptions({
    queryKey: [...appointmentsRoot, 'one', idx],
    queryFn: () => getAppointment(client, idx),
  });
}

/** Disabled while no appointment is open (`idx` null). */
export function useAppointment(idx: number | null) {
  const client = useApiClient();
  return useQuery({ ...getAppointmentQueryOptions(client, idx ?? 0), enabled: idx !== null });
}
