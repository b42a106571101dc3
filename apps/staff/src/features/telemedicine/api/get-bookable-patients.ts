import { useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { telemedicineRoot } from './get-day';
import type { BookablePatient } from './types';

/** The hospital's home-care patients, to book a video visit for. */
export function getBookablePatients(client: ApiClient): Promise<BookablePatient[]> {
  return client.api.telemedicine.getBookablePatients();
}

export function useBookablePatients(enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: [...telemedicineRoot, 'patients'],
    queryFn: () => getBookablePatients(client),
    enabled,
  });
}
