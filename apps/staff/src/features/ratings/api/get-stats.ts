import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RatingStats } from '@smartcare/contract/rating';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

export const ratingsRoot = ['ratings'] as const;

/** The hospital's ratings: averages and distributions, comments (never a patient's identity). */
export function getStats(client: ApiClient, months: number): Promise<RatingStats> {
  return client.api.rating.getStats({ query: { months } });
}

export function getStatsQueryOptions(client: ApiClient, months: number) {
  return queryOptions({
    queryKey: [...ratingsRoot, 'stats', months],
    queryFn: () => getStats(client, months),
    refetchInterval: 60_000,
  });
}

export function useStats(months: number) {
  return useQuery(getStatsQueryOptions(useApiClient(), months));
}
