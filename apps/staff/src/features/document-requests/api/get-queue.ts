import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentQueueQuery, DocumentRequest } from '@smartcare/contract/document-request';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

export const documentQueueRoot = ['documentRequest'] as const;

/** The hospital's requests, new first (filters by status and type). */
export function getQueue(client: ApiClient, filter: DocumentQueueQuery): Promise<DocumentRequest[]> {
  return client.api.documentRequest.getQueue({ query: filter });
}

export function getQueueQueryOptions(client: ApiClient, filter: DocumentQueueQuery) {
  return queryOptions({
    queryKey: [...documentQueueRoot, 'queue', filter.status ?? null, filter.type ?? null],
    queryFn: () => getQueue(client, filter),
    // Kept fresh by staffDesk/{hospitalIdx} (use-queue-live.ts), not by polling.
  });
}

export function useQueue(filter: DocumentQueueQuery) {
  return useQuery(getQueueQueryOptions(useApiClient(), filter));
}
