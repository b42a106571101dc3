import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import {
  medicationInputSchema,
  type Dose,
  type Medication,
  type MedicationCalendar,
  type MedicationDetail,
  type MedicationInput,
  type Medicine,
  type PatientMedications,
} from '@smartcare/contract/medication';
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
import { createPeopleService } from '../people/people.service.ts';
import { MEDICATION_DOSE_JOB } from './medication.jobs.ts';
import { kstInstant } from './medication.schedule.ts';
import {
  createMedicationService,
  quietHoursEndAfter,
  quietHoursSummary,
  type MedicationNotifier,
} from './medication.service.ts';

/** Medication reminders over the real database (issue 15). */
let t: TestApp;
let hospitalIdx: number;
let otherHospitalIdx: number;

async function homePatient(hospital = hospitalIdx, areas: ('HOSPITAL' | 'HOMECARE')[] = ['HOMECARE']) {
  const created = await createPatient(t.app.db, { name: '최복약', choseHospitalIdx: hospital, areas });
  return { ...created, accessToken: (await loginPatient(t.baseUrl, created)).accessToken };
}
async function nurseOf(hospital: number) {
  const staff = await createStaff(t.app.db, { hospitalIdx: hospital, name: '한간호' });
  return { ...staff, accessToken: (await loginStaff(t.baseUrl, staff)).accessToken };
}

/** 'HH:MM' Korean time, `minutes` from now. */
function kstClock(minutes: number): string {
  return new Date(Date.now() + 9 * 3_600_000 + minutes * 60_000).toISOString().slice(11, 16);
}
/** The date in Korea `minutes` from now. */
const kstDate = (minutes: number) =>
  new Date(Date.now() + 9 * 3_600_000 + minutes * 60_000).toISOString().slice(0, 10);
const todayKst = () => kstDate(0);
/** The day of a dose five minutes ago: in the first minutes after midnight in Korea, yesterday. */
const dueDay = () => kstDate(-5);

const medicine = (overrides: Partial<MedicationInput> = {}): MedicationInput => ({
  name: '노바스크정5밀리그램',
  medicineCode: null,
  strength: '5mg',
  form: 'TABLET',
  dosePerIntake: 1,
  times: ['08:00', '20:00'],
  startDate: '2026-03-01',
  ...overrides,
});

/** `access.refused` entries about the patient (a refusal is audited with its patient). */
const refusals = async (patientIdx: number) =>
  (
    await t.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'access.refused' AND patient_idx = $1`,
      [patientIdx],
    )
  ).rows[0]!.n;

const countDoses = async (medicationIdx: number) =>
  (
    await t.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM medication_doses WHERE medication_idx = $1',
      [medicationIdx],
    )
  ).rows[0]!.n;

beforeAll(async () => {
  t = await buildTestApp();
  hospitalIdx = (await createHospital(t.app.db, { name: '복약병원' })).idx;
  otherHospitalIdx = (await createHospital(t.app.db, { name: '다른병원' })).idx;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the patient adds a medicine and takes a dose', () => {
  it('searches the list by 초성, adds one twice a day, sees the due dose, takes it once (double tap), stock goes down once', async () => {
    const patient = await homePatient();
    const found = await api(t.baseUrl).get<Medicine[]>(apiPaths.medication.searchMedicine, {
      token: patient.accessToken,
      query: { q: 'ㅌㅇㄹㄴ' },
    });
    expect(found.data!.map((m) => m.name)).toContain('타이레놀정500밀리그람');

    const added = await api(t.baseUrl).post<Medication>(apiPaths.medication.add, {
      token: patient.accessToken,
      body: medicine({
        times: [kstClock(-5), kstClock(12 * 60 - 5)],
        startDate: dueDay(),
        stock: 10,
        refillThreshold: 3,
      }),
    });
    expect(added.code).toBe(ResultCode.SUCCESS);
    expect(added.data!.dosesLeft).toBe(10);

    const today = await api(t.baseUrl).get<Dose[]>(apiPaths.medication.getDoses, {
      token: patient.accessToken,
      query: { date: dueDay() },
    });
    const due = today.data!.find((d) => d.medicationIdx === added.data!.idx && d.dueNow)!;
    expect(due).toBeDefined();
    expect(due.takeable).toBe(true);

    const [a, b] = await Promise.all([
      api(t.baseUrl).put<Dose>(apiPaths.medication.takeDose, {
        token: patient.accessToken,
        body: { doseIdx: due.idx },
      }),
      api(t.baseUrl).put<Dose>(apiPaths.medication.takeDose, {
        token: patient.accessToken,
        body: { doseIdx: due.idx },
      }),
    ]);
    expect([a.code, b.code].sort()).toEqual(
      [ResultCode.SUCCESS, ResultCode.MEDICATION_DOSE_ALREADY_DONE].sort(),
    );
    expect([a, b].find((r) => r.code === 0)!.data!.status).toBe('TAKEN');

    const detail = await api(t.baseUrl).get<MedicationDetail>(apiPaths.medication.getMedication, {
      token: patient.accessToken,
      query: { idx: added.data!.idx },
    });
    expect(detail.data!.medication.stock).toBe(9);
    expect(detail.data!.history.find((d) => d.idx === due.idx)!.status).toBe('TAKEN');

    const month = dueDay().slice(0, 7);
    const calendar = await api(t.baseUrl).get<MedicationCalendar>(apiPaths.medication.getCalendar, {
      token: patient.accessToken,
      query: { month },
    });
    const day = calendar.data!.days.find((d) => d.date === dueDay())!;
    expect(day.taken).toBe(1);
    expect(['ALL_TAKEN', 'SOME_TAKEN']).toContain(day.adherence);
    expect(calendar.data!.weekRate).toBe(1);
  });

  it('refuses a dose far ahead of its time and one in the future; nothing changes', async () => {
    const patient = await homePatient();
    const added = await api(t.baseUrl).post<Medication>(apiPaths.medication.add, {
      token: patient.accessToken,
      body: medicine({ times: [kstClock(180)], startDate: todayKst(), stock: 5 }),
    });
    // The dose three hours ahead, on its own day: after 21:00 in Korea that is tomorrow.
    const doses = await api(t.baseUrl).get<Dose[]>(apiPaths.medication.getDoses, {
      token: patient.accessToken,
      query: { date: kstDate(180) },
    });
    const ahead = doses.data!.find((d) => d.medicationIdx === added.data!.idx && !d.takeable)!;
    const refused = await api(t.baseUrl).put(apiPaths.medication.takeDose, {
      token: patient.accessToken,
      body: { doseIdx: ahead.idx },
    });
    expect(refused.status).toBe(409);
    expect(refused.code).toBe(ResultCode.MEDICATION_DOSE_TOO_EARLY);
    expect(refused.description).toContain('아직 복용 시간이 아닙니다');
    const after = await api(t.baseUrl).get<MedicationDetail>(apiPaths.medication.getMedication, {
      token: patient.accessToken,
      query: { idx: added.data!.idx },
    });
    expect(after.data!.medication.stock).toBe(5);
  });

  it('bad input gets a Korean message per field and stores nothing', async () => {
    const patient = await homePatient();
    const refused = await api(t.baseUrl).post<{ fields: { field: string; message: string }[] }>(
      apiPaths.medication.add,
      {
        token: patient.accessToken,
        body: medicine({
          name: ' ',
          times: ['25:00'],
          startDate: '2026-03-10',
          endDate: '2026-03-01',
          dosePerIntake: 0,
        }),
      },
    );
    expect(refused.status).toBe(400);
    expect(refused.code).toBe(ResultCode.VALIDATION_FAILED);
    const fields = refused.data!.fields.map((f) => f.field).sort();
    expect(fields).toEqual(expect.arrayContaining(['dosePerIntake', 'name', 'times.0']));
    for (const f of refused.data!.fields) expect(f.message).toMatch(/[가-힣]/);
    const list = await api(t.baseUrl).get<Medication[]>(apiPaths.medication.getMyMedications, {
      token: patient.accessToken,
    });
    expect(list.data).toEqual([]);
    const endBefore = await api(t.baseUrl).post<{ fields: { field: string }[] }>(apiPaths.medication.add, {
      token: patient.accessToken,
      body: medicine({ startDate: '2026-03-10', endDate: '2026-03-01' }),
    });
    expect(endBefore.data!.fields.map((f) => f.field)).toEqual(['endDate']);
  });

  it('says what is wrong with each field, in Korean by default and in the caller’s language, on every call', async () => {
    const patient = await homePatient();
    const nurse = await nurseOf(hospitalIdx);
    type Refusal = { fields: { field: string; message: string }[] };
    const messages = (r: { data: Refusal | null }) =>
      Object.fromEntries(r.data!.fields.map((f) => [f.field, f.message]));
    const bad = medicine({
      times: ['8시', '20:00', '20:00'],
      startDate: '2026-03-10',
      endDate: '2026-03-01',
      dosePerIntake: -1,
      everyHours: 30,
      stock: -2,
      refillThreshold: 2.5,
    });
    const added = await api(t.baseUrl).post<Refusal>(apiPaths.medication.add, {
      token: patient.accessToken,
      body: bad,
    });
    expect([added.status, added.code]).toEqual([400, ResultCode.VALIDATION_FAILED]);
    expect(messages(added)).toEqual({
      dosePerIntake: '1회 복용량은 0보다 커야 합니다',
      'times.0': '복용 시각은 HH:MM 형식으로 입력해 주세요',
      times: '같은 복용 시각이 두 번 있습니다',
      everyHours: '복용 간격은 1~24시간 사이의 정수로 입력해 주세요',
      endDate: '종료일은 시작일 이후여야 합니다',
      stock: '남은 약은 0 이상 100,000 이하로 입력해 주세요',
      refillThreshold: '보충 알림 기준은 0 이상 1,000 이하의 정수로 입력해 주세요',
    });
    const english = await api(t.baseUrl).post<Refusal>(apiPaths.medication.add, {
      token: patient.accessToken,
      body: medicine({ dosePerIntake: 0 }),
      headers: { 'Accept-Language': 'en-US' },
    });
    expect(messages(english)).toEqual({ dosePerIntake: 'The dose per intake must be more than 0' });

    // A change and the nurse's calls name the field inside `medication`, and change nothing.
    const saved = await api(t.baseUrl).post<Medication>(apiPaths.medication.add, {
      token: patient.accessToken,
      body: medicine({ startDate: todayKst() }),
    });
    const idx = saved.data!.idx;
    const tooBig = medicine({ dosePerIntake: 101, times: [], startDate: todayKst() });
    for (const r of await Promise.all([
      api(t.baseUrl).put<Refusal>(apiPaths.medication.update, {
        token: patient.accessToken,
        body: { idx, medication: tooBig },
      }),
      api(t.baseUrl).put<Refusal>(apiPaths.medication.change, {
        token: nurse.accessToken,
        body: { idx, medication: tooBig },
      }),
      api(t.baseUrl).post<Refusal>(apiPaths.medication.prescribe, {
        token: nurse.accessToken,
        body: { patientIdx: patient.idx, medication: tooBig },
      }),
    ]))
      expect(messages(r)).toEqual({
        'medication.dosePerIntake': '1회 복용량은 100 이하로 입력해 주세요',
        'medication.times': '복용 시각을 하나 이상 입력해 주세요',
      });
    const list = await api(t.baseUrl).get<Medication[]>(apiPaths.medication.getMyMedications, {
      token: patient.accessToken,
    });
    expect(list.data!.map((m) => [m.idx, m.dosePerIntake, m.times])).toEqual([[idx, 1, ['08:00', '20:00']]]);
  });

  it('a change applies from the next dose (past doses stay), stop drops the upcoming ones', async () => {
    const patient = await homePatient();
    const added = await api(t.baseUrl).post<Medication>(apiPaths.medication.add, {
      token: patient.accessToken,
      body: medicine({ times: [kstClock(-5), kstClock(60)], startDate: dueDay() }),
    });
    const idx = added.data!.idx;
    const before = await t.app.db.query<{ scheduled_at: Date }>(
      `SELECT scheduled_at FROM medication_doses WHERE medication_idx = $1 AND scheduled_at <= now() ORDER BY 1`,
      [idx],
    );
    expect(before.rows).toHaveLength(1);
    const changed = await api(t.baseUrl).put<Medication>(apiPaths.medication.update, {
      token: patient.accessToken,
      body: { idx, medication: medicine({ times: [kstClock(-5), kstClock(90)], startDate: dueDay() }) },
    });
    expect(changed.code).toBe(0);
    const after = await t.app.db.query<{ scheduled_at: Date }>(
      `SELECT scheduled_at FROM medication_doses WHERE medication_idx = $1 ORDER BY 1`,
      [idx],
    );
    // The dose already due is the same row; the upcoming +60 min dose became +90 min.
    expect(new Date(after.rows[0]!.scheduled_at).getTime()).toBe(
      new Date(before.rows[0]!.scheduled_at).getTime(),
    );
    const upcoming = after.rows
      .map((r) => new Date(r.scheduled_at).getTime())
      .filter((ms) => ms > Date.now());
    expect(upcoming.some((ms) => Math.abs(ms - (Date.now() + 90 * 60_000)) < 2 * 60_000)).toBe(true);
    expect(upcoming.some((ms) => Math.abs(ms - (Date.now() + 60 * 60_000)) < 2 * 60_000)).toBe(false);

    const stopped = await api(t.baseUrl).put<Medication>(apiPaths.medication.stop, {
      token: patient.accessToken,
      body: { idx },
    });
    expect(stopped.data!.status).toBe('STOPPED');
    const left = await t.app.db.query(
      `SELECT 1 FROM medication_doses WHERE medication_idx = $1 AND scheduled_at > now()`,
      [idx],
    );
    expect(left.rows).toHaveLength(0);
    const again = await api(t.baseUrl).put(apiPaths.medication.update, {
      token: patient.accessToken,
      body: { idx, medication: medicine() },
    });
    expect(again.code).toBe(ResultCode.MEDICATION_STOPPED);
  });
});

describe('a dose keeps what it was for (migration 077)', () => {
  it('a change from 1정 to 2정 (and a new name, meal) applies to future doses; a past dose still says 1정', async () => {
    const patient = await homePatient();
    const nurse = await nurseOf(hospitalIdx);
    // A dose five minutes ago and one in an hour, each on its own Korean day: near midnight
    // they fall on two days, and a day's list then holds the other time's dose too.
    const minute = (at: number) => Math.floor(at / 60_000) * 60_000;
    const dueAgo = minute(Date.now() - 5 * 60_000);
    const dueAhead = minute(Date.now() + 60 * 60_000);
    const kst = (at: number) => new Date(at + 9 * 3_600_000).toISOString();
    const times = [kst(dueAgo).slice(11, 16), kst(dueAhead).slice(11, 16)];
    const startDate = kst(dueAgo).slice(0, 10);
    const added = await api(t.baseUrl).post<Medication>(apiPaths.medication.add, {
      token: patient.accessToken,
      body: medicine({ times, startDate, stock: 10, meal: 'AFTER_MEAL' }),
    });
    const idx = added.data!.idx;
    const changed = await api(t.baseUrl).put<Medication>(apiPaths.medication.update, {
      token: patient.accessToken,
      body: {
        idx,
        medication: medicine({
          name: '노바스크정10밀리그램',
          strength: '10mg',
          dosePerIntake: 2,
          meal: 'BEFORE_MEAL',
          times,
          startDate,
          stock: 10,
        }),
      },
    });
    expect(changed.data!.dosePerIntake).toBe(2);

    const what = (d: Dose) => [d.medicationName, d.strength, d.dosePerIntake, d.meal];
    const days = [...new Set([kst(dueAgo).slice(0, 10), kst(dueAhead).slice(0, 10)])];
    const listed = (
      await Promise.all(
        days.map((date) =>
          api(t.baseUrl).get<Dose[]>(apiPaths.medication.getDoses, {
            token: patient.accessToken,
            query: { date },
          }),
        ),
      )
    )
      .flatMap((response) => response.data!)
      .filter((d) => d.medicationIdx === idx);
    const past = listed.filter((d) => Date.parse(d.scheduledAt) <= Date.now());
    const future = listed.filter((d) => Date.parse(d.scheduledAt) > Date.now());
    expect(past.map((d) => Date.parse(d.scheduledAt))).toContain(dueAgo);
    for (const d of past) expect(what(d)).toEqual(['노바스크정5밀리그램', '5mg', 1, 'AFTER_MEAL']);
    expect(future.map((d) => Date.parse(d.scheduledAt))).toContain(dueAhead);
    for (const d of future) expect(what(d)).toEqual(['노바스크정10밀리그램', '10mg', 2, 'BEFORE_MEAL']);
    // The dose of five minutes ago is the one taken late below.
    past.sort((a, b) => Date.parse(b.scheduledAt) - Date.parse(a.scheduledAt));

    // The same in the detail's history and in the nurse's view.
    const detail = await api(t.baseUrl).get<MedicationDetail>(apiPaths.medication.getMedication, {
      token: patient.accessToken,
      query: { idx },
    });
    expect(what(detail.data!.history.find((d) => d.idx === past[0]!.idx)!)).toEqual([
      '노바스크정5밀리그램',
      '5mg',
      1,
      'AFTER_MEAL',
    ]);
    // Taking the past dose late uses its own amount from the stock: 1, not 2.
    const taken = await api(t.baseUrl).put<Dose>(apiPaths.medication.takeDose, {
      token: patient.accessToken,
      body: { doseIdx: past[0]!.idx },
    });
    expect(what(taken.data!)).toEqual(['노바스크정5밀리그램', '5mg', 1, 'AFTER_MEAL']);
    const after = await api(t.baseUrl).get<MedicationDetail>(apiPaths.medication.getMedication, {
      token: patient.accessToken,
      query: { idx },
    });
    expect(after.data!.medication.stock).toBe(9);
    const overview = await api(t.baseUrl).get<PatientMedications>(apiPaths.medication.getPatientMedications, {
      token: nurse.accessToken,
      query: { patientIdx: patient.idx },
    });
    expect(overview.data!.medications[0]!.dosePerIntake).toBe(2);
  });

  it('doses stored before the migration are filled from their medicine by the migration', async () => {
    const { openPglite, pgliteDatabase } = await import('../../plugins/db/pglite-database.ts');
    const { MIGRATIONS_DIR, migrate } = await import('../../plugins/db/migrate.ts');
    const dir = await mkdtemp(path.join(tmpdir(), 'smartcare-077-'));
    const pglite = await openPglite(undefined);
    const db = pgliteDatabase(pglite);
    try {
      const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql'));
      for (const f of files.filter((f) => f < '077_'))
        await copyFile(path.join(MIGRATIONS_DIR, f), path.join(dir, f));
      await migrate(db, dir);
      const { rows } = await db.query<{ p: number }>(
        `INSERT INTO patients (name) VALUES ('옛환자') RETURNING idx AS p`,
      );
      const p = rows[0]!.p;
      await db.query(
        `INSERT INTO medications (idx, patient_idx, name, strength, form, dose_per_intake, times, meal, start_date, schedule_from)
         VALUES (1, $1, '옛약', '20mg', 'CAPSULE', 1.5, ARRAY['08:00'], 'AFTER_MEAL', '2026-01-01', now())`,
        [p],
      );
      await db.query(
        `INSERT INTO medication_doses (medication_idx, patient_idx, scheduled_at) VALUES (1, $1, now())`,
        [p],
      );
      await copyFile(
        path.join(MIGRATIONS_DIR, '077_medication_dose_snapshot.sql'),
        path.join(dir, '077_medication_dose_snapshot.sql'),
      );
      await migrate(db, dir);
      const dose = await db.query(
        `SELECT medication_name, strength, form, dose_per_intake::float8 AS dose, meal FROM medication_doses`,
      );
      expect(dose.rows).toEqual([
        { medication_name: '옛약', strength: '20mg', form: 'CAPSULE', dose: 1.5, meal: 'AFTER_MEAL' },
      ]);
    } finally {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('the nurse in the console', () => {
  it('prescribes to a patient of the hospital: it is on the patient’s list, and the patient is told', async () => {
    const patient = await homePatient();
    const nurse = await nurseOf(hospitalIdx);
    const prescribed = await api(t.baseUrl).post<Medication>(apiPaths.medication.prescribe, {
      token: nurse.accessToken,
      body: {
        patientIdx: patient.idx,
        medication: medicine({ name: '자누비아정100밀리그램', startDate: todayKst() }),
      },
    });
    expect(prescribed.code).toBe(0);
    expect(prescribed.data!.byStaff).toBe(true);
    expect(prescribed.data!.prescribedBy).toBe('한간호');
    const mine = await api(t.baseUrl).get<Medication[]>(apiPaths.medication.getMyMedications, {
      token: patient.accessToken,
    });
    expect(mine.data!.map((m) => m.name)).toEqual(['자누비아정100밀리그램']);
    const told = await t.app.db.query<{ title: string }>(
      `SELECT title FROM notifications WHERE patient_idx = $1 AND kind = 'medication'`,
      [patient.idx],
    );
    expect(told.rows.map((r) => r.title)).toEqual(['새 약이 처방되었습니다']);

    const overview = await api(t.baseUrl).get<PatientMedications>(apiPaths.medication.getPatientMedications, {
      token: nurse.accessToken,
      query: { patientIdx: patient.idx },
    });
    expect(overview.data!.medications).toHaveLength(1);
    expect(overview.data!.patientName).toBe('최복약');

    const changed = await api(t.baseUrl).put<Medication>(apiPaths.medication.change, {
      token: nurse.accessToken,
      body: {
        idx: prescribed.data!.idx,
        medication: medicine({ name: '자누비아정100밀리그램', times: ['09:00'], startDate: todayKst() }),
      },
    });
    expect(changed.data!.times).toEqual(['09:00']);
    const stopped = await api(t.baseUrl).put<Medication>(apiPaths.medication.stopForPatient, {
      token: nurse.accessToken,
      body: { idx: prescribed.data!.idx },
    });
    expect(stopped.data!.status).toBe('STOPPED');
  });
});

describe('authorisation of every call', () => {
  it('another patient, another hospital’s nurse, the wrong kind of token and no token are refused', async () => {
    const owner = await homePatient();
    const stranger = await homePatient();
    const ownNurse = await nurseOf(hospitalIdx);
    const otherNurse = await nurseOf(otherHospitalIdx);
    const added = await api(t.baseUrl).post<Medication>(apiPaths.medication.add, {
      token: owner.accessToken,
      body: medicine({ times: [kstClock(-5)], startDate: dueDay() }),
    });
    const idx = added.data!.idx;
    const doseIdx = (
      await api(t.baseUrl).get<Dose[]>(apiPaths.medication.getDoses, {
        token: owner.accessToken,
        query: { date: dueDay() },
      })
    ).data![0]!.idx;

    const c = api(t.baseUrl);
    const asStranger = [
      c.get(apiPaths.medication.getMedication, { token: stranger.accessToken, query: { idx } }),
      c.put(apiPaths.medication.update, {
        token: stranger.accessToken,
        body: { idx, medication: medicine() },
      }),
      c.put(apiPaths.medication.stop, { token: stranger.accessToken, body: { idx } }),
      c.put(apiPaths.medication.takeDose, { token: stranger.accessToken, body: { doseIdx } }),
      c.put(apiPaths.medication.skipDose, { token: stranger.accessToken, body: { doseIdx } }),
      c.put(apiPaths.medication.snoozeDose, { token: stranger.accessToken, body: { doseIdx } }),
      c.get(apiPaths.medication.getPatientMedications, {
        token: otherNurse.accessToken,
        query: { patientIdx: owner.idx },
      }),
      c.post(apiPaths.medication.prescribe, {
        token: otherNurse.accessToken,
        body: { patientIdx: owner.idx, medication: medicine() },
      }),
      c.put(apiPaths.medication.change, {
        token: otherNurse.accessToken,
        body: { idx, medication: medicine() },
      }),
      c.put(apiPaths.medication.stopForPatient, { token: otherNurse.accessToken, body: { idx } }),
    ];
    for (const r of await Promise.all(asStranger))
      expect([r.status, r.code]).toEqual([404, ResultCode.NOT_FOUND]);
    // The stranger's own lists hold nothing of the owner's.
    const strangerDoses = await c.get<Dose[]>(apiPaths.medication.getDoses, { token: stranger.accessToken });
    expect(strangerDoses.data).toEqual([]);

    const wrongKind = await Promise.all([
      c.get(apiPaths.medication.getMyMedications, { token: ownNurse.accessToken }),
      c.post(apiPaths.medication.add, { token: ownNurse.accessToken, body: medicine() }),
      c.get(apiPaths.medication.getPatientMedications, {
        token: owner.accessToken,
        query: { patientIdx: owner.idx },
      }),
      c.post(apiPaths.medication.prescribe, {
        token: owner.accessToken,
        body: { patientIdx: owner.idx, medication: medicine() },
      }),
    ]);
    for (const r of wrongKind) expect([401, 403]).toContain(r.status);
    const anonymous = await Promise.all([
      c.get(apiPaths.medication.searchMedicine, { query: { q: '타이' } }),
      c.get(apiPaths.medication.getDoses),
      c.put(apiPaths.medication.takeDose, { body: { doseIdx } }),
    ]);
    for (const r of anonymous) expect(r.status).toBe(401);

    // Still the owner's, untouched.
    const still = await c.get<MedicationDetail>(apiPaths.medication.getMedication, {
      token: owner.accessToken,
      query: { idx },
    });
    expect(still.data!.medication.status).toBe('ACTIVE');
    expect(still.data!.history.every((d) => d.status === 'PENDING')).toBe(true);
  });
});

describe('the authorisation matrix of every medication call', () => {
  const patientCalls: [string, string][] = [
    ['GET', apiPaths.medication.getMyMedications],
    ['GET', apiPaths.medication.getMedication],
    ['POST', apiPaths.medication.add],
    ['PUT', apiPaths.medication.update],
    ['PUT', apiPaths.medication.stop],
    ['GET', apiPaths.medication.getDoses],
    ['GET', apiPaths.medication.getCalendar],
    ['PUT', apiPaths.medication.takeDose],
    ['PUT', apiPaths.medication.skipDose],
    ['PUT', apiPaths.medication.snoozeDose],
  ];
  const staffCalls: [string, string][] = [
    ['GET', apiPaths.medication.getPatientMedications],
    ['POST', apiPaths.medication.prescribe],
    ['PUT', apiPaths.medication.change],
    ['PUT', apiPaths.medication.stopForPatient],
  ];

  it('every call needs a login, and of the right kind: a patient’s for patient calls, a staff member’s for staff calls', async () => {
    const patient = await homePatient();
    const nurse = await nurseOf(hospitalIdx);
    const c = api(t.baseUrl);
    const everyCall: [string, string][] = [
      ...patientCalls,
      ...staffCalls,
      ['GET', apiPaths.medication.searchMedicine],
    ];
    for (const [method, p] of everyCall) {
      const anonymous = await c.call(method, p);
      expect(anonymous.status, `${method} ${p}`).toBe(401);
    }
    for (const [method, p] of staffCalls) {
      // A patient's token is no staff login (and the other way round): as if not logged in.
      const answer = await c.call(method, p, { token: patient.accessToken });
      expect(answer.status, `${method} ${p}`).toBe(401);
    }
    for (const [method, p] of patientCalls) {
      const answer = await c.call(method, p, { token: nurse.accessToken });
      expect(answer.status, `${method} ${p}`).toBe(401);
    }
    // The medicine list is for both: the console's prescribing dialog searches it too.
    for (const token of [patient.accessToken, nurse.accessToken]) {
      const found = await c.get<Medicine[]>(apiPaths.medication.searchMedicine, {
        token,
        query: { q: '타이' },
      });
      expect(found.code).toBe(ResultCode.SUCCESS);
    }
  });

  it('another patient’s getMedication is not found; their getMyMedications and getCalendar hold only their own', async () => {
    const owner = await homePatient();
    const other = await homePatient();
    const added = await api(t.baseUrl).post<Medication>(apiPaths.medication.add, {
      token: owner.accessToken,
      body: medicine({ times: [kstClock(-5)], startDate: dueDay() }),
    });
    const idx = added.data!.idx;
    const c = api(t.baseUrl);
    const before = await refusals(owner.idx);
    const detail = await c.get(apiPaths.medication.getMedication, {
      token: other.accessToken,
      query: { idx },
    });
    expect([detail.status, detail.code]).toEqual([404, ResultCode.NOT_FOUND]);
    expect(await refusals(owner.idx)).toBe(before + 1);
    const list = await c.get<Medication[]>(apiPaths.medication.getMyMedications, {
      token: other.accessToken,
    });
    expect(list.data).toEqual([]);
    const month = dueDay().slice(0, 7);
    const calendar = await c.get<MedicationCalendar>(apiPaths.medication.getCalendar, {
      token: other.accessToken,
      query: { month },
    });
    expect(calendar.data!.days.every((d) => d.scheduled === 0)).toBe(true);
    expect(calendar.data!.monthRate).toBeNull();
    // The owner's calendar has the dose (the other's answer is not empty by accident).
    const own = await c.get<MedicationCalendar>(apiPaths.medication.getCalendar, {
      token: owner.accessToken,
      query: { month },
    });
    expect(own.data!.days.find((d) => d.date === dueDay())!.scheduled).toBeGreaterThan(0);
  });
});

describe('staff reach only their hospital’s home-care patients (decision 021)', () => {
  it('a same-hospital patient not in home care: every staff call is not found, audited, and changes nothing', async () => {
    const ward = await homePatient(hospitalIdx, ['HOSPITAL']);
    const nurse = await nurseOf(hospitalIdx);
    const own = await api(t.baseUrl).post<Medication>(apiPaths.medication.add, {
      token: ward.accessToken,
      body: medicine({ startDate: todayKst() }),
    });
    const idx = own.data!.idx;
    const c = api(t.baseUrl);
    const calls: [string, () => Promise<{ status: number; code: number }>][] = [
      [
        'getPatientMedications',
        () =>
          c.get(apiPaths.medication.getPatientMedications, {
            token: nurse.accessToken,
            query: { patientIdx: ward.idx },
          }),
      ],
      [
        'prescribe',
        () =>
          c.post(apiPaths.medication.prescribe, {
            token: nurse.accessToken,
            body: { patientIdx: ward.idx, medication: medicine({ startDate: todayKst() }) },
          }),
      ],
      [
        'change',
        () =>
          c.put(apiPaths.medication.change, {
            token: nurse.accessToken,
            body: { idx, medication: medicine({ times: ['09:00'], startDate: todayKst() }) },
          }),
      ],
      [
        'stopForPatient',
        () => c.put(apiPaths.medication.stopForPatient, { token: nurse.accessToken, body: { idx } }),
      ],
    ];
    for (const [name, call] of calls) {
      const before = await refusals(ward.idx);
      const answer = await call();
      expect([answer.status, answer.code], name).toEqual([404, ResultCode.NOT_FOUND]);
      expect(await refusals(ward.idx), name).toBe(before + 1);
    }
    const mine = await c.get<Medication[]>(apiPaths.medication.getMyMedications, { token: ward.accessToken });
    expect(mine.data!.map((m) => [m.idx, m.status, m.times])).toEqual([[idx, 'ACTIVE', ['08:00', '20:00']]]);

    // The same nurse reaches a home-care patient of the hospital.
    const home = await homePatient();
    const ok = await c.get(apiPaths.medication.getPatientMedications, {
      token: nurse.accessToken,
      query: { patientIdx: home.idx },
    });
    expect(ok.code).toBe(ResultCode.SUCCESS);
  });
});

describe('the dose job with a controllable clock', () => {
  const settings = { missedAfterMin: 120, realertMin: 15, realertMax: 2 };
  let clock = kstInstant('2030-05-06', '07:00');
  const sent: { patientIdx: number; title: string; body: string }[] = [];
  const notifier: MedicationNotifier = {
    notify: async (patientIdx, input) => {
      sent.push({ patientIdx, title: input.title, body: input.body });
    },
  };
  /** One "process": its own service over the same database. */
  const process = () =>
    createMedicationService({
      db: t.app.db,
      people: createPeopleService({ db: t.app.db }),
      audit: t.app.audit,
      notifier,
      settings,
      now: () => clock,
    });
  const set = (date: string, hhmm: string) => {
    clock = kstInstant(date, hhmm);
  };
  const sentTo = (patientIdx: number) => sent.filter((s) => s.patientIdx === patientIdx);

  it('generates ahead idempotently: two concurrent passes create each dose once', async () => {
    set('2030-05-06', '07:00');
    const [a, b] = [process(), process()];
    const patient = await createPatient(t.app.db, { choseHospitalIdx: hospitalIdx });
    const m = await a.add(patient.idx, medicationInputSchema.parse(medicine({ startDate: '2030-05-06' })));
    // 48 hours ahead from 07:00 on the 6th: 08:00 and 20:00 on the 6th and 7th.
    expect(await countDoses(m.idx)).toBe(4);
    set('2030-05-07', '07:00');
    const [ca, cb] = await Promise.all([a.generateDoses(), b.generateDoses()]);
    const mine = await countDoses(m.idx);
    expect(mine).toBe(6);
    expect(await a.generateDoses()).toBe(0);
    expect(ca + cb).toBeGreaterThanOrEqual(2);
    const dupes = await t.app.db.query(
      `SELECT scheduled_at FROM medication_doses WHERE medication_idx = $1 GROUP BY 1 HAVING count(*) > 1`,
      [m.idx],
    );
    expect(dupes.rows).toHaveLength(0);
  });

  it('one pass reaches every active medicine, batch after batch, each with its own patient, name and times', async () => {
    set('2030-05-20', '07:00');
    const svc = process();
    const added: { patientIdx: number; idx: number; name: string; perDay: number }[] = [];
    // More medicines than one batch of the pass holds, over three patients.
    for (let p = 0; p < 3; p++) {
      const patient = await createPatient(t.app.db, { choseHospitalIdx: hospitalIdx });
      for (let i = 0; i < 12; i++) {
        const times = i % 2 === 0 ? ['08:00', '20:00'] : ['09:00'];
        const name = `배치약${p}-${i}`;
        const m = await svc.add(
          patient.idx,
          medicationInputSchema.parse(medicine({ name, times, startDate: '2030-05-20' })),
        );
        added.push({ patientIdx: patient.idx, idx: m.idx, name, perDay: times.length });
      }
    }
    const stopped = added.pop()!;
    await svc.stop(stopped.patientIdx, stopped.idx);
    const stoppedBefore = await countDoses(stopped.idx);

    // A day later the pass adds the day after tomorrow's doses for each of them.
    set('2030-05-21', '07:00');
    await svc.generateDoses();
    const { rows } = await t.app.db.query<{
      medicationIdx: number;
      patientIdx: number;
      name: string;
      n: number;
    }>(
      `SELECT medication_idx AS "medicationIdx", patient_idx AS "patientIdx", medication_name AS name,
              count(*)::int AS n
         FROM medication_doses WHERE medication_idx = ANY($1::int[])
        GROUP BY 1, 2, 3`,
      [added.map((m) => m.idx)],
    );
    expect(rows).toHaveLength(added.length);
    for (const m of added) {
      const row = rows.find((r) => r.medicationIdx === m.idx);
      // From the 20th 08:00 (or 09:00) to the 23rd 07:00: three days of its times.
      expect(row).toEqual({ medicationIdx: m.idx, patientIdx: m.patientIdx, name: m.name, n: 3 * m.perDay });
    }
    expect(await countDoses(stopped.idx)).toBe(stoppedBefore);
    expect(await svc.generateDoses()).toBe(0);
  });

  it('marks a dose MISSED when its window passes, or as soon as the next dose is due', async () => {
    set('2030-06-01', '07:00');
    const svc = process();
    const patient = await createPatient(t.app.db, { choseHospitalIdx: hospitalIdx });
    const daily = await svc.add(
      patient.idx,
      medicationInputSchema.parse(medicine({ times: ['08:00'], startDate: '2030-06-01' })),
    );
    const hourly = await svc.add(
      patient.idx,
      medicationInputSchema.parse(
        medicine({ name: '타이레놀정500밀리그람', times: ['08:00'], everyHours: 1, startDate: '2030-06-01' }),
      ),
    );
    const statusAt = async (medicationIdx: number, hhmm: string) =>
      (
        await t.app.db.query<{ status: string }>(
          'SELECT status FROM medication_doses WHERE medication_idx = $1 AND scheduled_at = $2',
          [medicationIdx, kstInstant('2030-06-01', hhmm)],
        )
      ).rows[0]!.status;
    set('2030-06-01', '09:00');
    await svc.markMissed();
    expect(await statusAt(daily.idx, '08:00')).toBe('PENDING');
    // The hourly one's 09:00 dose is due: its 08:00 dose is missed.
    expect(await statusAt(hourly.idx, '08:00')).toBe('MISSED');
    set('2030-06-01', '10:01');
    await svc.markMissed();
    expect(await statusAt(daily.idx, '08:00')).toBe('MISSED');
    expect(await svc.patientsWithMissedDosesToday(hospitalIdx)).toContainEqual({
      patientIdx: patient.idx,
      missed: expect.any(Number),
    });
    // A missed dose may still be recorded as taken, late, for the dose it was for.
    const [missedDose] = (await svc.doses(patient.idx, '2030-06-01')).filter(
      (d) => d.medicationIdx === daily.idx,
    );
    const taken = await svc.take(patient.idx, missedDose!.idx);
    expect(taken).toMatchObject({ status: 'TAKEN', late: true });
  });

  it('reminds once per dose across two processes, re-alerts at most twice, stops when taken', async () => {
    set('2030-07-01', '07:00');
    const [a, b] = [process(), process()];
    const patient = await createPatient(t.app.db, { choseHospitalIdx: hospitalIdx });
    await a.add(
      patient.idx,
      medicationInputSchema.parse(medicine({ times: ['08:00', '20:00'], startDate: '2030-07-01' })),
    );
    // Other tests' doses are all due at this clock: let them go first.
    while ((await a.sendReminders()) > 0);
    const mine = () => sentTo(patient.idx).length;
    set('2030-07-01', '07:59');
    await a.sendReminders();
    expect(mine()).toBe(0);
    set('2030-07-01', '08:00');
    await Promise.all([a.sendReminders(), b.sendReminders()]);
    expect(sentTo(patient.idx)).toEqual([
      { patientIdx: patient.idx, title: '약 드실 시간입니다', body: '노바스크정5밀리그램 1정 복용' },
    ]);
    // A restart at the same moment sends nothing again.
    await process().sendReminders();
    expect(mine()).toBe(1);
    set('2030-07-01', '08:15');
    await Promise.all([a.sendReminders(), b.sendReminders()]);
    expect(mine()).toBe(2);
    set('2030-07-01', '08:30');
    await a.sendReminders();
    await b.sendReminders();
    expect(mine()).toBe(3);
    set('2030-07-01', '08:45');
    await a.sendReminders();
    expect(sentTo(patient.idx).map((s) => s.title)).toEqual([
      '약 드실 시간입니다',
      '아직 복용 기록이 없어요',
      '아직 복용 기록이 없어요',
    ]);
    // Taken at once: no re-alert for the evening dose after it is recorded.
    set('2030-07-01', '20:00');
    await a.sendReminders();
    expect(mine()).toBe(4);
    const evening = (await a.doses(patient.idx, '2030-07-01')).find(
      (d) => d.status === 'PENDING' && d.dueNow,
    )!;
    await a.take(patient.idx, evening.idx);
    set('2030-07-01', '20:15');
    await a.sendReminders();
    expect(mine()).toBe(4);
  });

  it('"15분 뒤 알림" moves the next reminder to 15 minutes later', async () => {
    set('2030-08-01', '07:00');
    const svc = process();
    const patient = await createPatient(t.app.db, { choseHospitalIdx: hospitalIdx });
    await svc.add(
      patient.idx,
      medicationInputSchema.parse(medicine({ times: ['08:00'], startDate: '2030-08-01' })),
    );
    while ((await svc.sendReminders()) > 0);
    const mine = () => sentTo(patient.idx).length;
    set('2030-08-01', '08:00');
    await svc.sendReminders();
    expect(mine()).toBe(1);
    set('2030-08-01', '08:05');
    const dose = (await svc.doses(patient.idx, '2030-08-01'))[0]!;
    const snoozed = await svc.snooze(patient.idx, dose.idx);
    expect(snoozed.snoozedUntil).toBe(kstInstant('2030-08-01', '08:20').toISOString());
    set('2030-08-01', '08:15');
    await svc.sendReminders();
    expect(mine()).toBe(1);
    set('2030-08-01', '08:20');
    await svc.sendReminders();
    expect(mine()).toBe(2);
  });

  it('a stopped medicine reminds no more, not even of the dose already due', async () => {
    set('2030-11-01', '07:00');
    const svc = process();
    const patient = await createPatient(t.app.db, { choseHospitalIdx: hospitalIdx });
    const m = await svc.add(
      patient.idx,
      medicationInputSchema.parse(medicine({ times: ['08:00'], startDate: '2030-11-01' })),
    );
    while ((await svc.sendReminders()) > 0);
    set('2030-11-01', '08:00');
    await svc.sendReminders();
    expect(sentTo(patient.idx)).toHaveLength(1);
    set('2030-11-01', '08:05');
    await svc.stop(patient.idx, m.idx);
    set('2030-11-01', '08:15');
    await svc.sendReminders();
    expect(sentTo(patient.idx)).toHaveLength(1);
  });

  it('honours the alarm settings: quiet hours and the medication switch', async () => {
    set('2030-09-01', '21:00');
    const svc = process();
    const quiet = await createPatient(t.app.db, { choseHospitalIdx: hospitalIdx });
    const off = await createPatient(t.app.db, { choseHospitalIdx: hospitalIdx });
    await t.app.db.query(
      `INSERT INTO alarm_settings (patient_idx, quiet_hours_enabled, quiet_hours_start, quiet_hours_end)
       VALUES ($1, true, '22:00', '07:00')
       ON CONFLICT (patient_idx) DO UPDATE SET quiet_hours_enabled = true, quiet_hours_start = '22:00', quiet_hours_end = '07:00'`,
      [quiet.idx],
    );
    await t.app.db.query(
      `INSERT INTO alarm_settings (patient_idx, medication) VALUES ($1, false)
       ON CONFLICT (patient_idx) DO UPDATE SET medication = false`,
      [off.idx],
    );
    for (const p of [quiet, off])
      await svc.add(
        p.idx,
        medicationInputSchema.parse(medicine({ times: ['21:30', '23:00'], startDate: '2030-09-01' })),
      );
    set('2030-09-01', '21:30');
    await svc.sendReminders();
    expect(sentTo(quiet.idx)).toHaveLength(1);
    set('2030-09-01', '23:00');
    await svc.sendReminders();
    expect(sentTo(quiet.idx)).toHaveLength(1);
    expect(sentTo(off.idx)).toHaveLength(0);
    // Held, not dropped: delivered when the quiet hours end — the 23:00 dose and the 21:30 one
    // (its re-alert fell due at 23:00 too, still unrecorded); the switch off stays silent.
    set('2030-09-02', '07:00');
    await svc.releaseQuietHours();
    expect(sentTo(quiet.idx).map((s) => s.title)).toEqual([
      '약 드실 시간입니다',
      '방해 금지 시간 동안 복용할 약 2건이 있었습니다',
    ]);
    expect(sentTo(off.idx)).toHaveLength(0);
  });

  it('holds reminders due in quiet hours and delivers them once when they end, summarised, across two processes', async () => {
    set('2030-12-01', '21:00');
    const [a, b] = [process(), process()];
    const patient = await createPatient(t.app.db, { choseHospitalIdx: hospitalIdx });
    await t.app.db.query(
      `INSERT INTO alarm_settings (patient_idx, quiet_hours_enabled, quiet_hours_start, quiet_hours_end)
       VALUES ($1, true, '22:00', '07:00')
       ON CONFLICT (patient_idx) DO UPDATE SET quiet_hours_enabled = true, quiet_hours_start = '22:00', quiet_hours_end = '07:00'`,
      [patient.idx],
    );
    const add = (name: string, time: string) =>
      a.add(
        patient.idx,
        medicationInputSchema.parse(medicine({ name, times: [time], startDate: '2030-12-01' })),
      );
    await add('노바스크정5밀리그램', '23:00');
    await add('타이레놀정500밀리그람', '05:30');
    await add('아스피린프로텍트정100밀리그램', '06:00');
    while ((await a.sendReminders()) > 0);
    const pass = async (svc: ReturnType<typeof process>) => {
      await svc.markMissed();
      await svc.releaseQuietHours();
      await svc.sendReminders();
    };
    const mine = () => sentTo(patient.idx);
    const heldUntil = async () =>
      (
        await t.app.db.query<{ at: Date | null }>(
          `SELECT max(quiet_held_until) AS at FROM medication_doses WHERE patient_idx = $1`,
          [patient.idx],
        )
      ).rows[0]!.at;

    for (const [date, hhmm] of [
      ['2030-12-01', '23:00'],
      ['2030-12-01', '23:15'],
      ['2030-12-02', '01:01'],
      ['2030-12-02', '05:30'],
      ['2030-12-02', '06:00'],
    ] as const) {
      set(date, hhmm);
      await Promise.all([pass(a), pass(b)]);
    }
    expect(mine()).toEqual([]);
    expect(new Date((await heldUntil())!).toISOString()).toBe(
      kstInstant('2030-12-02', '07:00').toISOString(),
    );
    // The 23:00 dose is MISSED by now (window 120 min); the 06:00 one is taken before the end.
    set('2030-12-02', '06:30');
    const today = await a.doses(patient.idx, '2030-12-02');
    const aspirin = today.find((d) => d.medicationName.startsWith('아스피린'))!;
    await a.take(patient.idx, aspirin.idx);
    set('2030-12-02', '06:59');
    await Promise.all([pass(a), pass(b)]);
    expect(mine()).toEqual([]);

    set('2030-12-02', '07:00');
    await Promise.all([pass(a), pass(b)]);
    await pass(process()); // a restart at the same moment
    expect(mine()).toEqual([
      {
        patientIdx: patient.idx,
        title: '방해 금지 시간 동안 복용할 약 2건이 있었습니다',
        body: '23:00 노바스크정5밀리그램 1정, 05:30 타이레놀정500밀리그람 1정 — 드셨다면 복용 기록을 남겨 주세요',
      },
    ]);
    expect(await heldUntil()).toBeNull();
    // The re-alert ladder starts again from the release, for the dose still PENDING only.
    set('2030-12-02', '07:14');
    await Promise.all([pass(a), pass(b)]);
    expect(mine()).toHaveLength(1);
    set('2030-12-02', '07:15');
    await Promise.all([pass(a), pass(b)]);
    expect(mine().slice(1)).toEqual([
      { patientIdx: patient.idx, title: '아직 복용 기록이 없어요', body: '타이레놀정500밀리그람 1정 복용' },
    ]);
  });

  it('delivers held reminders at once when the patient turns quiet hours off meanwhile', async () => {
    set('2031-01-10', '21:00');
    const svc = process();
    const patient = await createPatient(t.app.db, { choseHospitalIdx: hospitalIdx });
    await t.app.db.query(
      `INSERT INTO alarm_settings (patient_idx, quiet_hours_enabled, quiet_hours_start, quiet_hours_end)
       VALUES ($1, true, '22:00', '07:00')
       ON CONFLICT (patient_idx) DO UPDATE SET quiet_hours_enabled = true, quiet_hours_start = '22:00', quiet_hours_end = '07:00'`,
      [patient.idx],
    );
    await svc.add(
      patient.idx,
      medicationInputSchema.parse(medicine({ times: ['23:00'], startDate: '2031-01-10' })),
    );
    while ((await svc.sendReminders()) > 0);
    set('2031-01-10', '23:00');
    await svc.sendReminders();
    set('2031-01-10', '23:30');
    await svc.releaseQuietHours();
    expect(sentTo(patient.idx)).toHaveLength(0);
    await t.app.db.query('UPDATE alarm_settings SET quiet_hours_enabled = false WHERE patient_idx = $1', [
      patient.idx,
    ]);
    set('2031-01-10', '23:31');
    await Promise.all([svc.releaseQuietHours(), process().releaseQuietHours()]);
    expect(sentTo(patient.idx).map((s) => s.title)).toEqual([
      '방해 금지 시간 동안 복용할 약 1건이 있었습니다',
    ]);
  });

  it('the quiet-hours summary names three doses and counts the rest', () => {
    const dose = (hhmm: string, name: string) => ({
      medicationName: name,
      dosePerIntake: 1,
      form: 'TABLET' as const,
      scheduledAt: kstInstant('2030-01-01', hhmm),
    });
    expect(
      quietHoursSummary([
        dose('22:00', '가약'),
        dose('23:00', '나약'),
        dose('01:00', '다약'),
        dose('02:00', '라약'),
        dose('03:00', '마약'),
      ]),
    ).toEqual({
      title: '방해 금지 시간 동안 복용할 약 5건이 있었습니다',
      body: '22:00 가약 1정, 23:00 나약 1정, 01:00 다약 1정 외 2건 — 드셨다면 복용 기록을 남겨 주세요',
    });
  });

  it('quiet hours end at the next end time, over midnight or not', () => {
    const end = (date: string, hhmm: string, quietEnd: string) =>
      quietHoursEndAfter(kstInstant(date, hhmm), quietEnd).toISOString();
    expect(end('2030-01-01', '23:00', '07:00')).toBe(kstInstant('2030-01-02', '07:00').toISOString());
    expect(end('2030-01-02', '06:59', '07:00')).toBe(kstInstant('2030-01-02', '07:00').toISOString());
    expect(end('2030-01-02', '13:10', '14:00')).toBe(kstInstant('2030-01-02', '14:00').toISOString());
    expect(end('2030-01-01', '21:30', '00:00')).toBe(kstInstant('2030-01-02', '00:00').toISOString());
  });

  it('reminds to refill once, when a dose brings the stock to the threshold', async () => {
    set('2030-10-01', '07:00');
    const svc = process();
    const patient = await createPatient(t.app.db, { choseHospitalIdx: hospitalIdx });
    const m = await svc.add(
      patient.idx,
      medicationInputSchema.parse(
        medicine({ times: ['08:00', '20:00'], startDate: '2030-10-01', stock: 4, refillThreshold: 3 }),
      ),
    );
    set('2030-10-01', '08:00');
    const [morning, evening] = await svc.doses(patient.idx, '2030-10-01');
    await svc.take(patient.idx, morning!.idx);
    expect(sentTo(patient.idx).map((s) => s.body)).toEqual(['노바스크정5밀리그램: 약이 3회분 남았습니다.']);
    set('2030-10-01', '20:00');
    await svc.take(patient.idx, evening!.idx);
    expect(sentTo(patient.idx).filter((s) => s.title === '약 보충 알림')).toHaveLength(1);
    const detail = await svc.detail(patient.idx, m.idx);
    expect(detail.medication).toMatchObject({ stock: 2, dosesLeft: 2, refillDue: true });
  });

  it('the registered job runs generation, missed marking and reminders in one pass', async () => {
    expect(await t.app.jobs.runNow(MEDICATION_DOSE_JOB)).toBeGreaterThanOrEqual(0);
  });
});

describe('account deletion', () => {
  it("erases the patient's medications and doses, nobody else's", async () => {
    const patient = await homePatient();
    const bystander = await homePatient();
    for (const p of [patient, bystander])
      await api(t.baseUrl).post(apiPaths.medication.add, {
        token: p.accessToken,
        body: medicine({ startDate: todayKst() }),
      });
    const deleted = await api(t.baseUrl).delete(apiPaths.patient.delete, {
      token: patient.accessToken,
      body: { password: patient.password },
    });
    expect(deleted.code).toBe(ResultCode.SUCCESS);
    const left = async (idx: number) =>
      (
        await t.app.db.query<{ m: number; d: number }>(
          `SELECT (SELECT count(*)::int FROM medications WHERE patient_idx = $1) AS m,
                  (SELECT count(*)::int FROM medication_doses WHERE patient_idx = $1) AS d`,
          [idx],
        )
      ).rows[0]!;
    expect(await left(patient.idx)).toEqual({ m: 0, d: 0 });
    const other = await left(bystander.idx);
    expect(other.m).toBe(1);
    expect(other.d).toBeGreaterThan(0);
  });
});
