import type { TelemedicineIceServers } from '@smartcare/contract/telemedicine';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * `GET /telemedicine/getIceServers?visitIdx=`: STUN/TURN with short-lived TURN credentials,
 * issued only for the patient's own visit while it is open (decision 030).
 */
export function getIceServers(visitIdx: number): Promise<TelemedicineIceServers> {
  return api.telemedicine.getIceServers({ query: { visitIdx } });
}

export function useIceServers(visitIdx: number, enabled: boolean) {
  return useQuery(
    queryOptions({
      // Outside `telemedicineRoot` on purpose: the notices and reconnects that refetch the visit
      // must not refetch these (new TURN credentials would hand the call new servers and restart it).
      queryKey: ['telemedicineIce', visitIdx],
      queryFn: () => getIceServers(visitIdx),
      enabled: enabled && visitIdx > 0,
      // Fetched once per call: a new list would start a new connection.
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 0,
      // A refusal (the visit closed) or a failure is shown with a retry, not retried unseen.
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    }),
  );
}
