import { useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { telemedicineRoot } from './get-day';
import type { Result } from './types';

export const requestsKey = [...telemedicineRoot, 'requests'] as const;

/** Booked visits with an open change or cancel request from the patient. */
export function getRequests(client: ApiClient): Promise<Result<'getRequests'>> {
  return client.api.telemedicine.getRequests();
}

export function useRequests() {
  const client = useApiClient();
  return useQuery({ queryKey: requestsKey, queryFn: () => getRequests(client), refetchInterval: 30_000 });
}
