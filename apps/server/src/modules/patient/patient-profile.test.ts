import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { ValidationFailure } from '@smartcare/contract/envelope';
import type { AlarmSettings, BodyInfo, MyData, PatientProfile } from '@smartcare/contract/patient';
import { ResultCode } from '@smartcare/contract/result-codes';
import type { Consent } from '@smartcare/contract/terms';
import { publishDefaultTerms } from '../../db/seed-demo.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { api, createHospital, createPatient, loginPatient } from '../../testing/factories.ts';

describe('the patient’s own record', () => {
  let t: TestApp;
  let token: string;
  let patientIdx: number;
  const call = () => api(t.baseUrl);

  beforeAll(async () => {
    t = await buildTestApp();
    await publishDefaultTerms(t.app.db);
    const patient = await createPatient(t.app.db, { name: '김하늘' });
    patientIdx = patient.idx;
    token = (await loginPatient(t.baseUrl, patient)).accessToken;
  });
  afterAll(() => t.close());

  const auditActions = async () =>
    (
      await t.app.db.query<{ action: string; detail: Record<string, unknown> }>(
        'SELECT action, detail FROM audit_log WHERE patient_idx = $1 ORDER BY idx',
        [patientIdx],
      )
    ).rows;

  it('getMyData brings profile, body information, alarm settings (advertising off) and consents', async () => {
    const response = await call().get<MyData>(apiPaths.patient.getMyData, { token });
    expect(response.code).toBe(ResultCode.SUCCESS);
    expect(response.data!.profile.name).toBe('김하늘');
    expect(response.data!.bodyInfo).toMatchObject({ heightCm: null, allergies: '' });
    expect(response.data!.alarmSettings).toMatchObject({
      chat: true,
      marketing: false,
      marketingNight: false,
    });
    expect(response.data!.consents.map((c) => c.termsCode)).toEqual([
      'SERVICE',
      'PRIVACY',
      'HEALTH_DATA',
      'LOCATION',
      'MARKETING',
      'MARKETING_NIGHT',
    ]);
    expect((await auditActions()).at(-1)).toMatchObject({
      action: 'patient.read',
      detail: { part: 'myData' },
    });
  });

  it('updateMyData changes only the given fields and can choose a hospital', async () => {
    const hospital = await createHospital(t.app.db, { name: '스마트병원 부산분원' });
    const response = await call().put<PatientProfile>(apiPaths.patient.updateMyData, {
      token,
      body: {
        description: '당뇨 관리 중',
        phone: '010-1111-2222',
        birthDate: '1960-05-01',
        choseHospitalIdx: hospital.idx,
        ward: '3병동',
      },
    });
    expect(response.code).toBe(ResultCode.SUCCESS);
    expect(response.data).toMatchObject({
      name: '김하늘',
      description: '당뇨 관리 중',
      birthDate: '1960-05-01',
      choseHospitalIdx: hospital.idx,
      choseHospitalName: '스마트병원 부산분원',
      ward: '3병동',
    });
    // The log names the fields, never their values.
    const last = (await auditActions()).at(-1)!;
    expect(last.action).toBe('patient.update');
    expect(JSON.stringify(last.detail)).not.toContain('010-1111-2222');
  });

  it('choosing a hospital that does not exist is NOT_FOUND and changes nothing', async () => {
    const before = (await call().get<PatientProfile>(apiPaths.patient.getPatient, { token })).data!;
    const response = await call().put(apiPaths.patient.updateMyData, {
      token,
      body: { choseHospitalIdx: 999_999, name: '바뀌면 안 됨' },
    });
    expect(response.status).toBe(404);
    expect(response.code).toBe(ResultCode.NOT_FOUND);
    const after = (await call().get<PatientProfile>(apiPaths.patient.getPatient, { token })).data!;
    expect(after).toEqual(before);
  });

  it('updateMyData rejects a bad e-mail and unknown fields with messages in Korean', async () => {
    const response = await call().put<ValidationFailure>(apiPaths.patient.updateMyData, {
      token,
      body: { email: 'not-mail', idx: 5 },
    });
    expect(response.status).toBe(400);
    expect(response.data!.fields).toEqual(
      expect.arrayContaining([
        { field: 'email', message: '이메일 형식이 올바르지 않습니다' },
        { field: 'idx', message: '알 수 없는 항목입니다' },
      ]),
    );
  });

  it('updateBodyInfo stores the values and getMyData returns them', async () => {
    const response = await call().put<BodyInfo>(apiPaths.patient.updateBodyInfo, {
      token,
      body: { heightCm: 162.5, weightKg: 58, bloodType: 'A+', allergies: '페니실린' },
    });
    expect(response.code).toBe(ResultCode.SUCCESS);
    expect(response.data).toMatchObject({
      heightCm: 162.5,
      weightKg: 58,
      bloodType: 'A+',
      allergies: '페니실린',
    });
    const partial = await call().put<BodyInfo>(apiPaths.patient.updateBodyInfo, {
      token,
      body: { weightKg: 57 },
    });
    expect(partial.data).toMatchObject({ heightCm: 162.5, weightKg: 57 });
    const impossible = await call().put(apiPaths.patient.updateBodyInfo, { token, body: { heightCm: 900 } });
    expect(impossible.code).toBe(ResultCode.VALIDATION_FAILED);
  });

  it('updateFcmToken keeps one push token per patient', async () => {
    expect(
      (
        await call().put(apiPaths.patient.updateFcmToken, {
          token,
          body: { fcmToken: 'token-1', platform: 'android' },
        })
      ).code,
    ).toBe(ResultCode.SUCCESS);
    expect(
      (await call().put(apiPaths.patient.updateFcmToken, { token, body: { fcmToken: 'token-2' } })).data,
    ).toEqual({});
    const { rows } = await t.app.db.query(
      'SELECT fcm_token, platform FROM push_tokens WHERE patient_idx = $1',
      [patientIdx],
    );
    expect(rows).toEqual([{ fcm_token: 'token-2', platform: 'unknown' }]);
    expect((await call().put(apiPaths.patient.updateFcmToken, { token, body: { fcmToken: '' } })).code).toBe(
      ResultCode.VALIDATION_FAILED,
    );
  });

  it('a device token belongs to the patient who registered it last (a shared phone)', async () => {
    const first = await createPatient(t.app.db);
    const second = await createPatient(t.app.db);
    const register = async (patient: typeof first) =>
      call().put(apiPaths.patient.updateFcmToken, {
        token: (await loginPatient(t.baseUrl, patient)).accessToken,
        body: { fcmToken: 'shared-phone', platform: 'ios' },
      });
    expect((await register(first)).code).toBe(ResultCode.SUCCESS);
    expect((await register(second)).code).toBe(ResultCode.SUCCESS);
    const owners = async () =>
      (
        await t.app.db.query<{ patient_idx: number }>(
          'SELECT patient_idx FROM push_tokens WHERE fcm_token = $1',
          ['shared-phone'],
        )
      ).rows.map((row) => row.patient_idx);
    expect(await owners()).toEqual([second.idx]);
    // And back again when the first patient logs in on it once more.
    expect((await register(first)).code).toBe(ResultCode.SUCCESS);
    expect(await owners()).toEqual([first.idx]);
  });

  it('two patients registering one device at the same moment: one owner, no error', async () => {
    const patients = [
      await createPatient(t.app.db),
      await createPatient(t.app.db),
      await createPatient(t.app.db),
    ];
    const tokens = await Promise.all(patients.map((patient) => loginPatient(t.baseUrl, patient)));
    const answers = await Promise.all(
      tokens.map((pair) =>
        call().put(apiPaths.patient.updateFcmToken, {
          token: pair.accessToken,
          body: { fcmToken: 'raced-phone' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.code)).toEqual(patients.map(() => ResultCode.SUCCESS));
    const { rows } = await t.app.db.query<{ patient_idx: number }>(
      'SELECT patient_idx FROM push_tokens WHERE fcm_token = $1',
      ['raced-phone'],
    );
    expect(rows).toHaveLength(1);
    expect(patients.map((patient) => patient.idx)).toContain(rows[0]!.patient_idx);
  });

  it('the database itself refuses one token on two patients', async () => {
    const [a, b] = [await createPatient(t.app.db), await createPatient(t.app.db)];
    await t.app.db.query(`INSERT INTO push_tokens (patient_idx, fcm_token) VALUES ($1, 'unique-token')`, [
      a.idx,
    ]);
    await expect(
      t.app.db.query(`INSERT INTO push_tokens (patient_idx, fcm_token) VALUES ($1, 'unique-token')`, [b.idx]),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('alarmUpdate switches categories and sets quiet hours', async () => {
    const response = await call().put<AlarmSettings>(apiPaths.patient.alarmUpdate, {
      token,
      body: { chat: false, quietHoursEnabled: true, quietHoursStart: '21:30' },
    });
    expect(response.data).toMatchObject({
      chat: false,
      nurseCall: true,
      quietHoursEnabled: true,
      quietHoursStart: '21:30',
      quietHoursEnd: '07:00',
    });
    expect(
      (await call().put(apiPaths.patient.alarmUpdate, { token, body: { quietHoursEnd: '25:00' } })).code,
    ).toBe(ResultCode.VALIDATION_FAILED);
  });

  it('consents: optional ones can be given and withdrawn; required ones cannot be withdrawn', async () => {
    const given = await call().put<Consent[]>(apiPaths.patient.updateConsents, {
      token,
      body: { consents: [{ termsCode: 'MARKETING', agreed: true }] },
    });
    expect(given.data!.find((c) => c.termsCode === 'MARKETING')).toMatchObject({
      agreed: true,
      agreedAt: expect.any(String),
    });
    const refused = await call().put<ValidationFailure>(apiPaths.patient.updateConsents, {
      token,
      body: {
        consents: [
          { termsCode: 'MARKETING', agreed: false },
          { termsCode: 'HEALTH_DATA', agreed: false },
        ],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(refused.data!.fields.map((f) => f.field)).toEqual(['consents.1.agreed']);
    // Nothing of the refused request was written.
    const list = await call().get<Consent[]>(apiPaths.patient.getConsents, { token });
    expect(list.data!.find((c) => c.termsCode === 'MARKETING')!.agreed).toBe(true);
    expect(list.data!.find((c) => c.termsCode === 'HEALTH_DATA')!.agreed).toBe(false);
  });
});
