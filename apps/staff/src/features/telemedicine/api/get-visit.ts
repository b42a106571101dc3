import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { telemedicineRoot } from './get-day';
import type { Visit } from './types';

export const visitKey = (visitIdx: number) => [...telemedicineRoot, 'visit', visitIdx] as const;

/** One visit with its patient, queue, device check, request and history. */
export function getVisit(client: ApiClient, visitIdx: number): Promise<Visit> {
  return client.api.telemedicine.getVisit({ query: { visitIdx } });
}

export function getVisitQueryOptions(client: ApiClient, visitIdx: number) {
  return queryOptions({ queryKey: visitKey(visitIdx), queryFn: () => getVisit(client, visitIdx) });
}

export function useVisit(visitIdx: number) {
  return useQuery(getVisitQueryOptions(useApiClient(), visitIdx));
}
