import type { MyRatings } from '@smartcare/contract/rating';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every query of the feature starts with this key: one invalidation refreshes them all. */
export const ratingsRoot = ['ratings'] as const;

/** `GET /rating/getMyRatings`: what the patient rated and what waits for a rating. */
export function getMyRatings(): Promise<MyRatings> {
  return api.rating.getMyRatings();
}

export function getMyRatingsQueryOptions() {
  return queryOptions({ queryKey: [...ratingsRoot, 'mine'], queryFn: getMyRatings, staleTime: 0 });
}

export function useMyRatings(enabled = true) {
  return useQuery({ ...getMyRatingsQueryOptions(), enabled });
}
