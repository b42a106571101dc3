import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import type { Day } from './types';

export const telemedicineRoot = ['telemedicine'] as const;
export const dayKey = (date: string, staffIdx: number | null) =>
  [...telemedicineRoot, 'day', date, staffIdx] as const;

/** A day of the hospital's video visits, or one clinician's. */
export function getDay(client: ApiClient, date: string, staffIdx: number | null): Promise<Day> {
  return client.api.telemedicine.getDay({ query: { date, ...(staffIdx ? { staffIdx } : {}) } });
}

export function getDayQueryOptions(client: ApiClient, date: string, staffIdx: number | null) {
  return queryOptions({
    queryKey: dayKey(date, staffIdx),
    queryFn: () => getDay(client, date, staffIdx),
    // The queue topic refetches at once; the poll is the safety net for a missed message.
    refetchInterval: 60_000,
  });
}

export function useDay(date: string, staffIdx: number | null) {
  return useQuery(getDayQueryOptions(useApiClient(), date, staffIdx));
}
