import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Appointment, BookablePatient, Schedule, ScheduleQuery } from '@smartcare/contract/appointment';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

export const appointmentsRoot = ['appointment'] as const;

/** A day or a week of the hospital's appointments (one department or all). */
export function getSchedule(client: ApiClient, query: ScheduleQuery): Promise<Schedule> {
  return client.api.appointment.getSchedule({ query });
}

export function getScheduleQueryOptions(client: ApiClient, query: ScheduleQuery) {
  return queryOptions({
    queryKey: [...appointmentsRoot, 'schedule', query.date, query.view, query.department ?? null],
    queryFn: () => getSchedule(client, query),
    // Kept fresh by staffDesk/{hospitalIdx} (use-appointments-live.ts), not by polling.
  });
}

export function useSchedule(query: ScheduleQuery) {
  return useQuery(getScheduleQueryOptions(useApiClient(), query));
}

/** The open change and cancel requests, oldest first. */
export function getRequests(client: ApiClient): Promise<Appointment[]> {
  return client.api.appointment.getRequests();
}

export function useRequests() {
  const client = useApiClient();
  return useQuery({
    queryKey: [...appointmentsRoot, 'requests'],
    queryFn: () => getRequests(client),
  });
}

/** The hospital's patients to book for. */
export function getBookablePatients(client: ApiClient): Promise<BookablePatient[]> {
  return client.api.appointment.getBookablePatients();
}

export function useBookablePatients(enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: [...appointmentsRoot, 'patients'],
    queryFn: () => getBookablePatients(client),
    enabled,
  });
}
