import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { TokenPair } from '@smartcare/contract/auth';
import { ResultCode } from '@smartcare/contract/result-codes';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { api, createPatient, createStaff, loginPatient, loginStaff } from '../../testing/factories.ts';
import { REFRESH_TOKEN_PRUNE_JOB } from './auth.plugin.ts';

const refresh = (t: TestApp, pair: Partial<TokenPair>, path: string = apiPaths.patient.refresh) =>
  api(t.baseUrl).post<TokenPair>(path, {
    headers: {
      ...(pair.accessToken ? { AccessToken: pair.accessToken } : {}),
      ...(pair.refreshToken ? { RefreshToken: pair.refreshToken } : {}),
    },
  });

describe('access tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    // One-second tokens, so expiry can be watched in a test.
    t = await buildTestApp({ config: { accessTokenTtlS: 1 } });
  });
  afterAll(() => t.close());

  it('an expired access token answers TOKEN_EXPIRED (30002003), and refresh brings the patient back', async () => {
    const patient = await createPatient(t.app.db);
    const pair = await loginPatient(t.baseUrl, patient);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await api(t.baseUrl).get(apiPaths.patient.getPatient, { token: pair.accessToken });
    expect(expired.status).toBe(401);
    expect(expired.code).toBe(30002003);
    expect(expired.description).toBe('인증이 만료되었습니다.');

    const renewed = await refresh(t, pair);
    expect(renewed.code).toBe(ResultCode.SUCCESS);
    const again = await api(t.baseUrl).get(apiPaths.patient.getPatient, { token: renewed.data!.accessToken });
    expect(again.code).toBe(ResultCode.SUCCESS);
  });

  it('no token, a malformed header or a forged token answer NOT_LOGGED_IN (30002007)', async () => {
    const patient = await createPatient(t.app.db);
    const pair = await loginPatient(t.baseUrl, patient);
    const [payloadPart] = pair.accessToken.split('.').slice(1);
    const forged = ['eyJhbGciOiJub25lIiwidHlwIjoiYXQrand0In0', payloadPart, ''].join('.');
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Basic abc' },
      { authorization: 'Bearer not.a.token' },
      { authorization: `Bearer ${forged}` },
    ]) {
      const response = await api(t.baseUrl).get(apiPaths.patient.getPatient, { headers });
      expect(response.status).toBe(401);
      expect(response.code).toBe(30002007);
      expect(response.description).toBe('로그인 후 이용 부탁드립니다');
    }
  });
});

describe('principals never pass for each other', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('a staff token does not open a patient route, nor a patient token a staff route', async () => {
    const staff = await createStaff(t.app.db);
    const patient = await createPatient(t.app.db);
    const staffPair = await loginStaff(t.baseUrl, staff);
    const patientPair = await loginPatient(t.baseUrl, patient);
    const asStaff = await api(t.baseUrl).get(apiPaths.patient.getPatient, { token: staffPair.accessToken });
    expect(asStaff.code).toBe(ResultCode.NOT_LOGGED_IN);
    const asPatient = await api(t.baseUrl).get(apiPaths.staff.getMyData, { token: patientPair.accessToken });
    expect(asPatient.code).toBe(ResultCode.NOT_LOGGED_IN);
  });

  it('a patient pair cannot be refreshed at the staff endpoint, and the reverse', async () => {
    const staffPair = await loginStaff(t.baseUrl, await createStaff(t.app.db));
    const patientPair = await loginPatient(t.baseUrl, await createPatient(t.app.db));
    expect((await refresh(t, patientPair, apiPaths.staff.refresh)).code).toBe(ResultCode.REFRESH_FAILED);
    expect((await refresh(t, staffPair, apiPaths.patient.refresh)).code).toBe(ResultCode.REFRESH_FAILED);
  });

  it('an access token is never accepted as a refresh token, nor a refresh token as a bearer', async () => {
    const pair = await loginPatient(t.baseUrl, await createPatient(t.app.db));
    const swapped = await refresh(t, { accessToken: pair.accessToken, refreshToken: pair.accessToken });
    expect(swapped.status).toBe(400);
    expect(swapped.code).toBe(ResultCode.REFRESH_FAILED);
    const asBearer = await api(t.baseUrl).get(apiPaths.patient.getPatient, { token: pair.refreshToken });
    expect(asBearer.code).toBe(ResultCode.NOT_LOGGED_IN);
  });

  it('one patient’s refresh token does not refresh another patient’s session', async () => {
    const a = await loginPatient(t.baseUrl, await createPatient(t.app.db));
    const b = await loginPatient(t.baseUrl, await createPatient(t.app.db));
    const mixed = await refresh(t, { accessToken: a.accessToken, refreshToken: b.refreshToken });
    expect(mixed.code).toBe(ResultCode.REFRESH_FAILED);
    // b's token is untouched by the failed attempt.
    expect((await refresh(t, b)).code).toBe(ResultCode.SUCCESS);
  });

  it('the verifier other modules use reports principal, idx, login id and, for staff, hospital and role', async () => {
    const staff = await createStaff(t.app.db, { role: 'DOCTOR' });
    const pair = await loginStaff(t.baseUrl, staff);
    const claims = await t.app.tokens.verifyAccessToken(pair.accessToken);
    expect(claims).toMatchObject({
      principal: 'staff',
      idx: staff.idx,
      loginId: staff.loginId,
      hospitalIdx: staff.hospitalIdx,
      role: 'DOCTOR',
    });
    await expect(t.app.tokens.verifyAccessToken(pair.accessToken, 'patient')).rejects.toMatchObject({
      code: 'NOT_LOGGED_IN',
    });
    await expect(t.app.tokens.verifyAccessToken('')).rejects.toMatchObject({ code: 'NOT_LOGGED_IN' });
  });
});

describe('refresh rotation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('each refresh returns a new pair and retires the old refresh token', async () => {
    const first = await loginPatient(t.baseUrl, await createPatient(t.app.db));
    const second = await refresh(t, first);
    expect(second.code).toBe(ResultCode.SUCCESS);
    expect(second.data!.refreshToken).not.toBe(first.refreshToken);
    const third = await refresh(t, second.data!);
    expect(third.code).toBe(ResultCode.SUCCESS);
  });

  it('a rotated refresh token presented again revokes the whole family (REFRESH_TOKEN_REUSED, HTTP 400)', async () => {
    const first = await loginPatient(t.baseUrl, await createPatient(t.app.db));
    const second = (await refresh(t, first)).data!;
    // An attacker replays the stolen first token …
    const replay = await refresh(t, first);
    expect(replay.status).toBe(400);
    expect(replay.code).toBe(ResultCode.REFRESH_TOKEN_REUSED);
    // … and the legitimate holder of the newest token is logged out too.
    const legit = await refresh(t, second);
    expect(legit.status).toBe(400);
    expect(legit.code).toBe(ResultCode.REFRESH_FAILED);
  });

  it('missing headers or an unknown token answer HTTP 400 REFRESH_FAILED', async () => {
    const pair = await loginPatient(t.baseUrl, await createPatient(t.app.db));
    for (const attempt of [
      {},
      { accessToken: pair.accessToken },
      { refreshToken: pair.refreshToken },
      { ...pair, refreshToken: 'x'.repeat(43) },
    ]) {
      const response = await refresh(t, attempt);
      expect(response.status).toBe(400);
      expect(response.code).toBe(ResultCode.REFRESH_FAILED);
    }
  });

  it('refresh tokens are stored only as hashes', async () => {
    const pair = await loginPatient(t.baseUrl, await createPatient(t.app.db));
    const stored = await t.app.db.query('SELECT 1 FROM refresh_tokens WHERE token_hash = $1', [
      pair.refreshToken,
    ]);
    expect(stored.rowCount).toBe(0);
  });

  it('refresh tokens long expired are pruned by a job; live ones stay', async () => {
    const live = await loginPatient(t.baseUrl, await createPatient(t.app.db));
    const old = await loginPatient(t.baseUrl, await createPatient(t.app.db));
    await t.app.db.query(
      `UPDATE refresh_tokens SET expires_at = now() - interval '31 days'
        WHERE subject_idx = (SELECT subject_idx FROM refresh_tokens ORDER BY idx DESC LIMIT 1)`,
    );
    expect(await t.app.jobs.runNow(REFRESH_TOKEN_PRUNE_JOB)).toBe(1);
    expect((await refresh(t, live)).code).toBe(ResultCode.SUCCESS);
    expect((await refresh(t, old)).code).toBe(ResultCode.REFRESH_FAILED);
  });

  it('staff refresh rotates the same way', async () => {
    const pair = await loginStaff(t.baseUrl, await createStaff(t.app.db));
    const next = await refresh(t, pair, apiPaths.staff.refresh);
    expect(next.code).toBe(ResultCode.SUCCESS);
    expect((await refresh(t, pair, apiPaths.staff.refresh)).code).toBe(ResultCode.REFRESH_TOKEN_REUSED);
  });
});

describe('refresh tokens past their lifetime', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Two-second refresh tokens: expired within the test, long before the prune job's 30 days.
    t = await buildTestApp({ config: { accessTokenTtlS: 1, refreshTokenTtlS: 2 } });
  });
  afterAll(() => t.close());

  it('an expired refresh token still stored answers HTTP 400 REFRESH_FAILED, for patients and staff', async () => {
    const patient = await loginPatient(t.baseUrl, await createPatient(t.app.db));
    const staff = await loginStaff(t.baseUrl, await createStaff(t.app.db));
    // Still good just before it runs out …
    const early = await loginPatient(t.baseUrl, await createPatient(t.app.db));
    expect((await refresh(t, early)).code).toBe(ResultCode.SUCCESS);
    await new Promise((resolve) => setTimeout(resolve, 2200));

    // … and not after, though nothing has pruned it yet.
    expect(await t.app.jobs.runNow(REFRESH_TOKEN_PRUNE_JOB)).toBe(0);
    const stored = await t.app.db.one<{ n: number }>(
      'SELECT count(*) AS n FROM refresh_tokens WHERE expires_at < now() AND revoked_at IS NULL AND rotated_at IS NULL',
    );
    expect(stored.n).toBeGreaterThanOrEqual(2);
    for (const [pair, path] of [
      [patient, apiPaths.patient.refresh],
      [staff, apiPaths.staff.refresh],
    ] as const) {
      const response = await refresh(t, pair, path);
      expect(response.status).toBe(400);
      expect(response.code).toBe(ResultCode.REFRESH_FAILED);
      expect(response.data).toBeNull();
    }
  });
});
