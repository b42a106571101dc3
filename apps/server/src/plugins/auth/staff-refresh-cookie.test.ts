import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, apiPaths } from '@smartcare/contract/api-paths';
import type { TokenPair } from '@smartcare/contract/auth';
import { ResultCode } from '@smartcare/contract/result-codes';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { api, createHospital, createPatient, createStaff, TEST_PASSWORD } from '../../testing/factories.ts';

/**
 * Issue 10 point 19: the staff console's refresh token is an HttpOnly, SameSite=Strict
 * cookie scoped to the staff refresh call, never in a body script can read.
 */
let t: TestApp;
let hospitalIdx: number;
const REFRESH_PATH = `${API_PREFIX}${apiPaths.staff.refresh}`;

beforeAll(async () => {
  t = await buildTestApp();
  hospitalIdx = (await createHospital(t.app.db)).idx;
});

afterAll(async () => {
  await t?.close();
});

/** The refresh cookie among those set (the login also sets its device cookie, decision 013). */
const cookieOf = (headers: Headers) =>
  headers.getSetCookie().find((cookie) => cookie.startsWith('smartcareStaffRefresh=')) ?? '';
const tokenIn = (setCookie: string) => /^smartcareStaffRefresh=([^;]*)/.exec(setCookie)?.[1] ?? '';

describe('the staff refresh-token cookie', () => {
  it('login and refresh put the refresh token in the cookie only; refresh reads it; logout clears it', async () => {
    const staff = await createStaff(t.app.db, { hospitalIdx });
    const login = await api(t.baseUrl).post<TokenPair>(apiPaths.staff.login, {
      body: { loginId: staff.loginId, password: staff.password },
    });
    expect(login.code).toBe(ResultCode.SUCCESS);
    expect(login.data!.refreshToken).toBe('');
    const setCookie = cookieOf(login.headers);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain(`Path=${REFRESH_PATH}`);
    const firstToken = tokenIn(setCookie);
    expect(firstToken.length).toBeGreaterThan(20);

    // The console sends no RefreshToken header: the browser sends the cookie.
    const refreshed = await api(t.baseUrl).post<TokenPair>(apiPaths.staff.refresh, {
      headers: { AccessToken: login.data!.accessToken, Cookie: `smartcareStaffRefresh=${firstToken}` },
    });
    expect(refreshed.code).toBe(ResultCode.SUCCESS);
    expect(refreshed.data!.refreshToken).toBe('');
    const rotated = tokenIn(cookieOf(refreshed.headers));
    expect(rotated).not.toBe(firstToken);

    const out = await api(t.baseUrl).post(apiPaths.staff.logout, { token: refreshed.data!.accessToken });
    expect(out.code).toBe(ResultCode.SUCCESS);
    expect(cookieOf(out.headers)).toMatch(/^smartcareStaffRefresh=; Path=[^;]+; Max-Age=0; HttpOnly/);
  });

  it('leaves the patient app’s tokens in the body (the native wrappers read them, spec §3)', async () => {
    await createPatient(t.app.db, { loginId: 'cookie-patient', choseHospitalIdx: hospitalIdx });
    const login = await api(t.baseUrl).post<TokenPair>(apiPaths.patient.login, {
      body: { loginId: 'cookie-patient', password: TEST_PASSWORD },
    });
    expect(login.data!.refreshToken.length).toBeGreaterThan(20);
    expect(cookieOf(login.headers)).toBe('');
    // Only the device cookie of decision 013, scoped to the login calls, carries no token.
    expect(login.headers.getSetCookie().every((cookie) => cookie.startsWith('sc_dev_p_'))).toBe(true);
  });
});
