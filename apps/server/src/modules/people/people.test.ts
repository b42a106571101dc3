import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { createHospital, createPatient, createStaff } from '../../testing/factories.ts';
import { createPeopleService, type PeopleService } from './people.service.ts';

describe('people directory (one answer to "who is this patient / staff member")', () => {
  let t: TestApp;
  let people: PeopleService;
  beforeAll(async () => {
    t = await buildTestApp();
    people = createPeopleService({ db: t.app.db });
  });
  afterAll(() => t.close());

  it('names a live patient with the hospital their app has chosen now', async () => {
    const hospital = await createHospital(t.app.db);
    const patient = await createPatient(t.app.db, { name: '박환자' });
    expect(await people.patient(patient.idx)).toEqual({
      idx: patient.idx,
      name: '박환자',
      chosenHospitalIdx: null,
      homeCare: false,
    });
    await t.app.db.query(`UPDATE patients SET chose_hospital_idx = $1 WHERE idx = $2`, [
      hospital.idx,
      patient.idx,
    ]);
    expect((await people.patient(patient.idx))?.chosenHospitalIdx).toBe(hospital.idx);
  });

  it('says whether the patient is a home-care patient (HOMECARE among the areas, decision 021)', async () => {
    const home = await createPatient(t.app.db, { areas: ['HOMECARE'] });
    const both = await createPatient(t.app.db, { areas: ['HOSPITAL', 'HOMECARE'] });
    const ward = await createPatient(t.app.db, { areas: ['HOSPITAL'] });
    expect((await people.patient(home.idx))?.homeCare).toBe(true);
    expect((await people.patient(both.idx))?.homeCare).toBe(true);
    expect((await people.patient(ward.idx))?.homeCare).toBe(false);
  });

  it("answers a staff member with one of their hospital's home-care patients, and refuses any other patient naming them", async () => {
    const hospital = await createHospital(t.app.db);
    const nurse = await createStaff(t.app.db, { hospitalIdx: hospital.idx });
    const home = await createPatient(t.app.db, { areas: ['HOMECARE'] });
    const ward = await createPatient(t.app.db, { areas: ['HOSPITAL'] });
    const elsewhere = await createPatient(t.app.db, { areas: ['HOMECARE'] });
    await t.app.db.query(`UPDATE patients SET chose_hospital_idx = $1 WHERE idx = ANY($2::int[])`, [
      hospital.idx,
      [home.idx, ward.idx],
    ]);
    const found = await people.homeCarePatientOf(nurse.idx, home.idx);
    expect([found.staff.idx, found.patient.idx]).toEqual([nurse.idx, home.idx]);
    for (const patient of [ward, elsewhere])
      await expect(people.homeCarePatientOf(nurse.idx, patient.idx)).rejects.toMatchObject({
        code: 'NOT_FOUND',
        patientIdx: patient.idx,
      });
    await expect(people.homeCarePatientOf(nurse.idx, 2_000_000_000)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      patientIdx: null,
    });
  });

  it('a deleted account and an unknown number are nobody', async () => {
    const patient = await createPatient(t.app.db);
    await t.app.db.query(`UPDATE patients SET deleted_at = now() WHERE idx = $1`, [patient.idx]);
    expect(await people.patient(patient.idx)).toBeNull();
    expect(await people.patient(2_000_000_000)).toBeNull();
  });

  it('names an active staff member with hospital and role; a deactivated one is nobody', async () => {
    const staff = await createStaff(t.app.db, { name: '최간호', role: 'NURSE' });
    expect(await people.staff(staff.idx)).toEqual({
      idx: staff.idx,
      name: '최간호',
      hospitalIdx: staff.hospitalIdx,
      role: 'NURSE',
    });
    await t.app.db.query(`UPDATE staff_users SET active = false WHERE idx = $1`, [staff.idx]);
    expect(await people.staff(staff.idx)).toBeNull();
  });

  it("reads inside a transaction it is given (sees the transaction's own writes)", async () => {
    const patient = await createPatient(t.app.db, { name: '전이름' });
    await t.app.db.transaction(async (tx) => {
      await tx.query(`UPDATE patients SET name = '새이름' WHERE idx = $1`, [patient.idx]);
      expect((await people.patient(patient.idx, tx))?.name).toBe('새이름');
    });
  });
});
