import type { Meal } from '@smartcare/contract/diet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dietQueryKey } from './get-day';

/** `GET /diet/getMeal`: one meal, to edit it. */
export function getMeal(idx: number): Promise<Meal> {
  return api.diet.getMeal({ query: { idx } });
}

export function useMeal(idx: number | null) {
  return useQuery(
    queryOptions({
      queryKey: [...dietQueryKey, 'meal', idx],
      queryFn: () => getMeal(idx!),
      enabled: idx !== null,
      staleTime: 0,
    }),
  );
}
