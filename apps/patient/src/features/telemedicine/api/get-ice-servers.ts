import type { TelemedicineIceServers } from '@smartcare/contract/telemedicine';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { telemedicineRoot } from './get-my-visits';

/** `GET /telemedicine/getIceServers`: STUN/TURN with short-lived TURN credentials. */
export function getIceServers(): Promise<TelemedicineIceServers> {
  return api.telemedicine.getIceServers();
}

export function useIceServers(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...telemedicineRoot, 'iceServers'],
      queryFn: getIceServers,
      enabled,
      // Fetched once per call: a new list would start a new connection.
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 0,
    }),
  );
}
