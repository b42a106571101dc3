import type { DocumentFees } from '@smartcare/contract/document-request';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { documentRequestsRoot } from './get-my-requests';

/** `GET /documentRequest/getFees`: the chosen hospital's fee table, shown before submitting. */
export function getFees(): Promise<DocumentFees> {
  return api.documentRequest.getFees();
}

export function getFeesQueryOptions() {
  return queryOptions({
    queryKey: [...documentRequestsRoot, 'fees'],
    queryFn: getFees,
    staleTime: 5 * 60_000,
  });
}

export function useFees(enabled = true) {
  return useQuery({ ...getFeesQueryOptions(), enabled });
}
