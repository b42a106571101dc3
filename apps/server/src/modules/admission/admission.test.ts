import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Admission, AdmissionPatient } from '@smartcare/contract/admission';
import { apiPaths } from '@smartcare/contract/api-paths';
import { ResultCode } from '@smartcare/contract/result-codes';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import {
  api,
  createHospital,
  createPatient,
  createStaff,
  loginPatient,
  loginStaff,
} from '../../testing/factories.ts';
import { activeAdmissionOf } from './admission.service.ts';

/** Admissions (issue 10): staff of a hospital admit, move and discharge its patients; audited. */
let t: TestApp;
let hospitalIdx: number;
let nurse: string;
let outsider: string;

beforeAll(async () => {
  t = await buildTestApp();
  hospitalIdx = (await createHospital(t.app.db, { name: '입원병원' })).idx;
  const other = (await createHospital(t.app.db, { name: '남의병원' })).idx;
  nurse = (await loginStaff(t.baseUrl, await createStaff(t.app.db, { hospitalIdx }))).accessToken;
  outsider = (await loginStaff(t.baseUrl, await createStaff(t.app.db, { hospitalIdx: other }))).accessToken;
});

afterAll(async () => {
  await t?.close();
});

const auditOf = async (patientIdx: number) =>
  (
    await t.app.db.query<{ action: string }>(
      'SELECT action FROM audit_log WHERE patient_idx = $1 ORDER BY idx',
      [patientIdx],
    )
  ).rows.map((r) => r.action);

describe('admissions', () => {
  it('are admitted, moved and discharged by staff of the hospital, each step audited', async () => {
    const patient = await createPatient(t.app.db, { name: '입원환자', choseHospitalIdx: hospitalIdx });
    const admitted = await api(t.baseUrl).post<Admission>(apiPaths.admission.admit, {
      token: nurse,
      body: { patientIdx: patient.idx, ward: '7병동', bed: '703-2', identityConfirmed: true },
    });
    expect(admitted.data).toMatchObject({
      patientName: '입원환자',
      ward: '7병동',
      bed: '703-2',
      dischargedAt: null,
    });
    expect(admitted.data!.identityConfirmedAt).not.toBeNull();
    expect(await activeAdmissionOf(t.app.db, patient.idx)).toEqual({
      hospitalIdx,
      ward: '7병동',
      bed: '703-2',
    });

    const twice = await api(t.baseUrl).post(apiPaths.admission.admit, {
      token: nurse,
      body: { patientIdx: patient.idx, ward: '8병동', bed: '801', identityConfirmed: true },
    });
    expect(twice.code).toBe(ResultCode.ALREADY_ADMITTED);

    const moved = await api(t.baseUrl).put<Admission>(apiPaths.admission.moveBed, {
      token: nurse,
      body: { admissionIdx: admitted.data!.idx, ward: '8병동', bed: '805-1' },
    });
    expect(moved.data).toMatchObject({ ward: '8병동', bed: '805-1' });
    const { accessToken } = await loginPatient(t.baseUrl, patient);
    const mine = await api(t.baseUrl).get(apiPaths.admission.getMyAdmission, { token: accessToken });
    expect(mine.data).toMatchObject({ hospitalIdx, hospitalName: '입원병원', ward: '8병동', bed: '805-1' });

    const discharged = await api(t.baseUrl).put<Admission>(apiPaths.admission.discharge, {
      token: nurse,
      body: { admissionIdx: admitted.data!.idx },
    });
    expect(discharged.data!.dischargedAt).not.toBeNull();
    expect(await activeAdmissionOf(t.app.db, patient.idx)).toBeNull();
    const again = await api(t.baseUrl).put(apiPaths.admission.discharge, {
      token: nurse,
      body: { admissionIdx: admitted.data!.idx },
    });
    expect(again.code).toBe(ResultCode.ADMISSION_CLOSED);
    expect(await auditOf(patient.idx)).toEqual(
      expect.arrayContaining(['admission.admit', 'admission.moveBed', 'admission.discharge']),
    );
  });

  it("are refused to another hospital's staff, who cannot even tell the patient exists", async () => {
    const patient = await createPatient(t.app.db, { choseHospitalIdx: hospitalIdx });
    const theirs = await api(t.baseUrl).post(apiPaths.admission.admit, {
      token: outsider,
      body: { patientIdx: patient.idx, ward: '1병동', bed: '101', identityConfirmed: true },
    });
    expect(theirs.code).toBe(ResultCode.NOT_FOUND);
    const ours = await api(t.baseUrl).post<Admission>(apiPaths.admission.admit, {
      token: nurse,
      body: { patientIdx: patient.idx, ward: '7병동', bed: '701', identityConfirmed: false },
    });
    for (const [path, body] of [
      [apiPaths.admission.moveBed, { admissionIdx: ours.data!.idx, ward: '1병동', bed: '1' }],
      [apiPaths.admission.discharge, { admissionIdx: ours.data!.idx }],
    ] as const) {
      expect((await api(t.baseUrl).put(path, { token: outsider, body })).code).toBe(ResultCode.NOT_FOUND);
    }
    const list = await api(t.baseUrl).get<AdmissionPatient[]>(apiPaths.admission.getPatients, {
      token: outsider,
    });
    expect(list.data!.map((p) => p.patientIdx)).not.toContain(patient.idx);
    expect(await activeAdmissionOf(t.app.db, patient.idx)).toMatchObject({ ward: '7병동', bed: '701' });
  });

  it('are listed with search by name or patient number, admitted first', async () => {
    const a = await createPatient(t.app.db, { name: '검색가나', choseHospitalIdx: hospitalIdx });
    const b = await createPatient(t.app.db, { name: '검색가다', choseHospitalIdx: hospitalIdx });
    await api(t.baseUrl).post(apiPaths.admission.admit, {
      token: nurse,
      body: { patientIdx: b.idx, ward: '6병동', bed: '601', identityConfirmed: true },
    });
    const byName = await api(t.baseUrl).get<AdmissionPatient[]>(apiPaths.admission.getPatients, {
      token: nurse,
      query: { keyword: '검색가' },
    });
    expect(byName.data!.map((p) => p.patientIdx)).toEqual([b.idx, a.idx]);
    expect(byName.data![0]!.admission).toMatchObject({ ward: '6병동', bed: '601' });
    const byNumber = await api(t.baseUrl).get<AdmissionPatient[]>(apiPaths.admission.getPatients, {
      token: nurse,
      query: { keyword: String(a.idx) },
    });
    expect(byNumber.data!.map((p) => p.patientIdx)).toContain(a.idx);
  });

  it('refuse bad input with the validation code and change nothing', async () => {
    const patient = await createPatient(t.app.db, { choseHospitalIdx: hospitalIdx });
    for (const body of [
      { patientIdx: patient.idx, ward: '7병\u0000동', bed: '1', identityConfirmed: true },
      { patientIdx: patient.idx, ward: '', bed: '1', identityConfirmed: true },
      { patientIdx: patient.idx, ward: '7병동', bed: 'x'.repeat(21), identityConfirmed: true },
      { patientIdx: 2147483648, ward: '7병동', bed: '1', identityConfirmed: true },
      { patientIdx: patient.idx, ward: '7병동', bed: '1' },
    ]) {
      const response = await api(t.baseUrl).post(apiPaths.admission.admit, { token: nurse, body });
      expect(response.status).toBe(400);
      expect(response.code).toBe(ResultCode.VALIDATION_FAILED);
    }
    expect(await activeAdmissionOf(t.app.db, patient.idx)).toBeNull();
    // Patients cannot admit themselves.
    const { accessToken } = await loginPatient(t.baseUrl, patient);
    const self = await api(t.baseUrl).post(apiPaths.admission.admit, {
      token: accessToken,
      body: { patientIdx: patient.idx, ward: '7병동', bed: '1', identityConfirmed: true },
    });
    expect(self.status).toBeGreaterThanOrEqual(401);
    expect(await activeAdmissionOf(t.app.db, patient.idx)).toBeNull();
  });
});
