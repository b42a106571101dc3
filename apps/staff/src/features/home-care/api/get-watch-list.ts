import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WatchList } from '@smartcare/contract/home-care-watch';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

export const watchListRootKey = ['homeCare', 'watchList'] as const;
export const watchListKey = (q: string, pNum: number, pSize: number) =>
  [...watchListRootKey, q, pNum, pSize] as const;

/** The hospital's home-care patients in watch order (out of range, silent, the rest). */
export function getWatchList(client: ApiClient, q: string, pNum: number, pSize: number): Promise<WatchList> {
  return client.api.homeCare.getWatchList({ query: { q: q || undefined, pNum, pSize } });
}

export function getWatchListQueryOptions(client: ApiClient, q: string, pNum: number, pSize: number) {
  return queryOptions({
    queryKey: watchListKey(q, pNum, pSize),
    queryFn: () => getWatchList(client, q, pNum, pSize),
    placeholderData: keepPreviousData,
  });
}

export function useWatchList(q: string, pNum: number, pSize: number) {
  return useQuery(getWatchListQueryOptions(useApiClient(), q, pNum, pSize));
}
