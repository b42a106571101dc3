import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { TokenPair } from '@smartcare/contract/auth';
import type { ValidationFailure, RetryAfter } from '@smartcare/contract/envelope';
import type { PatientProfile } from '@smartcare/contract/patient';
import { ResultCode } from '@smartcare/contract/result-codes';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { api, createHospital, createPatient, loginPatient } from '../../testing/factories.ts';
import { LOGIN_FAILURES_PRUNE_JOB } from './identity.jobs.ts';

describe('patient login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { loginLockThreshold: 3, loginLockSeconds: 600 } });
  });
  afterAll(() => t.close());

  it('gives a token pair that opens the patient’s own profile', async () => {
    const hospital = await createHospital(t.app.db, { name: '스마트병원 테스트' });
    const patient = await createPatient(t.app.db, {
      name: '홍길동',
      choseHospitalIdx: hospital.idx,
      ward: '5병동',
      bed: '12',
    });
    const tokens = await loginPatient(t.baseUrl, patient);
    const profile = await api(t.baseUrl).get<PatientProfile>(apiPaths.patient.getPatient, {
      token: tokens.accessToken,
    });
    expect(profile.status).toBe(200);
    expect(profile.code).toBe(ResultCode.SUCCESS);
    expect(profile.description).toBe('성공');
    expect(profile.data).toMatchObject({
      idx: patient.idx,
      name: '홍길동',
      choseHospitalIdx: hospital.idx,
      choseHospitalName: '스마트병원 테스트',
      ward: '5병동',
    });
  });

  it('iosLogin is the same call for the iOS wrapper', async () => {
    const patient = await createPatient(t.app.db);
    const response = await api(t.baseUrl).post<TokenPair>(apiPaths.patient.iosLogin, {
      body: { loginId: patient.loginId, password: patient.password },
    });
    expect(response.code).toBe(ResultCode.SUCCESS);
    expect(response.data).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });
  });

  it('answers a wrong password and an unknown id alike: BAD_CREDENTIALS in Korean', async () => {
    const patient = await createPatient(t.app.db);
    for (const body of [
      { loginId: patient.loginId, password: 'wrong-Pass1!' },
      { loginId: 'nobody-here', password: 'wrong-Pass1!' },
    ]) {
      const response = await api(t.baseUrl).post(apiPaths.patient.login, { body });
      expect(response.status).toBe(401);
      expect(response.code).toBe(ResultCode.BAD_CREDENTIALS);
      expect(response.description).toBe('아이디 또는 비밀번호가 올바르지 않습니다.');
      expect(response.data).toBeNull();
    }
  });

  it('speaks the caller’s language when asked', async () => {
    const response = await api(t.baseUrl).post(apiPaths.patient.login, {
      body: { loginId: 'nobody-here', password: 'x' },
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(response.description).toBe('The ID or password is incorrect.');
  });

  it('locks the account after repeated wrong passwords, even for the right one, and says how long', async () => {
    const patient = await createPatient(t.app.db);
    const wrong = { loginId: patient.loginId, password: 'wrong-Pass1!' };
    expect((await api(t.baseUrl).post(apiPaths.patient.login, { body: wrong })).code).toBe(
      ResultCode.BAD_CREDENTIALS,
    );
    expect((await api(t.baseUrl).post(apiPaths.patient.login, { body: wrong })).code).toBe(
      ResultCode.BAD_CREDENTIALS,
    );
    const third = await api(t.baseUrl).post<RetryAfter>(apiPaths.patient.login, { body: wrong });
    expect(third.status).toBe(423);
    expect(third.code).toBe(ResultCode.ACCOUNT_LOCKED);
    const right = await api(t.baseUrl).post<RetryAfter>(apiPaths.patient.login, {
      body: { loginId: patient.loginId, password: patient.password },
    });
    expect(right.code).toBe(ResultCode.ACCOUNT_LOCKED);
    expect(right.data!.retryAfterSeconds).toBeGreaterThan(500);
    expect(right.data!.retryAfterSeconds).toBeLessThanOrEqual(600);
    expect(right.headers.get('retry-after')).toBe(String(right.data!.retryAfterSeconds));
  });

  it('an unknown login id locks exactly like a known one, so the lock tells nothing about who exists', async () => {
    const patient = await createPatient(t.app.db);
    /** Status, code, description and data of each try, with the retry time rounded to a minute. */
    const tries = async (loginId: string) => {
      const seen = [];
      for (let i = 0; i < 5; i++) {
        const response = await api(t.baseUrl).post<RetryAfter | null>(apiPaths.patient.login, {
          body: { loginId, password: 'wrong-Pass1!' },
        });
        seen.push({
          status: response.status,
          code: response.code,
          description: response.description,
          retryAfter: response.headers.get('retry-after') === null ? null : 'set',
          minutes: response.data ? Math.ceil(response.data.retryAfterSeconds / 60) : null,
        });
      }
      return seen;
    };
    const known = await tries(patient.loginId);
    const unknown = await tries(`nobody-${patient.loginId}`);
    expect(unknown).toEqual(known);
    expect(known.map((entry) => entry.code)).toEqual([
      ResultCode.BAD_CREDENTIALS,
      ResultCode.BAD_CREDENTIALS,
      ResultCode.ACCOUNT_LOCKED,
      ResultCode.ACCOUNT_LOCKED,
      ResultCode.ACCOUNT_LOCKED,
    ]);
    expect(known[2]).toMatchObject({ status: 423, retryAfter: 'set', minutes: 10 });
  });

  it('failures too far apart do not add up, and the pruning job forgets them', async () => {
    const patient = await createPatient(t.app.db);
    const wrong = { loginId: patient.loginId, password: 'wrong-Pass1!' };
    await api(t.baseUrl).post(apiPaths.patient.login, { body: wrong });
    await api(t.baseUrl).post(apiPaths.patient.login, { body: wrong });
    await api(t.baseUrl).post(apiPaths.patient.login, { body: { ...wrong, loginId: 'ghost-id-1' } });
    // Both failures happened longer ago than the lock window (600 s).
    await t.app.db.query(
      `UPDATE login_failures SET last_failed_at = now() - interval '11 minutes' WHERE login_id = ANY($1)`,
      [[patient.loginId, 'ghost-id-1']],
    );
    const third = await api(t.baseUrl).post(apiPaths.patient.login, { body: wrong });
    expect(third.code).toBe(ResultCode.BAD_CREDENTIALS);
    // The patient's fresh failure stays; the made-up id's old one goes.
    expect(await t.app.jobs.runNow(LOGIN_FAILURES_PRUNE_JOB)).toBeGreaterThanOrEqual(1);
    const { rows } = await t.app.db.query<{ login_id: string; failed_count: number }>(
      'SELECT login_id, failed_count FROM login_failures WHERE login_id = ANY($1)',
      [[patient.loginId, 'ghost-id-1']],
    );
    expect(rows).toEqual([{ login_id: patient.loginId, failed_count: 1 }]);
  });

  it('a lock that has run out lets the right password in', async () => {
    const patient = await createPatient(t.app.db);
    const wrong = { loginId: patient.loginId, password: 'wrong-Pass1!' };
    for (let i = 0; i < 3; i++) await api(t.baseUrl).post(apiPaths.patient.login, { body: wrong });
    await t.app.db.query(
      `UPDATE login_failures SET locked_until = now() - interval '1 second' WHERE login_id = $1`,
      [patient.loginId],
    );
    await loginPatient(t.baseUrl, patient);
    const left = await t.app.db.query('SELECT 1 FROM login_failures WHERE login_id = $1', [patient.loginId]);
    expect(left.rows).toHaveLength(0);
  });

  it('a successful login clears the count of earlier failures', async () => {
    const patient = await createPatient(t.app.db);
    const wrong = { loginId: patient.loginId, password: 'wrong-Pass1!' };
    await api(t.baseUrl).post(apiPaths.patient.login, { body: wrong });
    await api(t.baseUrl).post(apiPaths.patient.login, { body: wrong });
    await loginPatient(t.baseUrl, patient);
    await api(t.baseUrl).post(apiPaths.patient.login, { body: wrong });
    await api(t.baseUrl).post(apiPaths.patient.login, { body: wrong });
    expect(
      (
        await api(t.baseUrl).post(apiPaths.patient.login, {
          body: { loginId: patient.loginId, password: patient.password },
        })
      ).code,
    ).toBe(ResultCode.SUCCESS);
  });

  it('rejects malformed and unknown fields with per-field messages', async () => {
    const response = await api(t.baseUrl).post<ValidationFailure>(apiPaths.patient.login, {
      body: { loginId: '', password: 'x', remember: true },
    });
    expect(response.status).toBe(400);
    expect(response.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(response.data!.fields).toEqual(
      expect.arrayContaining([
        { field: 'loginId', message: '아이디를 입력해 주세요' },
        { field: 'remember', message: '알 수 없는 항목입니다' },
      ]),
    );
    const missing = await api(t.baseUrl).post<ValidationFailure>(apiPaths.patient.login, { body: {} });
    expect(missing.data!.fields.map((f) => f.field).sort()).toEqual(['loginId', 'password']);
    const broken = await api(t.baseUrl).post(apiPaths.patient.login, { rawBody: '{"loginId": ' });
    expect(broken.status).toBe(400);
    expect(broken.code).toBe(ResultCode.VALIDATION_FAILED);
  });

  it('records every login and failed login in the audit log', async () => {
    const patient = await createPatient(t.app.db);
    await api(t.baseUrl).post(apiPaths.patient.login, {
      body: { loginId: patient.loginId, password: 'wrong-Pass1!' },
    });
    await loginPatient(t.baseUrl, patient);
    const { rows } = await t.app.db.query<{ action: string }>(
      'SELECT action FROM audit_log WHERE patient_idx = $1 ORDER BY idx',
      [patient.idx],
    );
    expect(rows.map((row) => row.action)).toEqual(['patient.loginFailed', 'patient.login']);
  });
});

describe('per-address login limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { loginRateLimitPerMin: 4 } });
  });
  afterAll(() => t.close());

  it('answers RATE_LIMITED with a retry time once one address tries too often, across login routes', async () => {
    const body = { loginId: 'someone', password: 'guess-1!' };
    await api(t.baseUrl).post(apiPaths.patient.login, { body });
    await api(t.baseUrl).post(apiPaths.patient.iosLogin, { body });
    await api(t.baseUrl).post(apiPaths.staff.login, { body });
    await api(t.baseUrl).post(apiPaths.patient.login, { body });
    const limited = await api(t.baseUrl).post<RetryAfter>(apiPaths.patient.iosLogin, { body });
    expect(limited.status).toBe(429);
    expect(limited.code).toBe(ResultCode.RATE_LIMITED);
    expect(limited.data!.retryAfterSeconds).toBeGreaterThan(0);
    expect(limited.data!.retryAfterSeconds).toBeLessThanOrEqual(60);
  });
});
