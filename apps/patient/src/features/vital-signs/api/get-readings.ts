import type { VitalSignKind } from '@smartcare/contract/vital-signs';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { vitalSignsQueryKey } from './record-vital-sign';

export const READINGS_PAGE_SIZE = 20;

export interface Period {
  from: string;
  to: string;
}

/** `GET /vitalSign/getReadings`: one kind's readings in a period, newest first, a page at a time. */
export function useReadings(kind: VitalSignKind, period: Period) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...vitalSignsQueryKey, 'readings', kind, period.from, period.to],
      queryFn: ({ pageParam }) =>
        api.vitalSign.getReadings({
          query: { kind, from: period.from, to: period.to, pNum: pageParam, pSize: READINGS_PAGE_SIZE },
        }),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.pNum * last.pSize < last.totalCount ? last.pNum + 1 : undefined),
    }),
  );
}
