import type { Food } from '@smartcare/contract/diet';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /diet/searchFoods`: foods of the table by Korean name (초성 and partial matches). */
export function searchFoods(keyword: string): Promise<Food[]> {
  return api.diet.searchFoods({ query: { keyword } });
}

export function useFoodSearch(keyword: string) {
  const trimmed = keyword.trim();
  return useQuery(
    queryOptions({
      queryKey: ['diet', 'foods', trimmed],
      queryFn: () => searchFoods(trimmed),
      enabled: trimmed !== '',
      staleTime: 60 * 60_000,
      placeholderData: keepPreviousData,
    }),
  );
}
