import type { MyTelemedicineVisits } from '@smartcare/contract/telemedicine';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every query of the feature starts with this key: one invalidation refreshes them all. */
export const telemedicineRoot = ['telemedicine'] as const;
export const myVisitsQueryKey = [...telemedicineRoot, 'mine'] as const;

/** `GET /telemedicine/getMyVisits`: upcoming (soonest first) and past (latest first). */
export function getMyVisits(): Promise<MyTelemedicineVisits> {
  return api.telemedicine.getMyVisits();
}

export function useMyVisits() {
  return useQuery(
    queryOptions({
      queryKey: myVisitsQueryKey,
      queryFn: getMyVisits,
      staleTime: 0,
      // "입장하기" appears when the window opens: look again every half minute while open.
      refetchInterval: 30_000,
    }),
  );
}
