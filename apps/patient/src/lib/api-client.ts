import { API_PREFIX, apiPaths } from '@smartcare/contract/api-paths';
// Types only: the contract's schemas (zod) must stay out of the first screen's bundle.
import type { TokenPair } from '@smartcare/contract/auth';
import type { Envelope } from '@smartcare/contract/envelope';
import { ResultCode } from '@smartcare/contract/result-code-values';
import { areaConfig, areaOfPath } from '../config/area';
import { ApiError, NetworkError } from './api-error';
import { currentLocale, i18next } from './i18n';
import { getPushToken } from './native-bridge';
import { currentPath, navigateTo } from './navigation';
import { detectPlatform } from './platform';
import { notifyLogout } from './realtime-seam';
import { session } from './session';
import { readStorage, storageKeys } from './storage-keys';
import { toast } from './toast';

/**
 * The one API client (spec §7, §8). Host = same origin or the localStorage override, then
 * the fixed prefix; query and JSON body when given; bearer token except login and refresh.
 * 30002003 → one shared refresh, then the request once more; 30002007 → toast, clear the
 * session, the area's login. Anything else is returned as it came; an empty body is `{}`.
 */
export type ApiResponse<T> = Envelope<T> | Record<string, never>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
}

/** Header names of the refresh call (spec §7; the contract's REFRESH_HEADERS, kept zod-free here). */
const REFRESH_ACCESS_HEADER = 'AccessToken';
const REFRESH_REFRESH_HEADER = 'RefreshToken';
const REFRESH_LOCK = 'smartcare-patient-token-refresh';
const UNAUTHENTICATED = new Set<string>([
  apiPaths.patient.login,
  apiPaths.patient.iosLogin,
  apiPaths.patient.refresh,
]);

export function apiBaseUrl(): string {
  const override = readStorage(storageKeys.apiAddress)?.trim();
  const host = override && /^https?:\/\/[^\s]+$/i.test(override) ? override.replace(/\/+$/, '') : '';
  return `${host}${API_PREFIX}`;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${apiBaseUrl()}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody<T>(response: Response): Promise<ApiResponse<T>> {
  const text = await response.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as ApiResponse<T>;
  } catch {
    // A proxy's HTML error page is not an envelope; say so in the envelope's words.
    return { code: ResultCode.SERVER_ERROR, description: '', data: null };
  }
}

async function send<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions,
  headers: Record<string, string>,
): Promise<{ status: number; body: ApiResponse<T> }> {
  const hasBody = options.body !== undefined;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers: {
        Accept: 'application/json',
        'Accept-Language': currentLocale(),
        ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
  return { status: response.status, body: await readBody<T>(response) };
}

function bearer(accessToken: string | null): Record<string, string> {
  return accessToken ? { Authorization: `Bearer ${accessToken}` } : {};
}

/** The failure route of the area the patient is in (spec §2: /hospital/login or /homeCare/login). */
export function sessionFailureRoute(path: string = currentPath()): string {
  return areaConfig[areaOfPath(path)].sessionFailure;
}

function codeOf(body: ApiResponse<unknown>): number | undefined {
  return (body as Partial<Envelope<unknown>>).code;
}

export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const authenticated = !UNAUTHENTICATED.has(path);
  const sentToken = authenticated ? session.tokens().accessToken : null;
  let { body } = await send<T>(method, path, options, bearer(sentToken));

  if (authenticated && codeOf(body) === ResultCode.TOKEN_EXPIRED) {
    const loginNeeded = await refreshSession(sentToken);
    if (loginNeeded) {
      navigateTo(sessionFailureRoute());
      return body;
    }
    // Once only: a second expiry is returned as it is rather than looping.
    ({ body } = await send<T>(method, path, options, bearer(session.tokens().accessToken)));
  }

  if (authenticated && codeOf(body) === ResultCode.NOT_LOGGED_IN) {
    toast.error(i18next.t('session.pleaseLogin'));
    await endSession();
    navigateTo(sessionFailureRoute());
  }
  return body;
}

/** For screens: the data of a successful call, or an ApiError to show. */
export async function callApi<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  const body = await apiRequest<T>(method, path, options);
  const code = codeOf(body);
  // An empty body (`{}`) is a success without data, e.g. a 204.
  if (code === undefined) return null as T;
  if (code !== ResultCode.SUCCESS) {
    const envelope = body as Envelope<unknown>;
    throw new ApiError(code, envelope.description, envelope.data);
  }
  return (body as Envelope<T>).data as T;
}

export async function endSession(): Promise<void> {
  session.clear();
  await notifyLogout();
}

// --- Refresh -------------------------------------------------------------------------

let refreshInFlight: Promise<boolean> | null = null;

/**
 * Resolves `true` when login is needed (spec §4). Requests that expire together share one
 * refresh in this tab; the Web Lock serialises tabs, and the pair is re-read inside the
 * lock so a second tab uses the pair the first one already rotated instead of presenting
 * a used refresh token (which the server treats as theft and revokes the session).
 */
export function refreshSession(staleAccessToken: string | null): Promise<boolean> {
  refreshInFlight ??= withRefreshLock(() => refreshUnderLock(staleAccessToken)).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks?.request) return work();
  return locks.request(REFRESH_LOCK, work) as Promise<T>;
}

async function refreshUnderLock(staleAccessToken: string | null): Promise<boolean> {
  const { accessToken, refreshToken } = session.tokens();
  if (!accessToken || !refreshToken) {
    await endSession();
    return true;
  }
  if (staleAccessToken && accessToken !== staleAccessToken) return false;

  const { status, body } = await send<TokenPair>(
    'POST',
    apiPaths.patient.refresh,
    {},
    { [REFRESH_ACCESS_HEADER]: accessToken, [REFRESH_REFRESH_HEADER]: refreshToken },
  );
  const pair = (body as Partial<Envelope<TokenPair>>).data;
  if (status === 400 || !pair?.accessToken || !pair.refreshToken) {
    // The server ended the session (expired, or revoked after a reused refresh token): say
    // so, as on 30002007. Here, not in apiRequest: requests that expired together share
    // this one refresh, so the patient sees the notice once.
    toast.error(i18next.t('session.pleaseLogin'));
    await endSession();
    return true;
  }
  session.setTokens(pair);
  void uploadPushToken();
  return false;
}

/** After login or refresh (spec §4): the native wrapper's push token, when there is one. */
export async function uploadPushToken(): Promise<void> {
  const platform = detectPlatform();
  const fcmToken = await getPushToken(platform);
  if (!fcmToken) return;
  try {
    await apiRequest('PUT', apiPaths.patient.updateFcmToken, { body: { fcmToken, platform } });
  } catch {
    // Push is a convenience; the session works without it and the next login retries.
  }
}
