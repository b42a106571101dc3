import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { Page } from '@smartcare/contract/paging';
import { ResultCode } from '@smartcare/contract/result-codes';
import type {
  Dashboard,
  RecordResult,
  VitalSign,
  VitalSignSummary,
  VitalSignTarget,
} from '@smartcare/contract/vital-signs';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import {
  api,
  createHospital,
  createPatient,
  createStaff,
  loginPatient,
  loginStaff,
} from '../../testing/factories.ts';
import { vitalSignRepository } from './vital-signs.repository.ts';

/**
 * Home-care vital signs over the real database (issue 13): record, list, correct, delete,
 * summarise, import from the phone, personal targets, erasure on account deletion.
 */
let t: TestApp;
let hospitalIdx: number;
let otherHospitalIdx: number;

async function homePatient(hospital = hospitalIdx) {
  const created = await createPatient(t.app.db, { name: '박재택', choseHospitalIdx: hospital });
  const { accessToken } = await loginPatient(t.baseUrl, created);
  return { ...created, accessToken };
}

async function nurseOf(hospital: number) {
  const staff = await createStaff(t.app.db, { hospitalIdx: hospital, name: '한간호' });
  return { ...staff, accessToken: (await loginStaff(t.baseUrl, staff)).accessToken };
}

const count = async (patientIdx: number) =>
  (
    await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM vital_sign WHERE patient_idx = $1', [
      patientIdx,
    ])
  ).rows[0]!.n;

const record = (token: string, body: unknown, headers?: Record<string, string>) =>
  api(t.baseUrl).post<RecordResult>(apiPaths.vitalSign.record, {
    token,
    body,
    ...(headers ? { headers } : {}),
  });

beforeAll(async () => {
  t = await buildTestApp();
  hospitalIdx = (await createHospital(t.app.db, { name: '재택병원' })).idx;
  otherHospitalIdx = (await createHospital(t.app.db, { name: '다른병원' })).idx;
  // A cold PGlite template on a busy machine takes longer than the default hook timeout.
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('recording a reading', () => {
  it('stores each kind with its LOINC code and UCUM unit, and answers its class and guideline', async () => {
    const patient = await homePatient();
    const cases = [
      [{ kind: 'TEMPERATURE', temperatureC: 36.54, site: 'EAR' }, '8310-5', 'Cel', 36.5, 'NORMAL', 'NEWS2'],
      [{ kind: 'HEART_RATE', bpm: 72 }, '8867-4', '/min', 72, 'NORMAL', 'NEWS2'],
      [{ kind: 'SPO2', percent: 95 }, '59408-5', '%', 95, 'WATCH', 'NEWS2'],
      [
        { kind: 'BLOOD_GLUCOSE', mgdl: 110, timing: 'FASTING' },
        '41604-0',
        'mg/dL',
        110,
        'PREDIABETES',
        'ADA_KDA',
      ],
      [
        { kind: 'BLOOD_GLUCOSE', mgdl: 150, timing: 'AFTER_MEAL_2H' },
        '6689-4',
        'mg/dL',
        150,
        'IMPAIRED',
        'ADA_KDA',
      ],
    ] as const;
    for (const [body, loinc, unit, value, cls, guideline] of cases) {
      const answer = await record(patient.accessToken, body);
      expect(answer.code, JSON.stringify(answer)).toBe(ResultCode.SUCCESS);
      expect(answer.data!.readings[0]).toMatchObject({
        kind: body.kind,
        loinc,
        unit,
        value,
        source: 'MANUAL',
        editable: true,
        judgement: { class: cls, guideline },
        target: null,
      });
    }
    expect(await count(patient.idx)).toBe(cases.length);
  });

  it("stores a cuff's pulse as a heart-rate reading too, and judges the higher BP class (KSH)", async () => {
    const patient = await homePatient();
    const answer = await record(patient.accessToken, {
      kind: 'BLOOD_PRESSURE',
      systolic: 128,
      diastolic: 92,
      pulse: 66,
    });
    expect(answer.code).toBe(ResultCode.SUCCESS);
    const [bp, hr] = answer.data!.readings;
    expect(bp).toMatchObject({
      kind: 'BLOOD_PRESSURE',
      loinc: '85354-9',
      unit: 'mm[Hg]',
      value: 128,
      value2: 92,
      judgement: { class: 'STAGE_1', guideline: 'KSH', urgent: false },
    });
    expect(hr).toMatchObject({ kind: 'HEART_RATE', value: 66, editable: false });
    expect(hr!.effectiveAt).toBe(bp!.effectiveAt);
  });

  it('marks urgent values (BP ≥ 180/110, SpO2 ≤ 91, glucose < 54) so the patient is told what to do', async () => {
    const patient = await homePatient();
    for (const body of [
      { kind: 'BLOOD_PRESSURE', systolic: 185, diastolic: 100 },
      { kind: 'SPO2', percent: 91 },
      { kind: 'BLOOD_GLUCOSE', mgdl: 50, timing: 'RANDOM' },
      { kind: 'TEMPERATURE', temperatureC: 35, site: 'ORAL' },
    ]) {
      const answer = await record(patient.accessToken, body);
      expect(answer.data!.readings[0]!.judgement).toMatchObject({ level: 'urgent', urgent: true });
    }
  });

  it('takes sleep as bed and wake time across midnight, or as a duration', async () => {
    const patient = await homePatient();
    const night = await record(patient.accessToken, {
      kind: 'SLEEP',
      bedAt: '2026-03-01T23:30:00+09:00',
      wakeAt: '2026-03-02T06:00:00+09:00',
      quality: 'FAIR',
    });
    expect(night.data!.readings[0]).toMatchObject({
      value: 390,
      unit: 'min',
      context: 'FAIR',
      effectiveAt: '2026-03-01T14:30:00.000Z',
      effectiveEnd: '2026-03-01T21:00:00.000Z',
      judgement: { class: 'SHORT', guideline: 'AASM' },
    });
    const nap = await record(patient.accessToken, {
      kind: 'SLEEP',
      wakeAt: '2026-03-03T07:00:00+09:00',
      durationMin: 480,
    });
    expect(nap.data!.readings[0]).toMatchObject({ value: 480, judgement: { class: 'ENOUGH' } });
  });

  it('refuses impossible values with a Korean message next to the field, and stores nothing', async () => {
    const patient = await homePatient();
    const cases = [
      [
        { kind: 'TEMPERATURE', temperatureC: 46, site: 'ORAL' },
        'temperatureC',
        '체온은 30~45 °C 사이로 입력해 주세요',
      ],
      [
        { kind: 'BLOOD_PRESSURE', systolic: 40, diastolic: 30 },
        'systolic',
        '수축기 혈압은 50~300 mmHg 사이로 입력해 주세요',
      ],
      [{ kind: 'SPO2', percent: 101 }, 'percent', '산소포화도는 50~100 % 사이로 입력해 주세요'],
      [
        { kind: 'BLOOD_PRESSURE', systolic: 80, diastolic: 120 },
        'diastolic',
        '이완기 혈압은 수축기 혈압보다 낮아야 합니다',
      ],
      [
        { kind: 'SLEEP', wakeAt: '2026-03-02T06:00:00+09:00' },
        'durationMin',
        '잠든 시간과 깬 시간, 또는 수면 시간을 입력해 주세요',
      ],
    ] as const;
    for (const [body, field, message] of cases) {
      const answer = await record(patient.accessToken, body);
      expect(answer.status).toBe(400);
      expect(answer.code).toBe(ResultCode.VITAL_SIGN_IMPOSSIBLE);
      expect(answer.data).toEqual({ fields: [{ field, message }] });
    }
    expect(await count(patient.idx)).toBe(0);
  });

  it('refuses a time in the future but takes a back-dated one', async () => {
    const patient = await homePatient();
    const future = new Date(Date.now() + 3600_000).toISOString();
    const refused = await record(patient.accessToken, { kind: 'HEART_RATE', bpm: 70, effectiveAt: future });
    expect(refused.code).toBe(ResultCode.VITAL_SIGN_IMPOSSIBLE);
    expect(refused.data).toEqual({
      fields: [
        { field: 'effectiveAt', message: '앞으로의 시간은 기록할 수 없습니다. 측정한 시간을 입력해 주세요' },
      ],
    });
    const past = await record(patient.accessToken, {
      kind: 'HEART_RATE',
      bpm: 70,
      effectiveAt: '2025-12-31T21:00:00+09:00',
    });
    expect(past.data!.readings[0]!.effectiveAt).toBe('2025-12-31T12:00:00.000Z');
    expect(await count(patient.idx)).toBe(1);
  });

  it("answers in the caller's language", async () => {
    const patient = await homePatient();
    const answer = await record(
      patient.accessToken,
      { kind: 'SPO2', percent: 30 },
      { 'accept-language': 'en-US' },
    );
    expect(answer.data).toEqual({
      fields: [{ field: 'percent', message: 'Oxygen saturation must be between 50~100 %' }],
    });
  });

  it('refuses unknown kinds and fields with the validation code', async () => {
    const patient = await homePatient();
    expect((await record(patient.accessToken, { kind: 'WEIGHT', kg: 60 })).code).toBe(
      ResultCode.VALIDATION_FAILED,
    );
    expect((await record(patient.accessToken, { kind: 'SPO2', percent: 97, extra: 1 })).code).toBe(
      ResultCode.VALIDATION_FAILED,
    );
    expect((await record(patient.accessToken, { kind: 'SPO2', percent: '97' })).code).toBe(
      ResultCode.VALIDATION_FAILED,
    );
  });

  it('is for patients: no token or a staff token is refused (the token is not a patient session)', async () => {
    const nurse = await nurseOf(hospitalIdx);
    expect((await record('', { kind: 'SPO2', percent: 97 })).status).toBe(401);
    expect((await record(nurse.accessToken, { kind: 'SPO2', percent: 97 })).status).toBe(401);
  });
});

describe('reading, correcting and deleting', () => {
  it('lists one kind newest first, paged, with the total', async () => {
    const patient = await homePatient();
    for (const [bpm, day] of [
      [60, '01'],
      [70, '03'],
      [80, '02'],
    ] as const)
      await record(patient.accessToken, {
        kind: 'HEART_RATE',
        bpm,
        effectiveAt: `2026-01-${day}T09:00:00+09:00`,
      });
    await record(patient.accessToken, { kind: 'SPO2', percent: 97 });
    const first = await api(t.baseUrl).get<Page<VitalSign>>(apiPaths.vitalSign.getReadings, {
      token: patient.accessToken,
      query: { kind: 'HEART_RATE', pSize: 2 },
    });
    expect(first.data!.totalCount).toBe(3);
    expect(first.data!.dataList.map((r) => r.value)).toEqual([70, 80]);
    const second = await api(t.baseUrl).get<Page<VitalSign>>(apiPaths.vitalSign.getReadings, {
      token: patient.accessToken,
      query: { kind: 'HEART_RATE', pSize: 2, pNum: 2 },
    });
    expect(second.data!.dataList.map((r) => r.value)).toEqual([60]);
    const ranged = await api(t.baseUrl).get<Page<VitalSign>>(apiPaths.vitalSign.getReadings, {
      token: patient.accessToken,
      query: { kind: 'HEART_RATE', from: '2026-01-02T00:00:00+09:00', to: '2026-01-03T00:00:00+09:00' },
    });
    expect(ranged.data!.dataList.map((r) => r.value)).toEqual([80]);
    const audited = await t.app.db.query(
      `SELECT 1 FROM audit_log WHERE action = 'vitalSign.read' AND patient_idx = $1`,
      [patient.idx],
    );
    expect(audited.rows.length).toBe(3);
  });

  it("never shows another patient's readings", async () => {
    const owner = await homePatient();
    const other = await homePatient();
    await record(owner.accessToken, { kind: 'SPO2', percent: 97 });
    const seen = await api(t.baseUrl).get<Page<VitalSign>>(apiPaths.vitalSign.getReadings, {
      token: other.accessToken,
      query: { kind: 'SPO2' },
    });
    expect(seen.data!.totalCount).toBe(0);
  });

  it('corrects a blood pressure and its pulse together; removing the pulse removes the heart rate', async () => {
    const patient = await homePatient();
    const saved = await record(patient.accessToken, {
      kind: 'BLOOD_PRESSURE',
      systolic: 150,
      diastolic: 95,
      pulse: 88,
    });
    const bpIdx = saved.data!.readings[0]!.idx;
    const corrected = await api(t.baseUrl).put<RecordResult>(apiPaths.vitalSign.update, {
      token: patient.accessToken,
      body: { idx: bpIdx, reading: { kind: 'BLOOD_PRESSURE', systolic: 118, diastolic: 76, pulse: 64 } },
    });
    expect(corrected.data!.readings.map((r) => [r.kind, r.value])).toEqual([
      ['BLOOD_PRESSURE', 118],
      ['HEART_RATE', 64],
    ]);
    expect(corrected.data!.readings[0]!.judgement!.class).toBe('NORMAL');
    await api(t.baseUrl).put(apiPaths.vitalSign.update, {
      token: patient.accessToken,
      body: { idx: bpIdx, reading: { kind: 'BLOOD_PRESSURE', systolic: 118, diastolic: 76 } },
    });
    expect(await count(patient.idx)).toBe(1);

    // The heart rate made from a pulse is changed only through its blood pressure.
    const again = await record(patient.accessToken, {
      kind: 'BLOOD_PRESSURE',
      systolic: 120,
      diastolic: 70,
      pulse: 70,
    });
    const pairedIdx = again.data!.readings[1]!.idx;
    const direct = await api(t.baseUrl).delete(apiPaths.vitalSign.delete, {
      token: patient.accessToken,
      body: { idx: pairedIdx },
    });
    expect(direct.code).toBe(ResultCode.VITAL_SIGN_NOT_EDITABLE);
    const deleted = await api(t.baseUrl).delete(apiPaths.vitalSign.delete, {
      token: patient.accessToken,
      body: { idx: again.data!.readings[0]!.idx },
    });
    expect(deleted.code).toBe(ResultCode.SUCCESS);
    expect(await count(patient.idx)).toBe(1);
  });

  it('refuses an impossible correction and keeps the reading as it was', async () => {
    const patient = await homePatient();
    const saved = await record(patient.accessToken, {
      kind: 'TEMPERATURE',
      temperatureC: 37.2,
      site: 'ORAL',
    });
    const idx = saved.data!.readings[0]!.idx;
    const answer = await api(t.baseUrl).put(apiPaths.vitalSign.update, {
      token: patient.accessToken,
      body: { idx, reading: { kind: 'TEMPERATURE', temperatureC: 29, site: 'ORAL' } },
    });
    expect(answer.code).toBe(ResultCode.VITAL_SIGN_IMPOSSIBLE);
    expect(answer.data).toEqual({
      fields: [{ field: 'reading.temperatureC', message: '체온은 30~45 °C 사이로 입력해 주세요' }],
    });
    const changedKind = await api(t.baseUrl).put(apiPaths.vitalSign.update, {
      token: patient.accessToken,
      body: { idx, reading: { kind: 'HEART_RATE', bpm: 60 } },
    });
    expect(changedKind.code).toBe(ResultCode.VALIDATION_FAILED);
    expect((await vitalSignRepository.find(t.app.db, idx))!.value).toBe(37.2);
  });

  it("refuses to touch another patient's reading, as if it did not exist, and audits the refusal", async () => {
    const owner = await homePatient();
    const intruder = await homePatient();
    const saved = await record(owner.accessToken, { kind: 'SPO2', percent: 97 });
    const idx = saved.data!.readings[0]!.idx;
    const edit = await api(t.baseUrl).put(apiPaths.vitalSign.update, {
      token: intruder.accessToken,
      body: { idx, reading: { kind: 'SPO2', percent: 90 } },
    });
    expect(edit.status).toBe(404);
    const del = await api(t.baseUrl).delete(apiPaths.vitalSign.delete, {
      token: intruder.accessToken,
      body: { idx },
    });
    expect(del.status).toBe(404);
    expect((await vitalSignRepository.find(t.app.db, idx))!.value).toBe(97);
  });
});

describe('period summary', () => {
  it('gives count, averages and every reading for a short period', async () => {
    const patient = await homePatient();
    for (const [s, d, day] of [
      [120, 80, '10'],
      [130, 84, '11'],
      [140, 90, '12'],
    ] as const)
      await record(patient.accessToken, {
        kind: 'BLOOD_PRESSURE',
        systolic: s,
        diastolic: d,
        effectiveAt: `2026-02-${day}T08:00:00+09:00`,
      });
    const summary = await api(t.baseUrl).get<VitalSignSummary>(apiPaths.vitalSign.getSummary, {
      token: patient.accessToken,
      query: { kind: 'BLOOD_PRESSURE', from: '2026-02-01T00:00:00+09:00', to: '2026-03-01T00:00:00+09:00' },
    });
    expect(summary.data).toMatchObject({ count: 3, average: 130, min: 120, max: 140, bucketSeconds: 0 });
    expect(summary.data!.average2).toBeCloseTo(84.67, 1);
    expect(summary.data!.series.map((p) => [p.value, p.value2])).toEqual([
      [120, 80],
      [130, 84],
      [140, 90],
    ]);
  });

  it('averages a year of readings into daily points', async () => {
    const patient = await homePatient();
    const start = Date.parse('2025-01-01T00:00:00+09:00');
    await t.app.db.transaction(async (tx) => {
      for (let i = 0; i < 365 * 2; i++) {
        const at = new Date(start + i * 12 * 3600_000 + 3600_000);
        await vitalSignRepository.insert(tx, {
          patientIdx: patient.idx,
          kind: 'HEART_RATE',
          loinc: '8867-4',
          ucum: '/min',
          value: i % 2 === 0 ? 60 : 80,
          value2: null,
          context: null,
          effectiveAt: at,
          effectiveEnd: null,
          source: 'MANUAL',
          sourceRecordId: null,
          enteredByType: 'patient',
          enteredByIdx: patient.idx,
          pairedWithIdx: null,
        });
      }
    });
    const summary = await api(t.baseUrl).get<VitalSignSummary>(apiPaths.vitalSign.getSummary, {
      token: patient.accessToken,
      query: { kind: 'HEART_RATE', from: '2025-01-01T00:00:00+09:00', to: '2026-01-01T00:00:00+09:00' },
    });
    expect(summary.data).toMatchObject({ count: 730, average: 70, bucketSeconds: 86_400 });
    expect(summary.data!.series).toHaveLength(365);
    expect(summary.data!.series[0]).toMatchObject({
      at: '2024-12-31T15:00:00.000Z',
      value: 70,
      min: 60,
      max: 80,
      count: 2,
    });
  });

  it('refuses a period that ends before it starts', async () => {
    const patient = await homePatient();
    const answer = await api(t.baseUrl).get(apiPaths.vitalSign.getSummary, {
      token: patient.accessToken,
      query: { kind: 'SPO2', from: '2026-02-01T00:00:00+09:00', to: '2026-01-01T00:00:00+09:00' },
    });
    expect(answer.code).toBe(ResultCode.VALIDATION_FAILED);
  });
});

describe('dashboard', () => {
  it('shows the latest reading of each kind with its class, and daily averages for the sparkline', async () => {
    const patient = await homePatient();
    const now = Date.now();
    await record(patient.accessToken, {
      kind: 'SPO2',
      percent: 93,
      effectiveAt: new Date(now - 3600_000).toISOString(),
    });
    await record(patient.accessToken, {
      kind: 'SPO2',
      percent: 97,
      effectiveAt: new Date(now - 60_000).toISOString(),
    });
    const answer = await api(t.baseUrl).get<Dashboard>(apiPaths.vitalSign.getDashboard, {
      token: patient.accessToken,
    });
    expect(answer.data!.kinds.map((k) => k.kind)).toEqual([
      'TEMPERATURE',
      'BLOOD_PRESSURE',
      'HEART_RATE',
      'SPO2',
      'BLOOD_GLUCOSE',
      'SLEEP',
      'STEPS',
      'EXERCISE',
    ]);
    const spo2 = answer.data!.kinds.find((k) => k.kind === 'SPO2')!;
    expect(spo2.latest).toMatchObject({ value: 97, judgement: { class: 'NORMAL' } });
    expect(spo2.week.reduce((sum, d) => sum + d.value, 0) / spo2.week.length).toBeGreaterThan(93);
    expect(answer.data!.kinds.find((k) => k.kind === 'TEMPERATURE')).toEqual({
      kind: 'TEMPERATURE',
      latest: null,
      week: [],
    });
  });
});

describe('import from the phone (native bridge)', () => {
  const batch = (records: unknown[]) => ({ source: 'HEALTH_CONNECT', records });

  it('stores each source record once; a changed record is updated in place', async () => {
    const patient = await homePatient();
    const records = [
      {
        sourceRecordId: 'spo2-1',
        reading: { kind: 'SPO2', percent: 96, effectiveAt: '2026-02-01T07:00:00+09:00' },
      },
      {
        sourceRecordId: 'steps-0201',
        reading: { kind: 'STEPS', steps: 3200, effectiveAt: '2026-02-01T12:00:00+09:00' },
      },
      {
        sourceRecordId: 'walk-1',
        reading: {
          kind: 'EXERCISE',
          activity: 'WALKING',
          durationMin: 40,
          kcal: 150,
          effectiveAt: '2026-02-01T18:00:00+09:00',
        },
      },
    ];
    const first = await api(t.baseUrl).post(apiPaths.vitalSign.importBatch, {
      token: patient.accessToken,
      body: batch(records),
    });
    expect(first.data).toEqual({ inserted: 3, updated: 0, unchanged: 0 });
    const again = await api(t.baseUrl).post(apiPaths.vitalSign.importBatch, {
      token: patient.accessToken,
      body: batch(records),
    });
    expect(again.data).toEqual({ inserted: 0, updated: 0, unchanged: 3 });
    const grown = await api(t.baseUrl).post(apiPaths.vitalSign.importBatch, {
      token: patient.accessToken,
      body: batch([
        {
          sourceRecordId: 'steps-0201',
          reading: { kind: 'STEPS', steps: 8100, effectiveAt: '2026-02-01T20:00:00+09:00' },
        },
      ]),
    });
    expect(grown.data).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
    expect(await count(patient.idx)).toBe(3);

    const steps = await api(t.baseUrl).get<Page<VitalSign>>(apiPaths.vitalSign.getReadings, {
      token: patient.accessToken,
      query: { kind: 'STEPS' },
    });
    // A day of steps covers the Korean calendar day.
    expect(steps.data!.dataList[0]).toMatchObject({
      value: 8100,
      unit: '/d',
      loinc: '41950-7',
      source: 'HEALTH_CONNECT',
      editable: false,
      effectiveAt: '2026-01-31T15:00:00.000Z',
      effectiveEnd: '2026-02-01T15:00:00.000Z',
    });
    const exercise = await api(t.baseUrl).get<Page<VitalSign>>(apiPaths.vitalSign.getReadings, {
      token: patient.accessToken,
      query: { kind: 'EXERCISE' },
    });
    expect(exercise.data!.dataList[0]).toMatchObject({
      value: 40,
      value2: 150,
      context: 'WALKING',
      unit: 'min',
    });

    // Imported readings are the device's: the patient cannot edit them.
    const edit = await api(t.baseUrl).delete(apiPaths.vitalSign.delete, {
      token: patient.accessToken,
      body: { idx: exercise.data!.dataList[0]!.idx },
    });
    expect(edit.code).toBe(ResultCode.VITAL_SIGN_NOT_EDITABLE);
  });

  it('refuses the whole batch when one record is impossible, naming it', async () => {
    const patient = await homePatient();
    const answer = await api(t.baseUrl).post(apiPaths.vitalSign.importBatch, {
      token: patient.accessToken,
      body: batch([
        { sourceRecordId: 'a', reading: { kind: 'SPO2', percent: 97 } },
        { sourceRecordId: 'b', reading: { kind: 'SPO2', percent: 20 } },
      ]),
    });
    expect(answer.code).toBe(ResultCode.VITAL_SIGN_IMPOSSIBLE);
    expect(answer.data).toEqual({
      fields: [{ field: 'records.1.reading.percent', message: '산소포화도는 50~100 % 사이로 입력해 주세요' }],
    });
    expect(await count(patient.idx)).toBe(0);
  });

  it('keeps the same source id of two patients apart', async () => {
    const a = await homePatient();
    const b = await homePatient();
    for (const patient of [a, b]) {
      const answer = await api(t.baseUrl).post(apiPaths.vitalSign.importBatch, {
        token: patient.accessToken,
        body: batch([{ sourceRecordId: 'same-id', reading: { kind: 'SPO2', percent: 98 } }]),
      });
      expect(answer.data).toEqual({ inserted: 1, updated: 0, unchanged: 0 });
    }
  });
});

describe('personal targets', () => {
  it("a nurse of the patient's hospital sets BP below 130/80; the patient's readings are judged by it", async () => {
    const patient = await homePatient();
    const nurse = await nurseOf(hospitalIdx);
    const set = await api(t.baseUrl).put<VitalSignTarget[]>(apiPaths.vitalSign.setTarget, {
      token: nurse.accessToken,
      body: { patientIdx: patient.idx, kind: 'BLOOD_PRESSURE', low: null, high: 130, high2: 80 },
    });
    expect(set.data).toEqual([
      expect.objectContaining({ kind: 'BLOOD_PRESSURE', high: 130, high2: 80, setByName: '한간호' }),
    ]);
    const reading = await record(patient.accessToken, {
      kind: 'BLOOD_PRESSURE',
      systolic: 126,
      diastolic: 82,
    });
    expect(reading.data!.readings[0]).toMatchObject({
      target: 'ABOVE_TARGET',
      judgement: { class: 'PRE_HYPERTENSION', guideline: 'KSH' },
    });
    const mine = await api(t.baseUrl).get<VitalSignTarget[]>(apiPaths.vitalSign.getMyTargets, {
      token: patient.accessToken,
    });
    expect(mine.data).toHaveLength(1);
    const cleared = await api(t.baseUrl).delete<VitalSignTarget[]>(apiPaths.vitalSign.clearTarget, {
      token: nurse.accessToken,
      body: { patientIdx: patient.idx, kind: 'BLOOD_PRESSURE' },
    });
    expect(cleared.data).toEqual([]);
  });

  it("another hospital's staff can neither read nor set a patient's targets", async () => {
    const patient = await homePatient();
    const stranger = await nurseOf(otherHospitalIdx);
    const read = await api(t.baseUrl).get(apiPaths.vitalSign.getPatientTargets, {
      token: stranger.accessToken,
      query: { patientIdx: patient.idx },
    });
    expect(read.status).toBe(404);
    const set = await api(t.baseUrl).put(apiPaths.vitalSign.setTarget, {
      token: stranger.accessToken,
      body: { patientIdx: patient.idx, kind: 'SPO2', low: 94, high: null },
    });
    expect(set.status).toBe(404);
    expect((await vitalSignRepository.targets(t.app.db, patient.idx)).length).toBe(0);
    const patientTries = await api(t.baseUrl).put(apiPaths.vitalSign.setTarget, {
      token: patient.accessToken,
      body: { patientIdx: patient.idx, kind: 'SPO2', low: 94, high: null },
    });
    expect(patientTries.status).toBe(401);
  });
});

describe('account deletion', () => {
  it("erases the patient's readings and nobody else's", async () => {
    const patient = await homePatient();
    const bystander = await homePatient();
    await record(patient.accessToken, { kind: 'BLOOD_PRESSURE', systolic: 120, diastolic: 70, pulse: 70 });
    await record(bystander.accessToken, { kind: 'SPO2', percent: 97 });
    const deleted = await api(t.baseUrl).delete(apiPaths.patient.delete, {
      token: patient.accessToken,
      body: { password: patient.password },
    });
    expect(deleted.code).toBe(ResultCode.SUCCESS);
    expect(await count(patient.idx)).toBe(0);
    expect(await count(bystander.idx)).toBe(1);
  });
});
