import type { RatingOccasion, RatingOccasionKind } from '@smartcare/contract/rating';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ratingsRoot } from './get-my-ratings';

/** `GET /rating/getOccasion`: one completed occasion of the patient with its rating. */
export function getOccasion(kind: RatingOccasionKind, idx: number): Promise<RatingOccasion> {
  return api.rating.getOccasion({ query: { kind, idx } });
}

export function getOccasionQueryOptions(kind: RatingOccasionKind, idx: number) {
  return queryOptions({
    queryKey: [...ratingsRoot, 'occasion', kind, idx],
    queryFn: () => getOccasion(kind, idx),
    staleTime: 0,
  });
}

export function useOccasion(kind: RatingOccasionKind, idx: number, enabled = true) {
  return useQuery({ ...getOccasionQueryOptions(kind, idx), enabled });
}
