import { describe, expect, it, vi } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import { ResultCode } from '@smartcare/contract/result-codes';
import { createFakeFetch, fail, ok, type FakeRoute } from '../testing/fake-server';
import { ApiError, createApiClient, NETWORK_ERROR } from './api-client';
import { createSessionStore, STAFF_SESSION_KEYS } from './session';

function setUp(routes: Record<string, FakeRoute>) {
  const session = createSessionStore(localStorage, sessionStorage);
  session.start('nurse01', { accessToken: 'old-access', refreshToken: 'old-refresh' }, false);
  const server = createFakeFetch(routes);
  const onSessionEnded = vi.fn();
  const client = createApiClient({ session, fetch: server.fetch, onSessionEnded });
  return { session, client, requests: server.requests, onSessionEnded };
}

/** A protected call that accepts only the renewed token. */
const roomsAcceptingOnly =
  (token: string): FakeRoute =>
  (req) =>
    req.headers.Authorization === `Bearer ${token}`
      ? ok([])
      : fail(ResultCode.TOKEN_EXPIRED, '인증이 만료되었습니다.', 401);

describe('the staff API client', () => {
  it('sends the bearer token and returns the data of a successful envelope', async () => {
    const { client, requests } = setUp({ 'GET /chat/rooms': () => ok([{ idx: 1 }]) });
    await expect(client.call('GET', apiPaths.chat.rooms)).resolves.toEqual([{ idx: 1 }]);
    expect(requests[0]!.headers.Authorization).toBe('Bearer old-access');
  });

  it('logs in without a bearer header', async () => {
    const { client, requests } = setUp({
      'POST /staff/login': () => ok({ accessToken: 'a', refreshToken: 'r' }),
    });
    await client.call('POST', apiPaths.staff.login, {
      body: { loginId: 'nurse01', password: 'pw' },
      auth: false,
    });
    expect(requests[0]!.headers.Authorization).toBeUndefined();
    expect(requests[0]!.body).toEqual({ loginId: 'nurse01', password: 'pw' });
  });

  it('keeps no refresh token where script can read it: the HttpOnly cookie carries it (issue 10 point 19)', async () => {
    const session = createSessionStore(localStorage, sessionStorage);
    // What the server answers now: the refresh token went into its cookie.
    session.start('nurse01', { accessToken: 'old-access', refreshToken: '' }, false);
    expect(sessionStorage.getItem(STAFF_SESSION_KEYS.refreshToken)).toBeNull();
    expect(session.get()).toMatchObject({ loginId: 'nurse01', accessToken: 'old-access' });
    const server = createFakeFetch({
      'GET /chat/rooms': roomsAcceptingOnly('new-access'),
      'POST /staff/refresh': () => ok({ accessToken: 'new-access', refreshToken: '' }),
    });
    const client = createApiClient({ session, fetch: server.fetch });

    await expect(client.call('GET', apiPaths.chat.rooms)).resolves.toEqual([]);

    const refresh = server.requests[1]!;
    expect(refresh.headers.AccessToken).toBe('old-access');
    expect(refresh.headers.RefreshToken).toBeUndefined();
    expect(session.get()?.accessToken).toBe('new-access');
    expect(sessionStorage.getItem(STAFF_SESSION_KEYS.refreshToken)).toBeNull();
  });

  it('refreshes once on an expired token, with the two refresh headers, then retries the call', async () => {
    const { client, session, requests } = setUp({
      'GET /chat/rooms': roomsAcceptingOnly('new-access'),
      'POST /staff/refresh': () => ok({ accessToken: 'new-access', refreshToken: 'new-refresh' }),
    });

    await expect(client.call('GET', apiPaths.chat.rooms)).resolves.toEqual([]);

    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /chat/rooms',
      'POST /staff/refresh',
      'GET /chat/rooms',
    ]);
    const refresh = requests[1]!;
    expect(refresh.headers.AccessToken).toBe('old-access');
    expect(refresh.headers.RefreshToken).toBe('old-refresh');
    expect(refresh.headers.Authorization).toBeUndefined();
    expect(refresh.body).toBeUndefined();
    expect(session.get()).toMatchObject({ accessToken: 'new-access', refreshToken: 'new-refresh' });
  });

  it('retries only once: a second expiry comes back as it is', async () => {
    const { client, requests } = setUp({
      'GET /chat/rooms': () => fail(ResultCode.TOKEN_EXPIRED, '', 401),
      'POST /staff/refresh': () => ok({ accessToken: 'new-access', refreshToken: 'new-refresh' }),
    });
    const envelope = await client.request('GET', apiPaths.chat.rooms);
    expect(envelope.code).toBe(ResultCode.TOKEN_EXPIRED);
    expect(requests.filter((r) => r.path === '/staff/refresh')).toHaveLength(1);
    expect(requests.filter((r) => r.path === '/chat/rooms')).toHaveLength(2);
  });

  it('makes one refresh for calls that expire together, so the refresh token is presented once', async () => {
    const { client, requests } = setUp({
      'GET /chat/rooms': roomsAcceptingOnly('new-access'),
      'GET /nurseCall/getOpenCalls': roomsAcceptingOnly('new-access'),
      'POST /staff/refresh': async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        return ok({ accessToken: 'new-access', refreshToken: 'new-refresh' });
      },
    });
    await Promise.all([
      client.call('GET', apiPaths.chat.rooms),
      client.call('GET', apiPaths.nurseCall.getOpenCalls),
      client.call('GET', apiPaths.chat.rooms),
    ]);
    expect(requests.filter((r) => r.path === '/staff/refresh')).toHaveLength(1);
  });

  it('ends the session when the refresh is refused (HTTP 400), and returns the original answer', async () => {
    const { client, session, onSessionEnded } = setUp({
      'GET /chat/rooms': () => fail(ResultCode.TOKEN_EXPIRED, '인증이 만료되었습니다.', 401),
      'POST /staff/refresh': () => fail(ResultCode.REFRESH_TOKEN_REUSED, '', 400),
    });
    const envelope = await client.request('GET', apiPaths.chat.rooms);
    expect(envelope.code).toBe(ResultCode.TOKEN_EXPIRED);
    expect(session.get()).toBeNull();
    expect(onSessionEnded).toHaveBeenCalledWith('expired');
  });

  it('sends the staff member back to login on 30002007 and clears only the staff keys', async () => {
    localStorage.setItem('accessToken', 'patient-token');
    const { client, session, onSessionEnded } = setUp({
      'GET /staff/getMyData': () => fail(ResultCode.NOT_LOGGED_IN, '로그인 후 이용 부탁드립니다', 401),
    });
    await expect(client.call('GET', apiPaths.staff.getMyData)).rejects.toMatchObject({
      code: ResultCode.NOT_LOGGED_IN,
      description: '로그인 후 이용 부탁드립니다',
    });
    expect(session.get()).toBeNull();
    expect(sessionStorage.getItem(STAFF_SESSION_KEYS.accessToken)).toBeNull();
    // The patient app shares the origin: its session is not ours to end.
    expect(localStorage.getItem('accessToken')).toBe('patient-token');
    expect(onSessionEnded).toHaveBeenCalledWith('notLoggedIn');
  });

  it('uses a pair another tab already renewed instead of refreshing again', async () => {
    const { client, session, requests } = setUp({
      'GET /chat/rooms': (req) => {
        if (req.headers.Authorization === 'Bearer old-access') {
          // Meanwhile another tab renewed the shared pair.
          session.saveTokens({ accessToken: 'tab2-access', refreshToken: 'tab2-refresh' });
          return fail(ResultCode.TOKEN_EXPIRED, '', 401);
        }
        return ok([]);
      },
      'POST /staff/refresh': () => ok({ accessToken: 'x', refreshToken: 'y' }),
    });
    await client.call('GET', apiPaths.chat.rooms);
    expect(requests.filter((r) => r.path === '/staff/refresh')).toHaveLength(0);
    expect(requests[1]!.headers.Authorization).toBe('Bearer tab2-access');
  });

  it('keeps the session when the refresh cannot reach the server, and reports a network error', async () => {
    let online = true;
    const routes: Record<string, FakeRoute> = {
      'GET /chat/rooms': roomsAcceptingOnly('new-access'),
      'POST /staff/refresh': () => ok({ accessToken: 'new-access', refreshToken: 'new-refresh' }),
    };
    const { session, onSessionEnded } = setUp(routes);
    const server = createFakeFetch(routes);
    const flaky = createApiClient({
      session,
      onSessionEnded,
      fetch: (input, init) => {
        if (!online && String(input).includes('/staff/refresh'))
          return Promise.reject(new TypeError('Failed to fetch'));
        return server.fetch(input, init);
      },
    });
    online = false;
    const error = await flaky.call('GET', apiPaths.chat.rooms).catch((e: unknown) => e);
    expect((error as ApiError).code).toBe(NETWORK_ERROR);
    await expect(flaky.refresh()).rejects.toMatchObject({ code: NETWORK_ERROR });
    expect(session.get()?.refreshToken).toBe('old-refresh');
    expect(onSessionEnded).not.toHaveBeenCalled();
    // Back online, the same pair renews and the call goes through.
    online = true;
    await expect(flaky.call('GET', apiPaths.chat.rooms)).resolves.toEqual([]);
    expect(session.get()?.accessToken).toBe('new-access');
  });

  it('turns an unreachable server into a network error', async () => {
    const session = createSessionStore(localStorage, sessionStorage);
    const client = createApiClient({
      session,
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const error = await client.call('GET', apiPaths.chat.rooms).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(NETWORK_ERROR);
  });
});
