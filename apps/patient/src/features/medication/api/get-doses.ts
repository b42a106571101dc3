import type { Dose } from '@smartcare/contract/medication';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { medicationQueryKey } from './keys';

/** `GET /medication/getDoses`: one Korean day's doses (today without a date). */
export function getDoses(date?: string): Promise<Dose[]> {
  return api.medication.getDoses({ query: date ? { date } : {} });
}

export function useDoses(date?: string) {
  return useQuery(
    queryOptions({
      queryKey: [...medicationQueryKey, 'doses', date ?? 'today'],
      queryFn: () => getDoses(date),
      staleTime: 0,
      // The due dose changes with the clock: look again every minute while the screen is open.
      refetchInterval: date ? false : 60_000,
    }),
  );
}
