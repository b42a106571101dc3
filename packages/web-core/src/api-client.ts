import { API_PREFIX } from '@smartcare/contract/api-paths';
// Types only: the contract's schemas (zod) must stay out of the patient app's first screen.
import type { TokenPair } from '@smartcare/contract/auth';
import type { Envelope } from '@smartcare/contract/envelope';
import { ResultCode } from '@smartcare/contract/result-code-values';

/**
 * The API client both apps use (spec §7, §8): the envelope, the bearer token, one shared
 * refresh under a Web Lock on 30002003 and the request once more, and the end of the session
 * on a refused refresh or 30002007. What differs between the apps (where tokens live, the
 * refresh path, what the user is told, where they go) is passed in.
 */
export type ApiResponse<T> = Envelope<T> | Record<string, never>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** With the bearer token; by default every path but the client's `publicPaths`. */
  auth?: boolean;
}

/** A failed call: the server's code, its description and data (field errors, retry-after). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly data: unknown = null,
  ) {
    super(description || `API error ${code}`);
    this.name = 'ApiError';
  }

  /** Per-field messages of a VALIDATION_FAILED answer, already in the request's language. */
  fieldErrors(): { field: string; message: string }[] {
    const fields = (this.data as { fields?: unknown } | null)?.fields;
    return Array.isArray(fields) ? (fields as { field: string; message: string }[]) : [];
  }
}

/** The request never reached the server (offline, DNS, CORS). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('network', { cause });
    this.name = 'NetworkError';
  }
}

/**
 * Why the client ended a session: no pair was stored to refresh with, the server refused
 * the refresh (expired, or revoked after a reused refresh token), or it answered 30002007.
 */
export type SessionEnd = 'missing' | 'refused' | 'notLoggedIn';

export interface TokenStore {
  /** The current pair, read fresh (another tab may have rotated it); null when there is none. */
  tokens(): { accessToken: string; refreshToken: string } | null;
  save(pair: TokenPair): void;
  clear(): void;
}

export interface ApiClientConfig {
  tokens: TokenStore;
  /** The refresh call's path (spec §7) and the Web Lock that serialises it across tabs. */
  refreshPath: string;
  refreshLock: string;
  /** Paths sent without the bearer token (login, refresh). */
  publicPaths?: readonly string[];
  /** Scheme and host before the fixed prefix; '' (same origin) by default. */
  host?: () => string;
  locale?: () => string;
  fetch?: typeof fetch;
  /** What an empty body stands for; `{}` by default. */
  emptyBody?: (status: number) => ApiResponse<never>;
  /** The error an unreachable server becomes; a NetworkError by default. */
  networkError?: (cause: unknown) => Error;
  /** After the tokens are cleared: tell the user, go to the login. Once per refused refresh. */
  onSessionEnded?: (reason: SessionEnd) => void | Promise<void>;
  onRefreshed?: () => void;
}

export interface ApiClient {
  /** The raw answer after the one refresh-and-retry the spec allows; other failures as they came. */
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** The data of a successful call (null for an empty body), or an ApiError. */
  call<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  /**
   * Renews the pair unless it no longer is `staleAccessToken` (then someone already did);
   * false when the user has to log in again (the session is then ended). Rejects with the
   * network error when the server could not be reached: the session is kept.
   */
  refresh(staleAccessToken?: string | null): Promise<boolean>;
  /** The base URL, prefix included. */
  baseUrl(): string;
}

/** Header names of the refresh call (spec §7; the contract's REFRESH_HEADERS, kept zod-free here). */
export const REFRESH_ACCESS_HEADER = 'AccessToken';
export const REFRESH_REFRESH_HEADER = 'RefreshToken';

export function codeOf(body: ApiResponse<unknown>): number | undefined {
  return (body as Partial<Envelope<unknown>>).code;
}

export function createApiClient(config: ApiClientConfig): ApiClient {
  const doFetch = config.fetch ?? ((input, init) => fetch(input, init));
  const publicPaths = new Set(config.publicPaths ?? []);
  const networkErrors = new WeakSet<Error>();
  let refreshInFlight: Promise<boolean> | null = null;

  const baseUrl = () => `${config.host?.() ?? ''}${API_PREFIX}`;

  function buildUrl(path: string, query?: Record<string, QueryValue>): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
    const search = params.toString();
    return `${baseUrl()}${path}${search ? `?${search}` : ''}`;
  }

  async function readBody<T>(response: Response): Promise<ApiResponse<T>> {
    const text = await response.text();
    if (!text.trim()) return config.emptyBody?.(response.status) ?? {};
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
      response = await doFetch(buildUrl(path, options.query), {
        method,
        headers: {
          Accept: 'application/json',
          ...(config.locale ? { 'Accept-Language': config.locale() } : {}),
          ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
          ...headers,
        },
        body: hasBody ? JSON.stringify(options.body) : undefined,
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      const failure = config.networkError?.(error) ?? new NetworkError(error);
      networkErrors.add(failure);
      throw failure;
    }
    return { status: response.status, body: await readBody<T>(response) };
  }

  async function endSession(reason: SessionEnd): Promise<void> {
    config.tokens.clear();
    await config.onSessionEnded?.(reason);
  }

  async function refreshUnderLock(staleAccessToken: string | null | undefined): Promise<boolean> {
    const pair = config.tokens.tokens();
    if (!pair) {
      await endSession('missing');
      return false;
    }
    // Another tab (or an earlier request) already rotated the pair: use it, never present the
    // old refresh token again — the server would treat that as theft and revoke the session.
    if (staleAccessToken && pair.accessToken !== staleAccessToken) return true;
    const { status, body } = await send<TokenPair>(
      'POST',
      config.refreshPath,
      {},
      {
        [REFRESH_ACCESS_HEADER]: pair.accessToken,
        // The staff console's refresh token travels in an HttpOnly cookie: then there is none here.
        ...(pair.refreshToken ? { [REFRESH_REFRESH_HEADER]: pair.refreshToken } : {}),
      },
    );
    const renewed = (body as Partial<Envelope<TokenPair>>).data;
    // Spec §4: a 400 or no pair means the session cannot be renewed. Ended here, not per
    // request: requests that expired together share this refresh, so the user is told once.
    if (status === 400 || codeOf(body) !== ResultCode.SUCCESS || !renewed?.accessToken) {
      await endSession('refused');
      return false;
    }
    config.tokens.save(renewed);
    config.onRefreshed?.();
    return true;
  }

  async function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!locks?.request) return work();
    return locks.request(config.refreshLock, work) as Promise<T>;
  }

  function refresh(staleAccessToken?: string | null): Promise<boolean> {
    // One refresh at a time in this tab; the Web Lock serialises tabs.
    refreshInFlight ??= withRefreshLock(() => refreshUnderLock(staleAccessToken))
      .catch(async (error: unknown) => {
        // Unreachable is not refused: the pair may still be good (a dropped Wi-Fi must not log out).
        if (error instanceof Error && networkErrors.has(error)) throw error;
        await endSession('refused');
        return false;
      })
      .finally(() => {
        refreshInFlight = null;
      });
    return refreshInFlight;
  }

  async function request<T>(
    method: HttpMethod,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const authenticated = options.auth ?? !publicPaths.has(path);
    const bearer = (): Record<string, string> => {
      const token = authenticated ? config.tokens.tokens()?.accessToken : undefined;
      return token ? { Authorization: `Bearer ${token}` } : {};
    };
    const sentToken = authenticated ? (config.tokens.tokens()?.accessToken ?? null) : null;
    let { body } = await send<T>(method, path, options, bearer());

    if (authenticated && codeOf(body) === ResultCode.TOKEN_EXPIRED) {
      if (!(await refresh(sentToken))) return body;
      // Once only: a second expiry is returned as it is rather than looping.
      ({ body } = await send<T>(method, path, options, bearer()));
    }
    if (authenticated && codeOf(body) === ResultCode.NOT_LOGGED_IN) await endSession('notLoggedIn');
    return body;
  }

  async function call<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    const body = await request<T>(method, path, options);
    const code = codeOf(body);
    // An empty body (`{}`) is a success without data, e.g. a 204.
    if (code === undefined) return null as T;
    if (code !== ResultCode.SUCCESS) {
      const envelope = body as Envelope<unknown>;
      throw new ApiError(code, envelope.description, envelope.data);
    }
    return (body as Envelope<T>).data as T;
  }

  return { request, call, refresh, baseUrl };
}
