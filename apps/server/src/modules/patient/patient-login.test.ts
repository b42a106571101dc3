import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import { ResultCode } from '@smartcare/contract/result-codes';
import type { PatientProfile } from '@smartcare/contract/patient';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { api, createHospital, createPatient, loginPatient } from '../../testing/factories.ts';

describe('patient login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('gives a token pair that opens the patient’s own profile', async () => {
    const hospital = await createHospital(t.app.db, { name: '스마트병원 테스트' });
    const patient = await createPatient(t.app.db, { name: '홍길동', choseHospitalIdx: hospital.idx, ward: '5병동', bed: '12' });
    const tokens = await loginPatient(t.baseUrl, patient);
    const profile = await api(t.baseUrl).get<PatientProfile>(apiPaths.patient.getPatient, { token: tokens.accessToken });
    expect(profile.status).toBe(200);
    expect(profile.code).toBe(ResultCode.SUCCESS);
    expect(profile.data).toMatchObject({ idx: patient.idx, name: '홍길동', choseHospitalIdx: hospital.idx, choseHospitalName: '스마트병원 테스트', ward: '5병동' });
  });

  it('answers a wrong password with BAD_CREDENTIALS in Korean', async () => {
    const patient = await createPatient(t.app.db);
    const response = await api(t.baseUrl).post(apiPaths.patient.login, { body: { loginId: patient.loginId, password: 'wrong-Pass1!' } });
    expect(response.status).toBe(401);
    expect(response.code).toBe(ResultCode.BAD_CREDENTIALS);
    expect(response.description).toBe('아이디 또는 비밀번호가 올바르지 않습니다.');
  });
});
