import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { TokenPair } from '@smartcare/contract/auth';
import { ResultCode } from '@smartcare/contract/result-codes';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import {
  api,
  createHospital,
  createPatient,
  createStaff,
  loginPatient,
  loginStaff,
  TEST_PASSWORD,
} from '../../testing/factories.ts';
import { connackCodeOf, connectTestClient } from '../../plugins/broker/broker-test-client.ts';

/**
 * Issue 10 point 13: a revoked login (logout, refresh-token reuse, account deletion, or a
 * revocation written by another process) stops working at once on REST and MQTT, and its
 * open broker connections are closed.
 */
let t: TestApp;
let hospitalIdx: number;

beforeAll(async () => {
  // One second: the bound within which a revocation made by another process is noticed.
  t = await buildTestApp({ config: { logLevel: 'warn', sessionRecheckS: 1 } });
  hospitalIdx = (await createHospital(t.app.db)).idx;
});

afterAll(async () => {
  await t?.close();
});

async function newPatient() {
  const account = await createPatient(t.app.db, { choseHospitalIdx: hospitalIdx });
  return { account, pair: await loginPatient(t.baseUrl, account) };
}

const getPatient = (accessToken: string) =>
  api(t.baseUrl).get(apiPaths.patient.getPatient, { token: accessToken });

const refresh = (pair: TokenPair, path: string = apiPaths.patient.refresh) =>
  api(t.baseUrl).post<TokenPair>(path, {
    headers: { AccessToken: pair.accessToken, RefreshToken: pair.refreshToken },
  });

describe('logout and revocation', () => {
  it('POST /patient/logout ends the login on REST and MQTT at once and closes its open socket', async () => {
    const { account, pair } = await newPatient();
    const other = await loginPatient(t.baseUrl, account); // the same person on another phone
    const socket = await connectTestClient(t.baseUrl, {
      loginId: account.loginId,
      accessToken: pair.accessToken,
    });
    const otherSocket = await connectTestClient(t.baseUrl, {
      loginId: account.loginId,
      accessToken: other.accessToken,
    });
    expect((await getPatient(pair.accessToken)).code).toBe(ResultCode.SUCCESS);

    const loggedOut = await api(t.baseUrl).post(apiPaths.patient.logout, { token: pair.accessToken });
    expect(loggedOut.code).toBe(ResultCode.SUCCESS);

    expect(await socket.closedWithin(1_000)).toBe(true);
    const after = await getPatient(pair.accessToken);
    expect([after.status, after.code]).toEqual([401, ResultCode.NOT_LOGGED_IN]);
    expect(await connackCodeOf(t.baseUrl, account.loginId, pair.accessToken)).toBe(4);
    expect((await refresh(pair)).code).not.toBe(ResultCode.SUCCESS);
    // The other login of the same person is untouched.
    expect(await otherSocket.closedWithin(300)).toBe(false);
    expect((await getPatient(other.accessToken)).code).toBe(ResultCode.SUCCESS);
    await otherSocket.close();
  });

  it('POST /staff/logout ends the staff login the same way', async () => {
    const staff = await createStaff(t.app.db, { hospitalIdx });
    const pair = await loginStaff(t.baseUrl, staff);
    const socket = await connectTestClient(t.baseUrl, {
      loginId: staff.loginId,
      accessToken: pair.accessToken,
    });
    const patientToken = (await newPatient()).pair.accessToken;
    // A patient's token cannot log a staff login out, nor the reverse.
    expect((await api(t.baseUrl).post(apiPaths.staff.logout, { token: patientToken })).status).toBe(401);

    expect((await api(t.baseUrl).post(apiPaths.staff.logout, { token: pair.accessToken })).code).toBe(
      ResultCode.SUCCESS,
    );
    expect(await socket.closedWithin(1_000)).toBe(true);
    const after = await api(t.baseUrl).get(apiPaths.staff.getMyData, { token: pair.accessToken });
    expect(after.code).toBe(ResultCode.NOT_LOGGED_IN);
    expect((await refresh(pair, apiPaths.staff.refresh)).code).not.toBe(ResultCode.SUCCESS);
  });

  it('a reused refresh token revokes the family: the current access token stops working at once', async () => {
    const { account, pair } = await newPatient();
    const renewed = (await refresh(pair)).data!;
    const socket = await connectTestClient(t.baseUrl, {
      loginId: account.loginId,
      accessToken: renewed.accessToken,
    });
    // The first refresh token comes back: someone holds a copy (RFC 9700 §4.14).
    expect((await refresh(pair)).code).toBe(ResultCode.REFRESH_TOKEN_REUSED);
    expect(await socket.closedWithin(1_000)).toBe(true);
    expect((await getPatient(renewed.accessToken)).code).toBe(ResultCode.NOT_LOGGED_IN);
  });

  it('deleting the account ends its logins at once', async () => {
    const { account, pair } = await newPatient();
    const socket = await connectTestClient(t.baseUrl, {
      loginId: account.loginId,
      accessToken: pair.accessToken,
    });
    const deleted = await api(t.baseUrl).delete(apiPaths.patient.delete, {
      token: pair.accessToken,
      body: { password: TEST_PASSWORD },
    });
    expect(deleted.code).toBe(ResultCode.SUCCESS);
    expect(await socket.closedWithin(1_000)).toBe(true);
    expect((await getPatient(pair.accessToken)).code).toBe(ResultCode.NOT_LOGGED_IN);
  });

  it('a revocation written by another process is noticed within SESSION_RECHECK_S', async () => {
    const { account, pair } = await newPatient();
    const socket = await connectTestClient(t.baseUrl, {
      loginId: account.loginId,
      accessToken: pair.accessToken,
    });
    expect((await getPatient(pair.accessToken)).code).toBe(ResultCode.SUCCESS);
    // What another process's logout writes: this process's cache is not told.
    await t.app.db.query(
      `UPDATE refresh_tokens SET revoked_at = now() WHERE principal = 'patient' AND subject_idx = $1`,
      [account.idx],
    );
    // Two recheck periods: one for the cache entry to age, one for the broker's sweep.
    expect(await socket.closedWithin(2_500)).toBe(true);
    expect((await getPatient(pair.accessToken)).code).toBe(ResultCode.NOT_LOGGED_IN);
  });
});
