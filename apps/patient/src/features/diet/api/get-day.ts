import type { DietDay } from '@smartcare/contract/diet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every diet query starts with this key: a saved or deleted meal refreshes all of them. */
export const dietQueryKey = ['diet'] as const;

/** `GET /diet/getDay`: one Korean day's meals and totals, the targets and the week to that day. */
export function getDay(date: string | undefined): Promise<DietDay> {
  return api.diet.getDay({ query: date ? { date } : {} });
}

export function useDietDay(date: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: [...dietQueryKey, 'day', date ?? 'today'],
      queryFn: () => getDay(date),
      staleTime: 0,
    }),
  );
}
