import { MQTT_PATH } from '@smartcare/contract/topics';
import { resultCodeName } from '@smartcare/contract/result-code-values';
import { renewalDue } from '@smartcare/contract/token-renewal';
import {
  createMqttRealtime,
  randomId,
  type MqttRealtimeOptions,
  type Realtime,
  type RealtimeCredentials,
} from '@smartcare/web-core/realtime';
import { apiBaseUrl, refreshSession, sessionFailureRoute } from './api-client';
import { i18next } from './i18n';
import { navigateTo } from './navigation';
import { session } from './session';
import { toast } from './toast';

/**
 * The patient's one real-time connection (spec §4, §5): the client core's MQTT connection
 * (packages/web-core) with what is the patient app's passed in — the broker beside the API
 * host, the patient's own access token refreshed through the API client, the login route
 * when the session is over, and the spec's toasts. Features subscribe through
 * `useRealtimeTopic` (web-core/use-realtime); the app provides this connection at its root.
 * It starts with the session (app/realtime-session.ts), never with the first screen, and
 * mqtt.js is imported only then.
 */

/** ws(s)://host/mqtt of the API's host (the API address override moves both, spec §3). */
export function defaultBrokerUrl(): string {
  const api = apiBaseUrl();
  const origin = /^https?:\/\//i.test(api) ? new URL(api).origin : window.location.origin;
  return `${origin.replace(/^http/i, 'ws')}${MQTT_PATH}`;
}

async function credentials(forceRefresh: boolean): Promise<RealtimeCredentials | null> {
  let { accessToken } = session.tokens();
  const me = session.snapshot().myData;
  if (!accessToken || !me) return null;
  if (forceRefresh || renewalDue(accessToken)) {
    const loginNeeded = await refreshSession(accessToken);
    if (loginNeeded) {
      navigateTo(sessionFailureRoute());
      return null;
    }
    accessToken = session.tokens().accessToken;
    if (!accessToken) return null;
  }
  return { username: session.snapshot().loginId ?? me.loginId, password: accessToken };
}

export type PatientConnectionOverrides = Partial<
  Pick<MqttRealtimeOptions, 'connect' | 'backoff' | 'url' | 'offline'>
>;

export function createPatientConnection(overrides: PatientConnectionOverrides = {}): Realtime {
  const connection = createMqttRealtime({
    url: defaultBrokerUrl,
    credentials,
    // Unique per connection (brief §4): two devices of one patient must not evict each other.
    clientId: () => `patient_${session.snapshot().myData?.idx ?? 0}_${randomId(6)}`,
    autoStart: false,
    // Without a network the offline banner says it all (issue 12): no attempts, no error toast;
    // the `online` event starts again (app/realtime-session.ts).
    offline: () => typeof navigator !== 'undefined' && navigator.onLine === false,
    ...overrides,
  });
  connection.onError((kind, refusal) => {
    if (kind === 'connection') toast.error(i18next.t('realtime.connectError'));
    else if (kind === 'subscription') toast.error(i18next.t('realtime.subscribeError'));
    else {
      // The broker dropped a publish of ours over its rate limit (issue 10 point 12).
      const name = refusal ? resultCodeName(refusal.code) : undefined;
      toast.error(i18next.t(`resultCode.${name ?? 'RATE_LIMITED'}`));
    }
  });
  return connection;
}

/** The app's connection; screens reach it through web-core's `useRealtime()`, so tests can hand them another. */
export const patientConnection = createPatientConnection();
