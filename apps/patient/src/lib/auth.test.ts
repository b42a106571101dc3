import { apiPaths } from '@smartcare/contract/api-paths';
import { describe, expect, it } from 'vitest';
import { ok } from '../testing/factories';
import { mockApi } from '../testing/mock-api';
import { logout } from './auth';
import { session } from './session';

// Login and its push-token upload moved with the login flow: features/auth/api/login.test.ts.
describe('logout (issue 10 point 13)', () => {
  it('ends the login on the server with its access token, then forgets the session', async () => {
    const api = mockApi({ [`POST ${apiPaths.patient.logout}`]: () => ({ body: ok({}) }) });
    session.setTokens({ accessToken: 'access-9', refreshToken: 'refresh-9' });
    session.setLoginId('demo');

    await logout();

    expect(api.calls(`POST ${apiPaths.patient.logout}`)).toBe(1);
    const call = api.seen.find((r) => r.path === apiPaths.patient.logout)!;
    expect(call.headers.get('Authorization')).toBe('Bearer access-9');
    expect(session.isLoggedIn()).toBe(false);
  });

  it('still logs out on the phone when the server cannot be reached', async () => {
    mockApi({ [`POST ${apiPaths.patient.logout}`]: () => Promise.reject(new TypeError('offline')) });
    session.setTokens({ accessToken: 'access-9', refreshToken: 'refresh-9' });

    await logout();

    expect(session.isLoggedIn()).toBe(false);
  });
});
