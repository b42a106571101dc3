import type { DocumentRequest } from '@smartcare/contract/document-request';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every query of the feature starts with this key: one invalidation refreshes them all. */
export const documentRequestsRoot = ['documentRequests'] as const;
export const myRequestsQueryKey = [...documentRequestsRoot, 'mine'] as const;

/** `GET /documentRequest/getMyRequests`: the patient's requests, newest first. */
export function getMyRequests(): Promise<DocumentRequest[]> {
  return api.documentRequest.getMyRequests();
}

export function getMyRequestsQueryOptions() {
  return queryOptions({ queryKey: myRequestsQueryKey, queryFn: getMyRequests, staleTime: 0 });
}

export function useMyRequests(enabled = true) {
  return useQuery({ ...getMyRequestsQueryOptions(), enabled });
}
