import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NurseCall } from '@smartcare/contract/nurse-call';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

export const handledCallsKey = ['nurseCall', 'handled'] as const;

/** This shift's done and cancelled calls of the hospital, newest first (response times). */
export function getHandledCalls(client: ApiClient): Promise<NurseCall[]> {
  return client.api.nurseCall.getHandledCalls();
}

export function useHandledCalls() {
  const client = useApiClient();
  return useQuery(queryOptions({ queryKey: handledCallsKey, queryFn: () => getHandledCalls(client) }));
}
