import { apiCallRoutes } from '@smartcare/contract/api-call-routes';
// Types only: the schemas give each call its type; zod stays out of the first screen.
import type { ApiCalls } from '@smartcare/contract/api-calls';
import { apiPaths } from '@smartcare/contract/api-paths';
import {
  createApiClient,
  NetworkError,
  type ApiClient,
  type ApiResponse,
  type HttpMethod,
  type QueryValue,
  type RequestOptions,
} from '@smartcare/web-core/api-client';
import { createTypedApi, createTypedEnvelopes } from '@smartcare/web-core/typed-api';
import { areaConfig, areaOfPath } from '../config/area';
import { currentLocale, i18next } from './i18n';
import { getPushToken } from './native-bridge';
import { currentPath, navigateTo } from './navigation';
import { detectPlatform } from './platform';
import { notifyLogout } from './realtime-seam';
import { session } from './session';
import { readStorage, storageKeys } from './storage-keys';
import { toast } from './toast';

export type { ApiResponse, HttpMethod, QueryValue, RequestOptions };

/**
 * The patient app's API client (spec §7, §8): the shared core with the spec's storage keys,
 * the host override from localStorage, the Korean notice and the area's login route.
 */
function apiHost(): string {
  const override = readStorage(storageKeys.apiAddress)?.trim();
  return override && /^https?:\/\/[^\s]+$/i.test(override) ? override.replace(/\/+$/, '') : '';
}

/** The failure route of the area the patient is in (spec §2: /hospital/login or /homeCare/login). */
export function sessionFailureRoute(path: string = currentPath()): string {
  return areaConfig[areaOfPath(path)].sessionFailure;
}

const client = createApiClient({
  tokens: {
    tokens() {
      const { accessToken, refreshToken } = session.tokens();
      return accessToken && refreshToken ? { accessToken, refreshToken } : null;
    },
    save: (pair) => session.setTokens(pair),
    clear: () => session.clear(),
  },
  refreshPath: apiPaths.patient.refresh,
  refreshLock: 'smartcare-patient-token-refresh',
  publicPaths: [
    apiPaths.patient.login,
    apiPaths.patient.iosLogin,
    apiPaths.patient.refresh,
    // issue 12 — Kakao login: a refusal there is no session ending
    apiPaths.kakao.getConfig,
    apiPaths.kakao.start,
    apiPaths.kakao.login,
    apiPaths.kakao.link,
    apiPaths.kakao.signUp,
  ],
  host: apiHost,
  locale: currentLocale,
  async onSessionEnded(reason) {
    // Without a stored pair there was no session to lose: no notice, only the login.
    if (reason !== 'missing') toast.error(i18next.t('session.pleaseLogin'));
    await notifyLogout();
    navigateTo(sessionFailureRoute());
  },
  onRefreshed: () => void uploadPushToken(),
});

export const apiBaseUrl = client.baseUrl;

/**
 * Offline, a change is refused before it is sent (issue 12): it fails at once with a
 * NetworkError, which screens show as "no internet connection, try again once connected".
 * Reads still go out (the query layer pauses them and shows what it kept).
 */
function changeWhileOffline(method: HttpMethod): boolean {
  return method !== 'GET' && typeof navigator !== 'undefined' && navigator.onLine === false;
}

const call: ApiClient['call'] = (method, path, options) =>
  changeWhileOffline(method)
    ? Promise.reject(new NetworkError(new Error('offline')))
    : client.call(method, path, options);

const request: ApiClient['request'] = (method, path, options) =>
  changeWhileOffline(method)
    ? Promise.reject(new NetworkError(new Error('offline')))
    : client.request(method, path, options);

/** Every call of the contract, typed by it: `api.patient.getMyData()`. */
export const api = createTypedApi<ApiCalls>(apiCallRoutes, call);

/** The same calls answering with the whole envelope (login reads a refusal's data). */
export const apiEnvelope = createTypedEnvelopes<ApiCalls>(apiCallRoutes, request);

export function apiRequest<T>(method: HttpMethod, path: string, options?: RequestOptions) {
  return request<T>(method, path, options);
}

/** For screens: the data of a successful call, or an ApiError to show. */
export function callApi<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T> {
  return call<T>(method, path, options);
}

export async function endSession(): Promise<void> {
  session.clear();
  await notifyLogout();
}

/** Resolves `true` when login is needed (spec §4); requests that expire together share one refresh. */
export async function refreshSession(staleAccessToken: string | null): Promise<boolean> {
  return !(await client.refresh(staleAccessToken));
}

/** After login or refresh (spec §4): the native wrapper's push token, when there is one. */
export async function uploadPushToken(): Promise<void> {
  const platform = detectPlatform();
  const fcmToken = await getPushToken(platform);
  if (!fcmToken) return;
  try {
    await api.patient.updateFcmToken({ body: { fcmToken, platform } });
  } catch {
    // Push is a convenience; the session works without it and the next login retries.
  }
}
