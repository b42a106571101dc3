import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyAdmission } from '@smartcare/contract/admission';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { MedicationCalendar, PatientMedications } from '@smartcare/contract/medication';
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

  it('gives the home-care patient medicines with weeks of doses that the demo nurse follows, once', async () => {
    await seedDemo(t.app.db);
    const homecare = await loginPatient(t.baseUrl, { loginId: 'homecare', password: DEMO_PASSWORD });
    const calendar = await api(t.baseUrl).get<MedicationCalendar>(apiPaths.medication.getCalendar, {
      token: homecare.accessToken,
      query: { month: new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 7) },
    });
    expect(calendar.data!.weekRate).toBeGreaterThan(0);
    expect(calendar.data!.weekRate).toBeLessThan(1);
    const nurse = await loginStaff(t.baseUrl, { loginId: 'nurse', password: DEMO_PASSWORD });
    const patientIdx = (
      await t.app.db.one<{ idx: number }>(`SELECT idx FROM patients WHERE login_id = 'homecare'`)
    ).idx;
    const followed = await api(t.baseUrl).get<PatientMedications>(apiPaths.medication.getPatientMedications, {
      token: nurse.accessToken,
      query: { patientIdx },
    });
    expect(followed.data!.medications.map((m) => m.name)).toEqual(
      expect.arrayContaining(['노바스크정5밀리그램', '다이아벡스정500밀리그램']),
    );
    expect(followed.data!.missed.length).toBeGreaterThan(0);
    const doses = () => t.app.db.one<{ n: number }>('SELECT count(*)::int AS n FROM medication_doses');
    const before = await doses();
    // A restart seeds again: nothing is added to an account that exists.
    await seedDemo(t.app.db);
    expect(await doses()).toEqual(before);
  });
});
