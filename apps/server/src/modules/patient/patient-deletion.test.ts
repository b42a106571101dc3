import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { DeletionPolicy, DeletionRequest, PatientProfile } from '@smartcare/contract/patient';
import { ResultCode } from '@smartcare/contract/result-codes';
import { publishDefaultTerms } from '../../db/seed-demo.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { api, createPatient, loginPatient } from '../../testing/factories.ts';
import { createHospitalService } from '../hospital/hospital.service.ts';
import { createLoginThrottle } from '../identity/identity.service.ts';
import { createTermsService } from '../terms/terms.service.ts';
import { DELETION_JOB } from './patient.jobs.ts';

describe('account deletion', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { deletionGraceDays: 7 } });
    await publishDefaultTerms(t.app.db);
  });
  afterAll(() => t.close());

  /** A patient with something in every table a deletion must empty. */
  async function patientWithData() {
    const patient = await createPatient(t.app.db, { name: '삭제될환자', phone: '010-9999-8888' });
    const pair = await loginPatient(t.baseUrl, patient);
    const call = api(t.baseUrl);
    await call.put(apiPaths.patient.updateBodyInfo, {
      token: pair.accessToken,
      body: { heightCm: 170, allergies: '땅콩' },
    });
    await call.put(apiPaths.patient.alarmUpdate, { token: pair.accessToken, body: { chat: false } });
    await call.put(apiPaths.patient.updateFcmToken, {
      token: pair.accessToken,
      body: { fcmToken: 'device' },
    });
    await call.put(apiPaths.patient.updateConsents, {
      token: pair.accessToken,
      body: { consents: [{ termsCode: 'SERVICE', agreed: true }] },
    });
    return { ...patient, ...pair };
  }

  async function leftovers(idx: number) {
    const counts: Record<string, number> = {};
    for (const table of [
      'body_info',
      'alarm_settings',
      'push_tokens',
      'consents',
      'deletion_requests',
      'password_reset_codes',
    ]) {
      counts[table] = (
        await t.app.db.one<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE patient_idx = $1`, [idx])
      ).n;
    }
    const row = await t.app.db.one<Record<string, unknown>>(
      'SELECT login_id, password_hash, name, phone, email, deleted_at FROM patients WHERE idx = $1',
      [idx],
    );
    return { counts, row };
  }

  function expectErased(result: Awaited<ReturnType<typeof leftovers>>) {
    expect(Object.values(result.counts).every((n) => n === 0)).toBe(true);
    expect(result.row).toMatchObject({
      login_id: null,
      password_hash: null,
      name: '',
      phone: null,
      email: null,
    });
    expect(result.row.deleted_at).toBeInstanceOf(Date);
  }

  it('a deletion request is pending for the grace period, visible in the profile, and can be withdrawn', async () => {
    const patient = await patientWithData();
    const call = api(t.baseUrl);
    const requested = await call.delete<DeletionRequest>(apiPaths.patient.deleteRequest, {
      token: patient.accessToken,
      body: { reason: '앱을 더 쓰지 않음' },
    });
    expect(requested.code).toBe(ResultCode.SUCCESS);
    const days = (Date.parse(requested.data!.dueAt) - Date.parse(requested.data!.requestedAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 5);
    const profile = await call.get<PatientProfile>(apiPaths.patient.getPatient, {
      token: patient.accessToken,
    });
    expect(profile.data!.deletionDueAt).toBe(requested.data!.dueAt);

    // Not due yet: the job leaves it alone.
    expect(await t.app.jobs.runNow(DELETION_JOB)).toBe(0);

    expect((await call.post(apiPaths.patient.cancelDeleteRequest, { token: patient.accessToken })).code).toBe(
      ResultCode.SUCCESS,
    );
    expect(
      (await call.get<PatientProfile>(apiPaths.patient.getPatient, { token: patient.accessToken })).data!
        .deletionDueAt,
    ).toBeNull();
    const again = await call.post(apiPaths.patient.cancelDeleteRequest, { token: patient.accessToken });
    expect(again.code).toBe(ResultCode.NOT_FOUND);
  });

  it('the grace period the server applies is public, so the app states it instead of a fixed number', async () => {
    const policy = await api(t.baseUrl).get<DeletionPolicy>(apiPaths.patientPolicy.deletionPolicy);
    expect(policy.code).toBe(ResultCode.SUCCESS);
    expect(policy.data).toEqual({ graceDays: 7 });
  });

  it('asking again while a request is pending changes nothing and answers ACCOUNT_DELETION_PENDING with it', async () => {
    const patient = await patientWithData();
    const call = api(t.baseUrl);
    const first = await call.delete<DeletionRequest>(apiPaths.patient.deleteRequest, {
      token: patient.accessToken,
      body: { reason: '첫 번째 이유' },
    });
    const again = await call.delete<DeletionRequest>(apiPaths.patient.deleteRequest, {
      token: patient.accessToken,
      body: { reason: '두 번째 이유' },
    });
    expect(again.status).toBe(409);
    expect(again.code).toBe(ResultCode.ACCOUNT_DELETION_PENDING);
    expect(again.description).toBe('탈퇴 요청이 진행 중인 계정입니다.');
    expect(again.data).toEqual(first.data);
    const stored = await t.app.db.one<{ reason: string }>(
      'SELECT reason FROM deletion_requests WHERE patient_idx = $1',
      [patient.idx],
    );
    expect(stored.reason).toBe('첫 번째 이유');
    const audited = await t.app.db.one<{ n: number }>(
      `SELECT count(*) AS n FROM audit_log WHERE patient_idx = $1 AND action = 'patient.deleteRequest'`,
      [patient.idx],
    );
    expect(audited.n).toBe(1);
  });

  it('during the grace period the patient can still log in, to see the request and withdraw it', async () => {
    const patient = await patientWithData();
    await api(t.baseUrl).delete(apiPaths.patient.deleteRequest, { token: patient.accessToken });
    const pair = await loginPatient(t.baseUrl, patient);
    const withdrawn = await api(t.baseUrl).post(apiPaths.patient.cancelDeleteRequest, {
      token: pair.accessToken,
    });
    expect(withdrawn.code).toBe(ResultCode.SUCCESS);
  });

  it('the spec’s body-less DELETE /patient/deleteRequest works too', async () => {
    const patient = await patientWithData();
    const response = await api(t.baseUrl).delete<DeletionRequest>(apiPaths.patient.deleteRequest, {
      token: patient.accessToken,
    });
    expect(response.code).toBe(ResultCode.SUCCESS);
    expect(response.data!.dueAt).toEqual(expect.any(String));
  });

  it('the job carries out requests whose grace period ended: data erased, account anonymised, sessions ended', async () => {
    const patient = await patientWithData();
    const keeper = await patientWithData();
    await api(t.baseUrl).delete(apiPaths.patient.deleteRequest, { token: patient.accessToken });
    await api(t.baseUrl).delete(apiPaths.patient.deleteRequest, { token: keeper.accessToken });
    // The grace period of one of them has passed.
    await t.app.db.query(
      `UPDATE deletion_requests SET due_at = now() - interval '1 minute' WHERE patient_idx = $1`,
      [patient.idx],
    );

    expect(await t.app.jobs.runNow(DELETION_JOB)).toBe(1);
    expectErased(await leftovers(patient.idx));
    expect((await leftovers(keeper.idx)).counts.deletion_requests).toBe(1);

    const afterwards = await api(t.baseUrl).get(apiPaths.patient.getPatient, { token: patient.accessToken });
    expect(afterwards.code).toBe(ResultCode.NOT_LOGGED_IN);
    const refresh = await api(t.baseUrl).post(apiPaths.patient.refresh, {
      headers: { AccessToken: patient.accessToken, RefreshToken: patient.refreshToken },
    });
    expect(refresh.code).toBe(ResultCode.REFRESH_FAILED);
    const login = await api(t.baseUrl).post(apiPaths.patient.login, {
      body: { loginId: patient.loginId, password: patient.password },
    });
    expect(login.code).toBe(ResultCode.BAD_CREDENTIALS);

    const { rows } = await t.app.db.query<{ action: string; actor_type: string }>(
      `SELECT action, actor_type FROM audit_log WHERE patient_idx = $1 AND action = 'patient.delete'`,
      [patient.idx],
    );
    expect(rows).toEqual([{ action: 'patient.delete', actor_type: 'system' }]);
  });

  it('two job passes at once carry out each request exactly once', async () => {
    const patients = [await patientWithData(), await patientWithData(), await patientWithData()];
    for (const patient of patients)
      await api(t.baseUrl).delete(apiPaths.patient.deleteRequest, { token: patient.accessToken });
    await t.app.db.query(
      `UPDATE deletion_requests SET due_at = now() - interval '1 minute' WHERE patient_idx = ANY($1)`,
      [patients.map((p) => p.idx)],
    );
    const service = await import('./patient.service.ts');
    const second = service.createPatientService({
      db: t.app.db,
      tokens: t.app.tokens,
      audit: t.app.audit,
      mailer: t.app.mailer,
      erasure: t.app.patientErasure,
      loginThrottle: createLoginThrottle({ db: t.app.db, config: t.config }),
      hospitals: createHospitalService({ db: t.app.db }),
      terms: createTermsService({ db: t.app.db }),
      config: t.config,
    });
    const [a, b] = await Promise.all([t.app.jobs.runNow(DELETION_JOB), second.carryOutDueDeletions(1)]);
    expect(a + b).toBe(3);
    const deletions = await t.app.db.one<{ n: number }>(
      `SELECT count(*) AS n FROM audit_log WHERE action = 'patient.delete' AND patient_idx = ANY($1)`,
      [patients.map((p) => p.idx)],
    );
    expect(deletions.n).toBe(3);
  });

  it('immediate deletion needs the password, then erases at once and frees the login id', async () => {
    const patient = await patientWithData();
    const wrong = await api(t.baseUrl).delete(apiPaths.patient.delete, {
      token: patient.accessToken,
      body: { password: 'not-it-1!' },
    });
    expect(wrong.code).toBe(ResultCode.BAD_CREDENTIALS);
    expect((await leftovers(patient.idx)).counts.body_info).toBe(1);

    const done = await api(t.baseUrl).delete(apiPaths.patient.delete, {
      token: patient.accessToken,
      body: { password: patient.password },
    });
    expect(done.code).toBe(ResultCode.SUCCESS);
    expectErased(await leftovers(patient.idx));
    // The audit log survives the account (PIPA: access logs are kept).
    const audit = await t.app.db.one<{ n: number }>(
      'SELECT count(*) AS n FROM audit_log WHERE patient_idx = $1',
      [patient.idx],
    );
    expect(audit.n).toBeGreaterThan(3);
    const reused = await createPatient(t.app.db, { loginId: patient.loginId });
    expect(reused.idx).not.toBe(patient.idx);
  });

  it('modules registered for erasure are called inside the deletion', async () => {
    const erased: number[] = [];
    t.app.patientErasure.register('test-module', async (tx, patientIdx) => {
      await tx.query('SELECT 1');
      erased.push(patientIdx);
    });
    const patient = await patientWithData();
    await api(t.baseUrl).delete(apiPaths.patient.delete, {
      token: patient.accessToken,
      body: { password: patient.password },
    });
    expect(erased).toEqual([patient.idx]);
  });

  it('the audit log refuses to be changed or emptied', async () => {
    await expect(t.app.db.query(`UPDATE audit_log SET action = 'x'`)).rejects.toThrow(/append-only/);
    await expect(t.app.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
  });
});
