import { useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { telemedicineRoot } from './get-day';
import type { IceServers } from './types';

/** STUN/TURN for the call, TURN with short-lived credentials; fetched fresh for each call. */
export function getIceServers(client: ApiClient): Promise<IceServers> {
  return client.api.telemedicine.getIceServers();
}

export function useIceServers(enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: [...telemedicineRoot, 'iceServers'],
    queryFn: () => getIceServers(client),
    enabled,
    // One set for the call's life: a refetch would hand the call new servers and restart it.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
