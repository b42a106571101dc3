import type { DocumentRequest } from '@smartcare/contract/document-request';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { documentRequestsRoot } from './get-my-requests';

export const myRequestQueryKey = (idx: number) => [...documentRequestsRoot, 'one', idx] as const;

/** `GET /documentRequest/getMyRequest?idx=`: one request with its timeline. */
export function getMyRequest(idx: number): Promise<DocumentRequest> {
  return api.documentRequest.getMyRequest({ query: { idx } });
}

export function getMyRequestQueryOptions(idx: number) {
  return queryOptions({ queryKey: myRequestQueryKey(idx), queryFn: () => getMyRequest(idx), staleTime: 0 });
}

export function useMyRequest(idx: number, enabled = true) {
  return useQuery({ ...getMyRequestQueryOptions(idx), enabled: enabled && idx > 0 });
}
