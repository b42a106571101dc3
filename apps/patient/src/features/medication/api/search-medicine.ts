import type { Medicine } from '@smartcare/contract/medication';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /medication/searchMedicine`: the seeded list by name, 초성 or part of a word. */
export function searchMedicine(q: string): Promise<Medicine[]> {
  return api.medication.searchMedicine({ query: { q } });
}

export function useMedicineSearch(q: string) {
  const query = q.trim();
  return useQuery(
    queryOptions({
      queryKey: ['medicineSearch', query],
      queryFn: () => searchMedicine(query),
      enabled: query.length > 0,
      staleTime: 5 * 60_000,
      placeholderData: keepPreviousData,
    }),
  );
}
