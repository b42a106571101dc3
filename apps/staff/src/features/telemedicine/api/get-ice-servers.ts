import { useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import type { IceServers } from './types';

/**
 * STUN/TURN for one visit's call, TURN with short-lived credentials; fetched fresh for each call
 * and issued only to the clinician who holds it (decision 030).
 */
export function getIceServers(client: ApiClient, visitIdx: number): Promise<IceServers> {
  return client.api.telemedicine.getIceServers({ query: { visitIdx } });
}

export function useIceServers(visitIdx: number, enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    // Outside `telemedicineRoot` on purpose: every queue event refetches that root, and new TURN
    // credentials would hand the running call new servers and restart it.
    queryKey: ['telemedicineIce', visitIdx],
    queryFn: () => getIceServers(client, visitIdx),
    enabled,
    // One set for the call's life: a refetch would hand the call new servers and restart it.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
