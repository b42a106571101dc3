import { createContext, useContext } from 'react';
import { apiCallRoutes } from '@smartcare/contract/api-call-routes';
import type { ApiCalls } from '@smartcare/contract/api-calls';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { Envelope } from '@smartcare/contract/envelope';
import { ResultCode } from '@smartcare/contract/result-codes';
import {
  ApiError,
  createApiClient as createCoreClient,
  type HttpMethod,
  type QueryValue,
} from '@smartcare/web-core/api-client';
import { createTypedApi, type TypedApi } from '@smartcare/web-core/typed-api';
import type { SessionStore } from './session';

export { ApiError };

/** Not a server code: the request never got an answer (offline, server down). */
export const NETWORK_ERROR = -1;

export type SessionEndReason = 'expired' | 'notLoggedIn';

export interface ApiRequest {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Login and refresh go without the bearer header (spec §6). */
  auth?: boolean;
}

export interface ApiClient {
  /** The raw envelope, after the one refresh-and-retry the spec allows (§8). */
  request<T>(method: HttpMethod, path: string, options?: ApiRequest): Promise<Envelope<T>>;
  /** The envelope's data on success; an ApiError otherwise. */
  call<T>(method: HttpMethod, path: string, options?: ApiRequest): Promise<T>;
  /**
   * Renews the tokens; false when the staff member has to log in again. Rejects with a
   * NETWORK_ERROR ApiError when the server could not be reached (the session is kept).
   */
  refresh(): Promise<boolean>;
  /** Every call of the contract, typed by it: `client.api.nurseCall.getOpenCalls()`. */
  api: TypedApi<ApiCalls>;
}

export interface ApiClientOptions {
  session: SessionStore;
  fetch?: typeof fetch;
  /** Origin of the server; the console is served by it, so the default is the page's own. */
  baseUrl?: string;
  locale?: () => string;
  onSessionEnded?: (reason: SessionEndReason) => void;
}

/** The staff console's API client: the shared core with the staff session and its reasons. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { session } = options;
  const core = createCoreClient({
    tokens: {
      tokens() {
        const current = session.get();
        return current && { accessToken: current.accessToken, refreshToken: current.refreshToken };
      },
      save: (pair) => session.saveTokens(pair),
      clear: () => session.clear(),
    },
    refreshPath: apiPaths.staff.refresh,
    refreshLock: 'smartcare-staff-refresh',
    publicPaths: [apiPaths.staff.login, apiPaths.staff.refresh],
    host: () => options.baseUrl ?? '',
    locale: options.locale,
    fetch: options.fetch,
    // Every answer is an envelope here: an empty body says only whether the status was good.
    emptyBody: (status) => ({
      code: status >= 200 && status < 300 ? ResultCode.SUCCESS : ResultCode.SERVER_ERROR,
      description: '',
      data: null,
    }),
    networkError: (error) =>
      new ApiError(NETWORK_ERROR, error instanceof Error ? error.message : String(error)),
    onSessionEnded: (reason) => options.onSessionEnded?.(reason === 'notLoggedIn' ? reason : 'expired'),
  });

  return {
    request: <T>(method: HttpMethod, path: string, req?: ApiRequest) =>
      core.request<T>(method, path, req) as Promise<Envelope<T>>,
    call: (method, path, req) => core.call(method, path, req),
    refresh: () => core.refresh(),
    api: createTypedApi<ApiCalls>(apiCallRoutes, core.call),
  };
}

export const ApiClientContext = createContext<ApiClient | null>(null);

export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient needs an ApiClientContext provider');
  return client;
}
