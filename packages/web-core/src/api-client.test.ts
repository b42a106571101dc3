import { REFRESH_HEADERS, type TokenPair } from '@smartcare/contract/auth';
import { ResultCode } from '@smartcare/contract/result-codes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  createApiClient,
  NetworkError,
  REFRESH_ACCESS_HEADER,
  REFRESH_REFRESH_HEADER,
  type ApiClientConfig,
  type SessionEnd,
} from './api-client';

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}
type Route = (seen: Seen) => Response | Promise<Response>;

const envelope = (code: number, data: unknown = null, status = 200) =>
  new Response(JSON.stringify({ code, description: '', data }), { status });

/** A client over a fetch answered by `routes` ("METHOD /path"), with its tokens in memory. */
function setUp(routes: Record<string, Route>, pair: TokenPair | null, extra: Partial<ApiClientConfig> = {}) {
  let stored = pair;
  const seen: Seen[] = [];
  const ended: SessionEnd[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const url = String(input);
    const path = new URL(url, 'http://app.test').pathname.replace('/medical2/app/api', '');
    const request: Seen = {
      method: init?.method ?? 'GET',
      url,
      headers: { ...(init?.headers as Record<string, string>) },
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    seen.push(request);
    const route = routes[`${request.method} ${path}`];
    return route ? route(request) : envelope(ResultCode.NOT_FOUND, null, 404);
  };
  const client = createApiClient({
    tokens: {
      tokens: () => stored,
      save: (next) => (stored = next),
      clear: () => (stored = null),
    },
    refreshPath: '/auth/refresh',
    refreshLock: 'test-refresh',
    publicPaths: ['/auth/login', '/auth/refresh'],
    fetch: fetchFn,
    onSessionEnded: (reason) => void ended.push(reason),
    ...extra,
  });
  return { client, seen, ended, stored: () => stored };
}

const acceptingOnly =
  (token: string): Route =>
  (seen) =>
    seen.headers.Authorization === `Bearer ${token}`
      ? envelope(ResultCode.SUCCESS, { ok: true })
      : envelope(ResultCode.TOKEN_EXPIRED, null, 401);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the shared API client core', () => {
  it('names the refresh headers as the contract does (kept zod-free for the first screen)', () => {
    expect(REFRESH_ACCESS_HEADER).toBe(REFRESH_HEADERS.accessToken);
    expect(REFRESH_REFRESH_HEADER).toBe(REFRESH_HEADERS.refreshToken);
  });

  it('sends the bearer, the query and the body under host + prefix, and login without the bearer', async () => {
    const { client, seen } = setUp(
      {
        'PUT /x': () => envelope(ResultCode.SUCCESS, 1),
        'POST /auth/login': () => envelope(ResultCode.SUCCESS, 2),
      },
      { accessToken: 'a1', refreshToken: 'r1' },
      { host: () => 'https://api.example.org', locale: () => 'ko-KR' },
    );
    await expect(
      client.call('PUT', '/x', { query: { a: 1, b: undefined, c: null }, body: { k: 'v' } }),
    ).resolves.toBe(1);
    await expect(client.call('POST', '/auth/login', { body: {} })).resolves.toBe(2);
    expect(seen[0]).toMatchObject({
      url: 'https://api.example.org/medical2/app/api/x?a=1',
      headers: { Authorization: 'Bearer a1', 'Accept-Language': 'ko-KR', 'Content-Type': 'application/json' },
      body: { k: 'v' },
    });
    expect(seen[1]!.headers.Authorization).toBeUndefined();
  });

  it('refreshes once under the Web Lock for calls that expire together, retries each, and ends nothing', async () => {
    const lock = vi.fn(async (_name: string, work: () => Promise<unknown>) => work());
    vi.stubGlobal('navigator', { locks: { request: lock } });
    const { client, seen, ended, stored } = setUp(
      {
        'GET /x': acceptingOnly('a2'),
        'POST /auth/refresh': async () => {
          await new Promise((resolve) => setTimeout(resolve, 10));
          return envelope(ResultCode.SUCCESS, { accessToken: 'a2', refreshToken: 'r2' });
        },
      },
      { accessToken: 'a1', refreshToken: 'r1' },
    );
    const answers = await Promise.all([1, 2, 3].map(() => client.call('GET', '/x')));
    expect(answers).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    const refreshes = seen.filter((s) => s.url.endsWith('/auth/refresh'));
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]!.headers).toMatchObject({ AccessToken: 'a1', RefreshToken: 'r1' });
    expect(refreshes[0]!.headers.Authorization).toBeUndefined();
    expect(lock).toHaveBeenCalledTimes(1);
    expect(lock).toHaveBeenCalledWith('test-refresh', expect.any(Function));
    expect(stored()).toEqual({ accessToken: 'a2', refreshToken: 'r2' });
    expect(ended).toEqual([]);
  });

  it('ends the session once when the refresh of several expired calls is refused, returning each answer', async () => {
    const { client, ended, stored } = setUp(
      {
        'GET /x': () => envelope(ResultCode.TOKEN_EXPIRED, null, 401),
        'POST /auth/refresh': async () => {
          await new Promise((resolve) => setTimeout(resolve, 10));
          return envelope(ResultCode.REFRESH_TOKEN_REUSED, null, 400);
        },
      },
      { accessToken: 'a1', refreshToken: 'r1' },
    );
    const answers = await Promise.all([1, 2, 3].map(() => client.request('GET', '/x')));
    expect(answers.map((a) => a.code)).toEqual(Array(3).fill(ResultCode.TOKEN_EXPIRED));
    expect(ended).toEqual(['refused']);
    expect(stored()).toBeNull();
  });

  it('omits the RefreshToken header when the refresh token lives in a cookie', async () => {
    const { client, seen } = setUp(
      {
        'GET /x': acceptingOnly('a2'),
        'POST /auth/refresh': () => envelope(ResultCode.SUCCESS, { accessToken: 'a2', refreshToken: '' }),
      },
      { accessToken: 'a1', refreshToken: '' },
    );
    await client.call('GET', '/x');
    expect(seen[1]!.headers.AccessToken).toBe('a1');
    expect(seen[1]!.headers).not.toHaveProperty('RefreshToken');
  });

  it('keeps the pair when the refresh cannot reach the server, and rejects with the network error', async () => {
    let online = false;
    const { client, ended, stored } = setUp(
      {
        'GET /x': acceptingOnly('a2'),
        'POST /auth/refresh': () => {
          if (!online) throw new TypeError('Failed to fetch');
          return envelope(ResultCode.SUCCESS, { accessToken: 'a2', refreshToken: 'r2' });
        },
      },
      { accessToken: 'a1', refreshToken: 'r1' },
    );
    await expect(client.call('GET', '/x')).rejects.toBeInstanceOf(NetworkError);
    expect(stored()).toEqual({ accessToken: 'a1', refreshToken: 'r1' });
    expect(ended).toEqual([]);
    online = true;
    await expect(client.call('GET', '/x')).resolves.toEqual({ ok: true });
  });

  it('on 30002007 clears the tokens and says notLoggedIn; other failures become an ApiError', async () => {
    const { client, ended, stored } = setUp(
      {
        'GET /gone': () => envelope(ResultCode.NOT_LOGGED_IN, null, 401),
        'GET /missing': () => envelope(ResultCode.NOT_FOUND, { why: 1 }, 404),
        'GET /empty': () => new Response(null, { status: 204 }),
      },
      { accessToken: 'a1', refreshToken: 'r1' },
    );
    await expect(client.request('GET', '/empty')).resolves.toEqual({});
    await expect(client.call('GET', '/empty')).resolves.toBeNull();
    const error = await client.call('GET', '/missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: ResultCode.NOT_FOUND, data: { why: 1 } });
    expect(ended).toEqual([]);
    await expect(client.call('GET', '/gone')).rejects.toMatchObject({ code: ResultCode.NOT_LOGGED_IN });
    expect(ended).toEqual(['notLoggedIn']);
    expect(stored()).toBeNull();
  });

  it('ends a session with no pair to refresh with as "missing", without asking the server', async () => {
    const { client, seen, ended } = setUp({ 'GET /x': acceptingOnly('never') }, null, {});
    await client.request('GET', '/x', { auth: true });
    expect(seen.map((s) => s.url)).toEqual(['/medical2/app/api/x']);
    expect(ended).toEqual(['missing']);
  });
});
