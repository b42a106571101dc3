import type { APIRequestContext } from '@playwright/test';
import { API_PREFIX, apiPaths } from '@smartcare/contract/api-paths';
import type { TokenPair } from '@smartcare/contract/auth';
import type { Envelope } from '@smartcare/contract/envelope';
import { ResultCode } from '@smartcare/contract/result-codes';

/** The password of every demo account the seed creates (README, brief). */
export const DEMO_PASSWORD = 'Demo1234!';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallOptions {
  /** Bearer access token; omitted for login, refresh and public calls. */
  token?: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ApiResponse<T> {
  status: number;
  envelope: Envelope<T>;
}

/**
 * A small client for the server's REST API in tests: the envelope typed, the prefix
 * added, the bearer header set. `call` returns whatever the server said; `data` insists
 * on success and says what went wrong otherwise, so a failing setup reads clearly.
 */
export class Api {
  constructor(private readonly request: APIRequestContext) {}

  async call<T>(method: Method, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
    const params: Record<string, string | number | boolean> = {};
    for (const [key, value] of Object.entries(options.query ?? {}))
      if (value !== undefined) params[key] = value;
    const response = await this.request.fetch(`${API_PREFIX}${path}`, {
      method,
      params,
      headers: {
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { data: options.body } : {}),
    });
    const text = await response.text();
    let envelope: Envelope<T>;
    try {
      envelope = JSON.parse(text) as Envelope<T>;
    } catch {
      throw new Error(`${method} ${path}: HTTP ${response.status}, not JSON: ${text.slice(0, 200)}`);
    }
    return { status: response.status(), envelope };
  }

  async data<T>(method: Method, path: string, options: CallOptions = {}): Promise<T> {
    const { status, envelope } = await this.call<T>(method, path, options);
    if (envelope.code !== ResultCode.SUCCESS || envelope.data === null) {
      throw new Error(`${method} ${path}: HTTP ${status}, code ${envelope.code} — ${envelope.description}`);
    }
    return envelope.data;
  }

  loginPatient(loginId: string, password = DEMO_PASSWORD): Promise<TokenPair> {
    return this.data<TokenPair>('POST', apiPaths.patient.login, { body: { loginId, password } });
  }

  /**
   * The staff refresh token comes as an HttpOnly cookie (issue 10 point 19), the body's is
   * empty: it is taken from the answer's Set-Cookie, for tests that seed a session or refresh.
   */
  async loginStaff(loginId: string, password = DEMO_PASSWORD): Promise<TokenPair> {
    const response = await this.request.fetch(`${API_PREFIX}${apiPaths.staff.login}`, {
      method: 'POST',
      data: { loginId, password },
    });
    const envelope = (await response.json()) as Envelope<TokenPair>;
    if (envelope.code !== ResultCode.SUCCESS || !envelope.data)
      throw new Error(`staff login ${loginId}: code ${envelope.code} — ${envelope.description}`);
    const cookie = /smartcareStaffRefresh=([^;]+)/.exec(response.headers()['set-cookie'] ?? '')?.[1];
    return envelope.data.refreshToken || !cookie
      ? envelope.data
      : { ...envelope.data, refreshToken: decodeURIComponent(cookie) };
  }
}
