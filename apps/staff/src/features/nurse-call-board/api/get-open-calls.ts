import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NurseCall } from '@smartcare/contract/nurse-call';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

export const openCallsKey = ['nurseCall', 'open'] as const;

/** The hospital's open calls (requested, acknowledged, in progress). */
export function getOpenCalls(client: ApiClient): Promise<NurseCall[]> {
  return client.api.nurseCall.getOpenCalls();
}

export function getOpenCallsQueryOptions(client: ApiClient) {
  return queryOptions({ queryKey: openCallsKey, queryFn: () => getOpenCalls(client) });
}

export function useOpenCalls() {
  return useQuery(getOpenCallsQueryOptions(useApiClient()));
}
