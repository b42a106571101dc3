import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { MyData } from '@smartcare/contract/patient';
import { ResultCode } from '@smartcare/contract/result-codes';
import { publishDefaultTerms } from '../../db/seed-demo.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import {
  api,
  createHospital,
  createPatient,
  createStaff,
  loginPatient,
  loginStaff,
} from '../../testing/factories.ts';

/**
 * Every patient call with the caller's own token, and proof that patient B's record is
 * never read or changed through them (brief §3). The calls take no patient id: the record
 * is the token's subject, so there is nothing to tamper with — this test keeps it so.
 */
describe('a patient only ever reaches their own record', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await publishDefaultTerms(t.app.db);
  });
  afterAll(() => t.close());

  const snapshot = async (idx: number) => {
    const rows = await Promise.all(
      [
        'patients WHERE idx',
        'body_info WHERE patient_idx',
        'alarm_settings WHERE patient_idx',
        'push_tokens WHERE patient_idx',
        'consents WHERE patient_idx',
        'deletion_requests WHERE patient_idx',
      ].map(async (from) => (await t.app.db.query(`SELECT * FROM ${from} = $1`, [idx])).rows),
    );
    return JSON.stringify(rows);
  };

  it('no call of patient A touches patient B, even when B’s idx is smuggled in', async () => {
    const hospital = await createHospital(t.app.db);
    const a = await createPatient(t.app.db);
    const b = await createPatient(t.app.db, { name: '다른환자', choseHospitalIdx: hospital.idx });
    const token = (await loginPatient(t.baseUrl, a)).accessToken;
    const before = await snapshot(b.idx);
    const call = api(t.baseUrl);
    const smuggle = { idx: b.idx, patientIdx: b.idx };

    const readPaths = [apiPaths.patient.getPatient, apiPaths.patient.getMyData, apiPaths.patient.getConsents];
    // B's idx in the query is refused as unknown input …
    for (const path of readPaths) {
      const smuggled = await call.get(path, { token, query: smuggle });
      expect(smuggled.code, path).toBe(ResultCode.VALIDATION_FAILED);
      expect(JSON.stringify(smuggled.data)).not.toContain('다른환자');
    }
    // … and the reads answer A's record only.
    const reads = await Promise.all(readPaths.map((path) => call.get(path, { token })));
    for (const read of reads) expect(JSON.stringify(read.data)).not.toContain('다른환자');
    expect((reads[0]!.data as { idx: number }).idx).toBe(a.idx);
    expect((reads[1]!.data as MyData).profile.idx).toBe(a.idx);

    // Bodies naming B are refused as unknown fields …
    for (const [method, path] of [
      ['PUT', apiPaths.patient.updateMyData],
      ['PUT', apiPaths.patient.updateBodyInfo],
      ['PUT', apiPaths.patient.alarmUpdate],
      ['PUT', apiPaths.patient.updateFcmToken],
      ['DELETE', apiPaths.patient.deleteRequest],
    ] as const) {
      const response = await call.call(method, path, { token, body: { ...smuggle } });
      expect(response.code, path).toBe(ResultCode.VALIDATION_FAILED);
    }
    // … and valid writes change A only.
    await call.put(apiPaths.patient.updateMyData, { token, body: { name: '에이' } });
    await call.put(apiPaths.patient.updateBodyInfo, { token, body: { weightKg: 70 } });
    await call.put(apiPaths.patient.alarmUpdate, { token, body: { chat: false } });
    await call.put(apiPaths.patient.updateFcmToken, { token, body: { fcmToken: 'a-device' } });
    await call.put(apiPaths.patient.updateConsents, {
      token,
      body: { consents: [{ termsCode: 'MARKETING', agreed: true }] },
    });
    await call.delete(apiPaths.patient.deleteRequest, { token });
    await call.post(apiPaths.patient.cancelDeleteRequest, { token });
    await call.delete(apiPaths.patient.delete, { token, body: { password: b.password } });
    expect(await snapshot(b.idx)).toBe(before);
  });

  it('every patient call refuses a missing token and a staff token', async () => {
    const staffToken = (await loginStaff(t.baseUrl, await createStaff(t.app.db))).accessToken;
    const calls = [
      ['GET', apiPaths.patient.getPatient],
      ['GET', apiPaths.patient.getMyData],
      ['PUT', apiPaths.patient.updateMyData],
      ['PUT', apiPaths.patient.updateBodyInfo],
      ['PUT', apiPaths.patient.updateFcmToken],
      ['PUT', apiPaths.patient.alarmUpdate],
      ['GET', apiPaths.patient.getConsents],
      ['PUT', apiPaths.patient.updateConsents],
      ['DELETE', apiPaths.patient.deleteRequest],
      ['POST', apiPaths.patient.cancelDeleteRequest],
      ['DELETE', apiPaths.patient.delete],
    ] as const;
    for (const [method, path] of calls) {
      for (const token of [undefined, staffToken]) {
        const response = await api(t.baseUrl).call(method, path, {
          ...(token ? { token } : {}),
          ...(method === 'GET' ? {} : { body: {} }),
        });
        expect(response.code, `${method} ${path}`).toBe(ResultCode.NOT_LOGGED_IN);
        expect(response.status).toBe(401);
      }
    }
  });
});
