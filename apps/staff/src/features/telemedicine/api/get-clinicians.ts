import { useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { telemedicineRoot } from './get-day';
import type { Clinician } from './types';

/** The hospital's staff who may hold a video visit (doctors and nurses). */
export function getClinicians(client: ApiClient): Promise<Clinician[]> {
  return client.api.telemedicine.getClinicians();
}

export function useClinicians() {
  const client = useApiClient();
  return useQuery({
    queryKey: [...telemedicineRoot, 'clinicians'],
    queryFn: () => getClinicians(client),
    staleTime: 5 * 60_000,
  });
}
