import { createContext, useContext } from 'react';
import { API_PREFIX, apiPaths } from '@smartcare/contract/api-paths';
import { REFRESH_HEADERS, type TokenPair } from '@smartcare/contract/auth';
import type { Envelope } from '@smartcare/contract/envelope';
import { ResultCode } from '@smartcare/contract/result-codes';
import type { SessionStore } from './session';

/** A failed call: the server's code and description, or NETWORK_ERROR when it never answered. */
export class ApiError extends Error {
  readonly code: number;
  readonly description: string;
  readonly data: unknown;
  constructor(code: number, description: string, data: unknown = null) {
    super(description || `API error ${code}`);
    this.name = 'ApiError';
    this.code = code;
    this.description = description;
    this.data = data;
  }
}

/** Not a server code: the request never got an answer (offline, server down). */
export const NETWORK_ERROR = -1;

export type SessionEndReason = 'expired' | 'notLoggedIn';

export interface ApiRequest {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Login and refresh go without the bearer header (spec §6). */
  auth?: boolean;
}

export interface ApiClient {
  /** The raw envelope, after the one refresh-and-retry the spec allows (§8). */
  request<T>(method: string, path: string, options?: ApiRequest): Promise<Envelope<T>>;
  /** The envelope's data on success; an ApiError otherwise. */
  call<T>(method: string, path: string, options?: ApiRequest): Promise<T>;
  /**
   * Renews the tokens; false when the staff member has to log in again. Rejects with a
   * NETWORK_ERROR ApiError when the server could not be reached (the session is kept).
   */
  refresh(): Promise<boolean>;
}

export interface ApiClientOptions {
  session: SessionStore;
  fetch?: typeof fetch;
  /** Origin of the server; the console is served by it, so the default is the page's own. */
  baseUrl?: string;
  locale?: () => string;
  onSessionEnded?: (reason: SessionEndReason) => void;
}

const REFRESH_LOCK = 'smartcare-staff-refresh';

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { session } = options;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const baseUrl = options.baseUrl ?? '';
  let refreshing: Promise<boolean> | null = null;

  function url(path: string, query?: ApiRequest['query']): string {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) search.set(key, String(value));
    }
    const qs = search.toString();
    return `${baseUrl}${API_PREFIX}${path}${qs ? `?${qs}` : ''}`;
  }

  async function send<T>(method: string, path: string, req: ApiRequest, headers: Record<string, string>) {
    const init: RequestInit = { method, headers: { ...headers } };
    if (options.locale) (init.headers as Record<string, string>)['Accept-Language'] = options.locale();
    if (req.body !== undefined) {
      (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
      init.body = JSON.stringify(req.body);
    }
    let response: Response;
    try {
      response = await doFetch(url(path, req.query), init);
    } catch (error) {
      throw new ApiError(NETWORK_ERROR, error instanceof Error ? error.message : String(error));
    }
    const text = await response.text();
    if (!text) {
      return {
        status: response.status,
        envelope: {
          code: response.ok ? ResultCode.SUCCESS : ResultCode.SERVER_ERROR,
          description: '',
          data: null,
        } as Envelope<T>,
      };
    }
    try {
      return { status: response.status, envelope: JSON.parse(text) as Envelope<T> };
    } catch {
      return {
        status: response.status,
        envelope: { code: ResultCode.SERVER_ERROR, description: '', data: null } as Envelope<T>,
      };
    }
  }

  async function refreshOnce(failedAccessToken: string | undefined): Promise<boolean> {
    const current = session.get();
    if (!current) return false;
    // Another tab (or an earlier request) already renewed the pair: use it, never present
    // the old refresh token again — the server would treat that as theft (RFC 9700).
    if (failedAccessToken !== undefined && current.accessToken !== failedAccessToken) return true;
    const { status, envelope } = await send<TokenPair>(
      'POST',
      apiPaths.staff.refresh,
      {},
      {
        [REFRESH_HEADERS.accessToken]: current.accessToken,
        [REFRESH_HEADERS.refreshToken]: current.refreshToken,
      },
    );
    // Spec §4: a 400 or no data means the session cannot be renewed.
    if (status === 400 || envelope.code !== ResultCode.SUCCESS || !envelope.data) return false;
    session.saveTokens(envelope.data);
    return true;
  }

  function refresh(failedAccessToken?: string): Promise<boolean> {
    // One refresh at a time in this tab, and across tabs when the browser has Web Locks.
    refreshing ??= (async () => {
      try {
        const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
        if (locks) return await locks.request(REFRESH_LOCK, () => refreshOnce(failedAccessToken));
        return await refreshOnce(failedAccessToken);
      } catch (error) {
        // Unreachable is not refused: the pair may still be good, so the session stays and
        // the caller sees a network error (a dropped Wi-Fi must not log a nurse out).
        if (error instanceof ApiError && error.code === NETWORK_ERROR) throw error;
        return false;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  function endSession(reason: SessionEndReason) {
    session.clear();
    options.onSessionEnded?.(reason);
  }

  async function request<T>(method: string, path: string, req: ApiRequest = {}): Promise<Envelope<T>> {
    const auth = req.auth ?? true;
    const bearer = (): Record<string, string> => {
      const token = session.get()?.accessToken;
      return auth && token ? { Authorization: `Bearer ${token}` } : {};
    };
    const usedToken = session.get()?.accessToken;
    let { envelope } = await send<T>(method, path, req, bearer());
    if (auth && envelope.code === ResultCode.TOKEN_EXPIRED) {
      if (!(await refresh(usedToken))) {
        endSession('expired');
        return envelope;
      }
      ({ envelope } = await send<T>(method, path, req, bearer()));
    }
    if (auth && envelope.code === ResultCode.NOT_LOGGED_IN) endSession('notLoggedIn');
    return envelope;
  }

  async function call<T>(method: string, path: string, req?: ApiRequest): Promise<T> {
    const envelope = await request<T>(method, path, req);
    if (envelope.code !== ResultCode.SUCCESS)
      throw new ApiError(envelope.code, envelope.description, envelope.data);
    return envelope.data as T;
  }

  return { request, call, refresh: () => refresh() };
}

export const ApiClientContext = createContext<ApiClient | null>(null);

export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient needs an ApiClientContext provider');
  return client;
}
