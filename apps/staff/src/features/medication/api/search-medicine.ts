import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Medicine } from '@smartcare/contract/medication';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

/** The seeded list of Korean medicines by name, ingredient, 초성 or part of a word. */
export function searchMedicine(client: ApiClient, q: string): Promise<Medicine[]> {
  return client.api.medication.searchMedicine({ query: { q } });
}

export function useMedicineSearch(q: string) {
  const client = useApiClient();
  const query = q.trim();
  return useQuery(
    queryOptions({
      queryKey: ['medicineSearch', query],
      queryFn: () => searchMedicine(client, query),
      enabled: query.length > 0,
      staleTime: 5 * 60_000,
      placeholderData: keepPreviousData,
    }),
  );
}
