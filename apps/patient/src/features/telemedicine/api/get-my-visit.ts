import type { TelemedicineVisit } from '@smartcare/contract/telemedicine';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { telemedicineRoot } from './get-my-visits';

export const visitQueryKey = (visitIdx: number) => [...telemedicineRoot, 'visit', visitIdx] as const;

/** `GET /telemedicine/getMyVisit`: one visit with its history and whether the consent is current. */
export function getMyVisit(visitIdx: number): Promise<TelemedicineVisit> {
  return api.telemedicine.getMyVisit({ query: { visitIdx } });
}

export function useMyVisit(visitIdx: number) {
  return useQuery(
    queryOptions({
      queryKey: visitQueryKey(visitIdx),
      queryFn: () => getMyVisit(visitIdx),
      enabled: visitIdx > 0,
      staleTime: 0,
      refetchInterval: 30_000,
    }),
  );
}
