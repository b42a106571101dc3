import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyAdmission } from '@smartcare/contract/admission';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { MyData } from '@smartcare/contract/patient';
import type { StaffProfile } from '@smartcare/contract/staff';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { api, loginPatient, loginStaff } from '../testing/factories.ts';
import { DEMO_PASSWORD, seedDemo } from './seed-demo.ts';

describe('demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('gives working demo logins for both areas and both roles, and seeding twice changes nothing', async () => {
    const first = await seedDemo(t.app.db);
    const counts = async () =>
      t.app.db.one(
        'SELECT (SELECT count(*) FROM hospitals) AS h, (SELECT count(*) FROM patients) AS p, (SELECT count(*) FROM staff_users) AS s, (SELECT count(*) FROM terms) AS t',
      );
    const before = await counts();
    expect(before).toEqual({ h: 2, p: 2, s: 3, t: 6 });
    await seedDemo(t.app.db);
    expect(await counts()).toEqual(before);
    expect(first.logins.map((l) => l.loginId)).toEqual(['demo', 'homecare', 'nurse', 'admin', 'nurse2']);

    const demo = await loginPatient(t.baseUrl, { loginId: 'demo', password: DEMO_PASSWORD });
    const myData = await api(t.baseUrl).get<MyData>(apiPaths.patient.getMyData, { token: demo.accessToken });
    expect(myData.data!.profile).toMatchObject({
      areas: ['HOSPITAL'],
      choseHospitalName: '스마트병원 서울본원',
      ward: '7병동',
    });
    expect(myData.data!.consents.filter((c) => c.required).every((c) => c.agreed)).toBe(true);
    const homecare = await loginPatient(t.baseUrl, { loginId: 'homecare', password: DEMO_PASSWORD });
    const profile = await api(t.baseUrl).get<MyData>(apiPaths.patient.getMyData, {
      token: homecare.accessToken,
    });
    expect(profile.data!.profile.areas).toEqual(['HOMECARE']);
    // issue 10: the inpatient is admitted (nurse calls work), home care is not.
    const demoAdmission = await api(t.baseUrl).get<MyAdmission>(apiPaths.admission.getMyAdmission, {
      token: demo.accessToken,
    });
    expect(demoAdmission.data).toMatchObject({
      hospitalName: '스마트병원 서울본원',
      ward: '7병동',
      bed: '703-2',
    });
    const homecareAdmission = await api(t.baseUrl).get<MyAdmission>(apiPaths.admission.getMyAdmission, {
      token: homecare.accessToken,
    });
    expect(homecareAdmission.data).toBeNull();

    for (const [loginId, role] of [
      ['nurse', 'NURSE'],
      ['admin', 'ADMIN'],
    ] as const) {
      const pair = await loginStaff(t.baseUrl, { loginId, password: DEMO_PASSWORD });
      const me = await api(t.baseUrl).get<StaffProfile>(apiPaths.staff.getMyData, {
        token: pair.accessToken,
      });
      expect(me.data).toMatchObject({ role, hospitalName: '스마트병원 서울본원' });
    }
  });
});
