import { TELEMEDICINE_PROBE_PATH } from '@smartcare/contract/telemedicine';
import { apiBaseUrl, refreshSession } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { probeNetwork, type NetworkResult, type ProbeTransport } from '../device-check';

/**
 * `GET /telemedicine/networkProbe?bytes=N`: raw bytes, not an envelope, so not through the typed
 * client; the login goes along (the server limits it per caller) and an expired one is renewed once.
 */
async function fetchProbe(bytes: number, retried = false): Promise<number> {
  const token = session.tokens().accessToken;
  const response = await fetch(`${apiBaseUrl()}${TELEMEDICINE_PROBE_PATH}?bytes=${bytes}`, {
    cache: 'no-store',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (response.status === 401 && !retried) {
    const mustLogin = await refreshSession(token);
    if (!mustLogin) return fetchProbe(bytes, true);
  }
  if (!response.ok) throw new Error(`probe ${response.status}`);
  return (await response.arrayBuffer()).byteLength;
}

export const browserProbe: ProbeTransport = {
  fetch: (bytes) => fetchProbe(bytes),
  now: () => performance.now(),
};

export function runNetworkProbe(transport: ProbeTransport = browserProbe): Promise<NetworkResult> {
  return probeNetwork(transport);
}
