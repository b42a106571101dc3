import { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { renewalDue } from '@smartcare/contract/token-renewal';
import { MQTT_PATH } from '@smartcare/contract/topics';
import { createApiClient, type ApiClient, type SessionEndReason } from '../lib/api-client';
import { createI18n, detectLocale, htmlLang } from '../lib/i18n';
import { brokerUrl, createMqttRealtime, type Realtime } from '../lib/realtime';
import { createSessionStore, type SessionStore } from '../lib/session';

/** Everything the console needs from the outside world, built once at start-up (tests build their own). */
export interface AppServices {
  session: SessionStore;
  api: ApiClient;
  queryClient: QueryClient;
  i18n: I18n;
  /** Opens the real-time connection for the logged-in staff member. */
  createRealtime: () => Realtime;
}

/** Why the last session ended, shown once on the login screen. */
export const SESSION_END_KEY = 'staffSessionEndReason';

export function createAppServices(): AppServices {
  const locale = detectLocale();
  document.documentElement.lang = htmlLang(locale);
  const i18n = createI18n(locale);
  const session = createSessionStore();
  const api = createApiClient({
    session,
    locale: () => i18n.language,
    onSessionEnded: (reason: SessionEndReason) => sessionStorage.setItem(SESSION_END_KEY, reason),
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
  });

  const createRealtime = () =>
    createMqttRealtime({
      url: brokerUrl(window.location, MQTT_PATH),
      async credentials(forceRefresh) {
        let current = session.get();
        if (!current) return null;
        // A token about to run out is renewed before the broker sees it (the apps' one rule).
        if (forceRefresh || renewalDue(current.accessToken)) {
          if (!(await api.refresh())) {
            session.clear();
            sessionStorage.setItem(SESSION_END_KEY, 'expired');
            return null;
          }
          current = session.get();
          if (!current) return null;
        }
        return { username: current.loginId, password: current.accessToken };
      },
    });

  return { session, api, queryClient, i18n, createRealtime };
}
