import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type {
  CareNote,
  HomeCareSettings,
  VitalSignAlert,
  VitalSignAlertEvent,
  WatchList,
  WatchPatientPage,
} from '@smartcare/contract/home-care-watch';
import { ResultCode } from '@smartcare/contract/result-codes';
import { topics } from '@smartcare/contract/topics';
import type { VitalSignSummary } from '@smartcare/contract/vital-signs';
import { connectTestClient, type TestMqttClient } from '../../plugins/broker/broker-test-client.ts';
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
 * The home-care nurse's watch (issue 13 "Staff console"), over the real database and broker:
 * who comes first on the list, "no reading for N days", notes, and urgent alerts that reach
 * the hospital's staff live and are acknowledged once, by name.
 */
let t: TestApp;
let hospitalIdx: number;
let otherHospitalIdx: number;
let nurse: { idx: number; loginId: string; accessToken: string; name: string };
let otherNurse: { idx: number; loginId: string; accessToken: string };
let board: TestMqttClient;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

async function homePatient(
  name: string,
  hospital = hospitalIdx,
  areas: ('HOSPITAL' | 'HOMECARE')[] = ['HOMECARE'],
) {
  const created = await createPatient(t.app.db, { name, choseHospitalIdx: hospital, areas });
  const { accessToken } = await loginPatient(t.baseUrl, created);
  return { ...created, name, accessToken };
}

const record = async (token: string, body: Record<string, unknown>) => {
  const response = await api(t.baseUrl).post(apiPaths.vitalSign.record, { token, body });
  expect(response.code).toBe(ResultCode.SUCCESS);
  return response;
};

const watchList = (token: string, query: Record<string, string> = {}) =>
  api(t.baseUrl).get<WatchList>(apiPaths.homeCare.getWatchList, { token, query });

/** Each test gets its own hospital so lists hold exactly what the test made. */
async function freshWard() {
  const hospital = (await createHospital(t.app.db, { name: '재택간호병원' })).idx;
  const staff = await createStaff(t.app.db, { hospitalIdx: hospital, name: '윤간호' });
  const token = (await loginStaff(t.baseUrl, staff)).accessToken;
  return { hospital, token, staffIdx: staff.idx };
}

beforeAll(async () => {
  t = await buildTestApp();
  hospitalIdx = (await createHospital(t.app.db, { name: '재택병원' })).idx;
  otherHospitalIdx = (await createHospital(t.app.db, { name: '다른병원' })).idx;
  const staff = await createStaff(t.app.db, { hospitalIdx, name: '한간호' });
  nurse = { ...staff, name: '한간호', accessToken: (await loginStaff(t.baseUrl, staff)).accessToken };
  const other = await createStaff(t.app.db, { hospitalIdx: otherHospitalIdx, name: '남간호' });
  otherNurse = { ...other, accessToken: (await loginStaff(t.baseUrl, other)).accessToken };
  board = await connectTestClient(t.baseUrl, nurse);
  expect(await board.subscribe(topics.homeCareAlert(hospitalIdx))).toBe(true);
}, 120_000);

afterAll(async () => {
  await board?.close();
  await t?.close();
});

describe('the watch list', () => {
  it('puts out-of-range readings of the last 24 h first, then no reading for N days, then the rest', async () => {
    const ward = await freshWard();
    const normal = await homePatient('가정상', ward.hospital);
    await record(normal.accessToken, { kind: 'BLOOD_PRESSURE', systolic: 118, diastolic: 76 });
    const high = await homePatient('나고혈', ward.hospital);
    await record(high.accessToken, {
      kind: 'BLOOD_PRESSURE',
      systolic: 150,
      diastolic: 95,
      effectiveAt: ago(HOUR),
    });
    const silent = await homePatient('다조용', ward.hospital);
    await record(silent.accessToken, { kind: 'HEART_RATE', bpm: 70, effectiveAt: ago(5 * DAY) });
    const never = await homePatient('라처음', ward.hospital);
    // Out of range two days ago is old news: only its silence counts (none: recorded today).
    const lastWeek = await homePatient('마지난', ward.hospital);
    await record(lastWeek.accessToken, { kind: 'SPO2', percent: 90, effectiveAt: ago(2 * DAY) });
    await record(lastWeek.accessToken, { kind: 'SPO2', percent: 97 });
    // Not on this list: another hospital's patient, and a hospital-area patient of this one.
    await homePatient('바다른', otherHospitalIdx);
    await homePatient('사입원', ward.hospital, ['HOSPITAL']);

    const list = await watchList(ward.token);
    expect(list.code).toBe(ResultCode.SUCCESS);
    const order = list.data!.dataList.map((p) => [p.name, p.group, p.daysSinceLast]);
    expect(order).toEqual([
      ['나고혈', 'OUT_OF_RANGE', 0],
      ['라처음', 'STALE', null],
      ['다조용', 'STALE', 5],
      ['가정상', 'OK', 0],
      ['마지난', 'OK', 0],
    ]);
    expect(list.data!.totalCount).toBe(5);
    expect(list.data!.staleDays).toBe(3);
    const highRow = list.data!.dataList[0]!;
    expect(highRow.outOfRangeCount).toBe(1);
    expect(highRow.latest).toMatchObject([
      { kind: 'BLOOD_PRESSURE', value: 150, value2: 95, judgement: { class: 'STAGE_1', level: 'concern' } },
    ]);
    expect(list.data!.dataList.find((p) => p.name === '라처음')!.latest).toEqual([]);
    expect(list.data!.dataList.some((p) => p.patientIdx === never.idx)).toBe(true);
  });

  it('puts a patient with two or more doses missed today near the top, with the count (issue 15)', async () => {
    const ward = await freshWard();
    const missedTwice = await homePatient('약두번놓침', ward.hospital);
    const missedOnce = await homePatient('약한번놓침', ward.hospital);
    const steady = await homePatient('꾸준기록', ward.hospital);
    const high = await homePatient('혈압높음', ward.hospital);
    await record(steady.accessToken, { kind: 'BLOOD_PRESSURE', systolic: 118, diastolic: 76 });
    await record(missedOnce.accessToken, { kind: 'BLOOD_PRESSURE', systolic: 118, diastolic: 76 });
    await record(missedTwice.accessToken, { kind: 'BLOOD_PRESSURE', systolic: 118, diastolic: 76 });
    await record(high.accessToken, { kind: 'BLOOD_PRESSURE', systolic: 165, diastolic: 95 });
    // Doses missed earlier today (Korean day): between its midnight and now.
    const now = Date.now();
    const kstMidnight = Math.floor((now + 9 * HOUR) / DAY) * DAY - 9 * HOUR;
    const earlierToday = (share: number) => new Date(kstMidnight + (now - kstMidnight) * share);
    const missDoses = async (patientIdx: number, count: number) => {
      const { rows } = await t.app.db.query<{ idx: number }>(
        `INSERT INTO medications (patient_idx, name, form, dose_per_intake, times, start_date, schedule_from)
         VALUES ($1, '메트포르민정500밀리그램', 'TABLET', 1, ARRAY['08:00'], CURRENT_DATE, now()) RETURNING idx`,
        [patientIdx],
      );
      for (let i = 1; i <= count; i++)
        await t.app.db.query(
          `INSERT INTO medication_doses (medication_idx, patient_idx, scheduled_at, status, closed_at,
             medication_name, strength, form, dose_per_intake, meal)
           SELECT $1, $2, $3, 'MISSED', now(), name, strength, form, dose_per_intake, meal
             FROM medications WHERE idx = $1`,
          [rows[0]!.idx, patientIdx, earlierToday(i / (count + 1))],
        );
    };
    await missDoses(missedTwice.idx, 2);
    await missDoses(missedOnce.idx, 1);

    const list = await watchList(ward.token);
    expect(list.code).toBe(ResultCode.SUCCESS);
    expect(list.data!.dataList.map((p) => [p.name, p.group, p.missedDosesToday])).toEqual([
      ['혈압높음', 'OUT_OF_RANGE', 0],
      ['약두번놓침', 'MISSED_DOSES', 2],
      ['꾸준기록', 'OK', 0],
      ['약한번놓침', 'OK', 0],
    ]);
  });

  it("takes the hospital's own N: five silent days are not stale when N is 7", async () => {
    const ward = await freshWard();
    const silent = await homePatient('다조용', ward.hospital);
    await record(silent.accessToken, { kind: 'HEART_RATE', bpm: 70, effectiveAt: ago(5 * DAY) });
    const two = await homePatient('이틀전', ward.hospital);
    await record(two.accessToken, { kind: 'HEART_RATE', bpm: 70, effectiveAt: ago(2 * DAY) });

    let list = await watchList(ward.token);
    expect(list.data!.dataList.map((p) => p.group)).toEqual(['STALE', 'OK']);

    const set = await api(t.baseUrl).put<HomeCareSettings>(apiPaths.homeCare.setStaleDays, {
      token: ward.token,
      body: { staleDays: 7 },
    });
    expect(set.data).toEqual({ staleDays: 7 });
    list = await watchList(ward.token);
    expect(list.data!.staleDays).toBe(7);
    expect(list.data!.dataList.map((p) => [p.name, p.group])).toEqual([
      ['다조용', 'OK'],
      ['이틀전', 'OK'],
    ]);
    const read = await api(t.baseUrl).get<HomeCareSettings>(apiPaths.homeCare.getSettings, {
      token: ward.token,
    });
    expect(read.data).toEqual({ staleDays: 7 });
    // Another hospital keeps the default.
    const theirs = await api(t.baseUrl).get<HomeCareSettings>(apiPaths.homeCare.getSettings, {
      token: otherNurse.accessToken,
    });
    expect(theirs.data).toEqual({ staleDays: 3 });
  });

  it('refuses an N outside 1–60 with the validation code and keeps the old one', async () => {
    const ward = await freshWard();
    for (const staleDays of [0, 61, 2.5, '3']) {
      const refused = await api(t.baseUrl).put(apiPaths.homeCare.setStaleDays, {
        token: ward.token,
        body: { staleDays },
      });
      expect(refused.status).toBe(400);
      expect(refused.code).toBe(ResultCode.VALIDATION_FAILED);
    }
    const read = await api(t.baseUrl).get<HomeCareSettings>(apiPaths.homeCare.getSettings, {
      token: ward.token,
    });
    expect(read.data).toEqual({ staleDays: 3 });
  });

  it("counts a reading outside the nurse's personal target as out of range", async () => {
    const ward = await freshWard();
    const patient = await homePatient('아목표', ward.hospital);
    await record(patient.accessToken, { kind: 'BLOOD_PRESSURE', systolic: 132, diastolic: 78 });
    expect((await watchList(ward.token)).data!.dataList[0]!.group).toBe('OK');
    const set = await api(t.baseUrl).put(apiPaths.vitalSign.setTarget, {
      token: ward.token,
      body: { patientIdx: patient.idx, kind: 'BLOOD_PRESSURE', low: null, high: 130, high2: 80 },
    });
    expect(set.code).toBe(ResultCode.SUCCESS);
    const row = (await watchList(ward.token)).data!.dataList[0]!;
    expect(row.group).toBe('OUT_OF_RANGE');
    expect(row.latest[0]!.target).toBe('ABOVE_TARGET');
  });

  it('searches by part of the name (wildcards typed are letters) and pages', async () => {
    const ward = await freshWard();
    for (const name of ['김하나', '김두리', '박세나', '최50%']) await homePatient(name, ward.hospital);
    const kims = await watchList(ward.token, { q: '김' });
    expect(kims.data!.dataList.map((p) => p.name)).toEqual(['김두리', '김하나']);
    expect((await watchList(ward.token, { q: '%' })).data!.dataList.map((p) => p.name)).toEqual(['최50%']);
    const first = await watchList(ward.token, { pNum: '1', pSize: '3' });
    const second = await watchList(ward.token, { pNum: '2', pSize: '3' });
    expect(first.data!.totalCount).toBe(4);
    expect(first.data!.dataList).toHaveLength(3);
    expect(second.data!.dataList.map((p) => p.name)).toEqual(['최50%']);
  });

  it("audits the nurse's read of each listed patient", async () => {
    const ward = await freshWard();
    const patient = await homePatient('감사중', ward.hospital);
    await watchList(ward.token);
    await t.app.audit.flush();
    const { rows } = await t.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'homeCare.watchList.read' AND actor_idx = $1 AND patient_idx = $2`,
      [ward.staffIdx, patient.idx],
    );
    expect(rows[0]!.n).toBe(1);
  });
});

describe("a patient's page", () => {
  it('gives the latest readings, targets, the note with who and when, and a chart of a period', async () => {
    const patient = await homePatient('페이지');
    await record(patient.accessToken, {
      kind: 'BLOOD_GLUCOSE',
      mgdl: 110,
      timing: 'FASTING',
      effectiveAt: ago(2 * HOUR),
    });
    await record(patient.accessToken, {
      kind: 'BLOOD_GLUCOSE',
      mgdl: 95,
      timing: 'FASTING',
      effectiveAt: ago(HOUR),
    });
    const saved = await api(t.baseUrl).put<CareNote>(apiPaths.homeCare.saveNote, {
      token: nurse.accessToken,
      body: { patientIdx: patient.idx, text: '  저녁 혈당 다시 확인  ' },
    });
    expect(saved.data).toMatchObject({ text: '저녁 혈당 다시 확인', writtenByName: '한간호' });

    const page = await api(t.baseUrl).get<WatchPatientPage>(apiPaths.homeCare.getPatient, {
      token: nurse.accessToken,
      query: { patientIdx: String(patient.idx) },
    });
    expect(page.code).toBe(ResultCode.SUCCESS);
    expect(page.data!.name).toBe('페이지');
    expect(page.data!.latest).toMatchObject([{ kind: 'BLOOD_GLUCOSE', value: 95, context: 'FASTING' }]);
    expect(page.data!.note).toMatchObject({ text: '저녁 혈당 다시 확인', writtenByName: '한간호' });
    expect(Date.parse(page.data!.note!.writtenAt)).toBeGreaterThan(Date.now() - 60_000);

    const chart = await api(t.baseUrl).get<VitalSignSummary>(apiPaths.homeCare.getPatientSummary, {
      token: nurse.accessToken,
      query: {
        patientIdx: String(patient.idx),
        kind: 'BLOOD_GLUCOSE',
        from: ago(DAY),
        to: new Date().toISOString(),
      },
    });
    expect(chart.data).toMatchObject({ count: 2, average: 102.5, min: 95, max: 110 });
    expect(chart.data!.series.map((p) => p.value)).toEqual([110, 95]);
    await t.app.audit.flush();
    const { rows } = await t.app.db.query<{ actor_type: string }>(
      `SELECT actor_type FROM audit_log WHERE action = 'vitalSign.summary.read' AND patient_idx = $1`,
      [patient.idx],
    );
    expect(rows.map((r) => r.actor_type)).toEqual(['staff']);
  });

  it('refuses a note over 2,000 characters and keeps the old one', async () => {
    const patient = await homePatient('긴메모');
    await api(t.baseUrl).put(apiPaths.homeCare.saveNote, {
      token: nurse.accessToken,
      body: { patientIdx: patient.idx, text: '첫 메모' },
    });
    const refused = await api(t.baseUrl).put(apiPaths.homeCare.saveNote, {
      token: nurse.accessToken,
      body: { patientIdx: patient.idx, text: '가'.repeat(2001) },
    });
    expect(refused.status).toBe(400);
    const page = await api(t.baseUrl).get<WatchPatientPage>(apiPaths.homeCare.getPatient, {
      token: nurse.accessToken,
      query: { patientIdx: String(patient.idx) },
    });
    expect(page.data!.note!.text).toBe('첫 메모');
  });

  it("is each hospital's own: a patient who chooses another hospital shows it none of the first one's note", async () => {
    const patient = await homePatient('옮긴환자');
    const page = async (token: string) =>
      api(t.baseUrl).get<WatchPatientPage>(apiPaths.homeCare.getPatient, {
        token,
        query: { patientIdx: String(patient.idx) },
      });
    const saveNote = (token: string, text: string) =>
      api(t.baseUrl).put<CareNote>(apiPaths.homeCare.saveNote, {
        token,
        body: { patientIdx: patient.idx, text },
      });
    const choose = async (choseHospitalIdx: number) => {
      const changed = await api(t.baseUrl).put(apiPaths.patient.updateMyData, {
        token: patient.accessToken,
        body: { choseHospitalIdx },
      });
      expect(changed.code).toBe(ResultCode.SUCCESS);
    };
    expect((await saveNote(nurse.accessToken, '밤에 넘어진 적 있음 (보호자)')).code).toBe(ResultCode.SUCCESS);

    await choose(otherHospitalIdx);
    const there = await page(otherNurse.accessToken);
    expect(there.code).toBe(ResultCode.SUCCESS);
    expect(there.data!.note).toBeNull();
    expect((await saveNote(otherNurse.accessToken, '첫 방문 예정')).code).toBe(ResultCode.SUCCESS);
    expect((await page(otherNurse.accessToken)).data!.note).toMatchObject({
      text: '첫 방문 예정',
      writtenByName: '남간호',
    });
    // No longer this hospital's patient: its staff do not see them at all.
    expect((await page(nurse.accessToken)).status).toBe(404);

    await choose(hospitalIdx);
    expect((await page(nurse.accessToken)).data!.note).toMatchObject({
      text: '밤에 넘어진 적 있음 (보호자)',
      writtenByName: '한간호',
    });
  });

  it('notes written before the migration belong to the hospital of the nurse who wrote them', async () => {
    const { openPglite, pgliteDatabase } = await import('../../plugins/db/pglite-database.ts');
    const { MIGRATIONS_DIR, migrate } = await import('../../plugins/db/migrate.ts');
    const dir = await mkdtemp(path.join(tmpdir(), 'smartcare-078-'));
    const db = pgliteDatabase(await openPglite(undefined));
    try {
      const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql'));
      for (const f of files.filter((f) => f < '078_'))
        await copyFile(path.join(MIGRATIONS_DIR, f), path.join(dir, f));
      await migrate(db, dir);
      const one = async <T>(sql: string, params: number[] = []) => (await db.query<T>(sql, params)).rows[0]!;
      const seoul = (await one<{ idx: number }>(`INSERT INTO hospitals (name) VALUES ('서울') RETURNING idx`))
        .idx;
      const busan = (await one<{ idx: number }>(`INSERT INTO hospitals (name) VALUES ('부산') RETURNING idx`))
        .idx;
      const writer = (
        await one<{ idx: number }>(
          `INSERT INTO staff_users (login_id, password_hash, name, role, hospital_idx)
           VALUES ('nurse078', 'x', '옛간호', 'NURSE', $1) RETURNING idx`,
          [seoul],
        )
      ).idx;
      // The patient has since chosen another hospital: the note is still the writer's hospital's.
      const patient = (
        await one<{ idx: number }>(
          `INSERT INTO patients (name, chose_hospital_idx) VALUES ('옛환자', $1) RETURNING idx`,
          [busan],
        )
      ).idx;
      await db.query(
        `INSERT INTO home_care_note (patient_idx, text, written_by_idx, written_by_name) VALUES ($1, '옛 메모', $2, '옛간호')`,
        [patient, writer],
      );
      await copyFile(
        path.join(MIGRATIONS_DIR, '078_home_care_note_per_hospital.sql'),
        path.join(dir, '078_home_care_note_per_hospital.sql'),
      );
      await migrate(db, dir);
      const { rows } = await db.query('SELECT patient_idx, hospital_idx, text FROM home_care_note');
      expect(rows).toEqual([{ patient_idx: patient, hospital_idx: seoul, text: '옛 메모' }]);
    } finally {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("is not found for another hospital's staff, and for a patient not in home care", async () => {
    const patient = await homePatient('남의환자');
    const inpatient = await homePatient('입원만', hospitalIdx, ['HOSPITAL']);
    const q = (idx: number) => ({ patientIdx: String(idx) });
    for (const [token, idx] of [
      [otherNurse.accessToken, patient.idx],
      [nurse.accessToken, inpatient.idx],
      [nurse.accessToken, 999_999],
    ] as const) {
      const page = await api(t.baseUrl).get(apiPaths.homeCare.getPatient, { token, query: q(idx) });
      expect(page.status).toBe(404);
      const note = await api(t.baseUrl).put(apiPaths.homeCare.saveNote, {
        token,
        body: { patientIdx: idx, text: '메모' },
      });
      expect(note.status).toBe(404);
      const chart = await api(t.baseUrl).get(apiPaths.homeCare.getPatientSummary, {
        token,
        query: { ...q(idx), kind: 'SPO2', from: ago(DAY), to: new Date().toISOString() },
      });
      expect(chart.status).toBe(404);
    }
    const { rows } = await t.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM home_care_note WHERE patient_idx = $1',
      [patient.idx],
    );
    expect(rows[0]!.n).toBe(0);
  });
});

describe('urgent alerts', () => {
  it("reach the hospital's staff live when a reading is urgent, and only then", async () => {
    const patient = await homePatient('위급한');
    await record(patient.accessToken, { kind: 'BLOOD_PRESSURE', systolic: 170, diastolic: 100, pulse: 80 });
    await record(patient.accessToken, { kind: 'BLOOD_PRESSURE', systolic: 185, diastolic: 100, pulse: 80 });
    const event = await board.next<VitalSignAlertEvent>(
      topics.homeCareAlert(hospitalIdx),
      (e) => e.alert.patientIdx === patient.idx,
    );
    expect(event).toMatchObject({
      event: 'new',
      alert: {
        patientName: '위급한',
        kind: 'BLOOD_PRESSURE',
        value: 185,
        value2: 100,
        class: 'STAGE_2',
        acknowledgedAt: null,
      },
    });
    const open = await api(t.baseUrl).get<VitalSignAlert[]>(apiPaths.homeCare.getOpenAlerts, {
      token: nurse.accessToken,
    });
    expect(open.data!.filter((a) => a.patientIdx === patient.idx).map((a) => a.value)).toEqual([185]);
    // Another hospital sees none of it.
    const theirs = await api(t.baseUrl).get<VitalSignAlert[]>(apiPaths.homeCare.getOpenAlerts, {
      token: otherNurse.accessToken,
    });
    expect(theirs.data!.some((a) => a.patientIdx === patient.idx)).toBe(false);
    const row = (await watchList(nurse.accessToken, { q: '위급한' })).data!.dataList[0]!;
    expect(row.openAlertCount).toBe(1);
  });

  it('alerts for every urgent kind at its boundary and not one step inside it', async () => {
    const patient = await homePatient('경계선');
    const urgent = [
      { kind: 'BLOOD_PRESSURE', systolic: 150, diastolic: 110 },
      { kind: 'BLOOD_GLUCOSE', mgdl: 53, timing: 'RANDOM' },
      { kind: 'BLOOD_GLUCOSE', mgdl: 300, timing: 'AFTER_MEAL_2H' },
      { kind: 'SPO2', percent: 91 },
      { kind: 'TEMPERATURE', temperatureC: 35.0, site: 'EAR' },
      { kind: 'HEART_RATE', bpm: 131 },
      { kind: 'HEART_RATE', bpm: 40 },
    ];
    const calm = [
      { kind: 'BLOOD_PRESSURE', systolic: 179, diastolic: 109 },
      { kind: 'BLOOD_GLUCOSE', mgdl: 54, timing: 'RANDOM' },
      { kind: 'BLOOD_GLUCOSE', mgdl: 299, timing: 'AFTER_MEAL_2H' },
      { kind: 'SPO2', percent: 92 },
      { kind: 'TEMPERATURE', temperatureC: 35.1, site: 'EAR' },
      { kind: 'HEART_RATE', bpm: 130 },
      { kind: 'HEART_RATE', bpm: 41 },
      { kind: 'TEMPERATURE', temperatureC: 40.5, site: 'ORAL' },
    ];
    for (const body of [...urgent, ...calm]) await record(patient.accessToken, body);
    const { rows } = await t.app.db.query<{ kind: string; value: number }>(
      'SELECT kind, value FROM vital_sign_alert WHERE patient_idx = $1 ORDER BY idx',
      [patient.idx],
    );
    expect(rows.map((r) => [r.kind, Number(r.value)])).toEqual([
      ['BLOOD_PRESSURE', 150],
      ['BLOOD_GLUCOSE', 53],
      ['BLOOD_GLUCOSE', 300],
      ['SPO2', 91],
      ['TEMPERATURE', 35],
      ['HEART_RATE', 131],
      ['HEART_RATE', 40],
    ]);
  });

  it('are not raised for a patient outside home care or without a hospital', async () => {
    const inpatient = await homePatient('입원환자', hospitalIdx, ['HOSPITAL']);
    const created = await createPatient(t.app.db, { name: '무소속', areas: ['HOMECARE'] });
    const unattached = {
      accessToken: (await loginPatient(t.baseUrl, created)).accessToken,
      idx: created.idx,
    };
    for (const p of [inpatient, unattached]) await record(p.accessToken, { kind: 'SPO2', percent: 85 });
    const { rows } = await t.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM vital_sign_alert WHERE patient_idx = ANY($1::int[])',
      [[inpatient.idx, unattached.idx]],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('are acknowledged once, by name, live to colleagues; a second click is told who was first', async () => {
    const patient = await homePatient('확인대상');
    await record(patient.accessToken, { kind: 'SPO2', percent: 88 });
    const { alert } = await board.next<VitalSignAlertEvent>(
      topics.homeCareAlert(hospitalIdx),
      (e) => e.event === 'new' && e.alert.patientIdx === patient.idx,
    );
    // Another hospital's nurse cannot acknowledge it.
    const foreign = await api(t.baseUrl).put(apiPaths.homeCare.acknowledgeAlert, {
      token: otherNurse.accessToken,
      body: { alertIdx: alert.idx },
    });
    expect(foreign.status).toBe(404);

    const acked = await api(t.baseUrl).put<VitalSignAlert>(apiPaths.homeCare.acknowledgeAlert, {
      token: nurse.accessToken,
      body: { alertIdx: alert.idx },
    });
    expect(acked.data).toMatchObject({ idx: alert.idx, acknowledgedByName: '한간호' });
    expect(Date.parse(acked.data!.acknowledgedAt!)).toBeGreaterThan(Date.now() - 60_000);
    const live = await board.next<VitalSignAlertEvent>(
      topics.homeCareAlert(hospitalIdx),
      (e) => e.event === 'acknowledged' && e.alert.idx === alert.idx,
    );
    expect(live.alert.acknowledgedByName).toBe('한간호');

    const colleague = await createStaff(t.app.db, { hospitalIdx, name: '두번째' });
    const again = await api(t.baseUrl).put<{ alert: VitalSignAlert }>(apiPaths.homeCare.acknowledgeAlert, {
      token: (await loginStaff(t.baseUrl, colleague)).accessToken,
      body: { alertIdx: alert.idx },
    });
    expect(again.status).toBe(409);
    expect(again.code).toBe(ResultCode.HOME_CARE_ALERT_ACKNOWLEDGED);
    expect(again.data!.alert.acknowledgedByName).toBe('한간호');

    const open = await api(t.baseUrl).get<VitalSignAlert[]>(apiPaths.homeCare.getOpenAlerts, {
      token: nurse.accessToken,
    });
    expect(open.data!.some((a) => a.idx === alert.idx)).toBe(false);
  });

  it("come from the phone's imports too, once, and only for readings of the last 24 h", async () => {
    const patient = await homePatient('기기측정');
    const batch = {
      source: 'HEALTH_CONNECT',
      records: [
        { sourceRecordId: 'hc-now', reading: { kind: 'SPO2', percent: 89, effectiveAt: ago(HOUR) } },
        { sourceRecordId: 'hc-old', reading: { kind: 'SPO2', percent: 88, effectiveAt: ago(3 * DAY) } },
        { sourceRecordId: 'hc-fine', reading: { kind: 'SPO2', percent: 97, effectiveAt: ago(HOUR) } },
      ],
    };
    for (let i = 0; i < 2; i += 1) {
      const imported = await api(t.baseUrl).post(apiPaths.vitalSign.importBatch, {
        token: patient.accessToken,
        body: batch,
      });
      expect(imported.code).toBe(ResultCode.SUCCESS);
    }
    const event = await board.next<VitalSignAlertEvent>(
      topics.homeCareAlert(hospitalIdx),
      (e) => e.alert.patientIdx === patient.idx,
    );
    expect(event.alert).toMatchObject({ kind: 'SPO2', value: 89, class: 'URGENT' });
    const { rows } = await t.app.db.query<{ value: number }>(
      'SELECT value FROM vital_sign_alert WHERE patient_idx = $1',
      [patient.idx],
    );
    expect(rows.map((r) => Number(r.value))).toEqual([89]);
  });

  it("go with the patient's account", async () => {
    const patient = await homePatient('탈퇴자');
    await record(patient.accessToken, { kind: 'SPO2', percent: 85 });
    const deleted = await api(t.baseUrl).delete(apiPaths.patient.delete, {
      token: patient.accessToken,
      body: { password: patient.password },
    });
    expect(deleted.code).toBe(ResultCode.SUCCESS);
    const { rows } = await t.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM vital_sign_alert WHERE patient_idx = $1',
      [patient.idx],
    );
    expect(rows[0]!.n).toBe(0);
  });
});

describe('who may call', () => {
  const calls = [
    ['GET', apiPaths.homeCare.getWatchList, {}],
    ['GET', apiPaths.homeCare.getPatient, { query: { patientIdx: '1' } }],
    [
      'GET',
      apiPaths.homeCare.getPatientSummary,
      { query: { patientIdx: '1', kind: 'SPO2', from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' } },
    ],
    ['PUT', apiPaths.homeCare.saveNote, { body: { patientIdx: 1, text: '메모' } }],
    ['GET', apiPaths.homeCare.getSettings, {}],
    ['PUT', apiPaths.homeCare.setStaleDays, { body: { staleDays: 5 } }],
    ['GET', apiPaths.homeCare.getOpenAlerts, {}],
    ['PUT', apiPaths.homeCare.acknowledgeAlert, { body: { alertIdx: 1 } }],
  ] as const;

  it.each(calls)('%s %s refuses no token and a patient token', async (method, path, options) => {
    const patient = await homePatient('환자토큰');
    const anonymous = await api(t.baseUrl).call(method, path, options);
    expect(anonymous.status).toBe(401);
    const asPatient = await api(t.baseUrl).call(method, path, { ...options, token: patient.accessToken });
    expect([401, 403]).toContain(asPatient.status);
    expect(asPatient.code).not.toBe(ResultCode.SUCCESS);
  });
});

describe("the watch list's SQL levels", () => {
  // The list orders in SQL (migration 065); the screens classify with the contract. Both must
  // agree at and around every boundary, or a patient would sit in the wrong group.
  it("match the contract's classifiers at and around every boundary", async () => {
    const { classify } = await import('@smartcare/contract/vital-signs');
    const cases: { kind: string; value: number; value2: number | null; context: string | null }[] = [];
    const around = (edges: number[], step: number) =>
      edges.flatMap((e) => [e - step, e - step / 2, e, e + step / 2, e + step]);
    for (const s of around([120, 130, 140, 160, 180], 1))
      for (const d of around([80, 90, 100, 110], 1))
        cases.push({ kind: 'BLOOD_PRESSURE', value: s, value2: d, context: null });
    for (const timing of ['FASTING', 'AFTER_MEAL_2H', 'RANDOM', 'BEDTIME', 'BEFORE_MEAL'])
      for (const v of around([54, 70, 100, 126, 140, 200, 300], 1))
        cases.push({ kind: 'BLOOD_GLUCOSE', value: v, value2: null, context: timing });
    for (const v of around([91, 92, 94, 96], 0.5))
      cases.push({ kind: 'SPO2', value: v, value2: null, context: null });
    for (const v of around([35, 36, 38, 39], 0.1))
      cases.push({ kind: 'TEMPERATURE', value: Math.round(v * 100) / 100, value2: null, context: null });
    for (const v of around([40, 50, 90, 110, 130], 0.5))
      cases.push({ kind: 'HEART_RATE', value: v, value2: null, context: null });
    for (const v of around([420], 1)) cases.push({ kind: 'SLEEP', value: v, value2: null, context: null });
    const { rows } = await t.app.db.query<{ level: string | null }>(
      `SELECT home_care_level(c.kind, c.value, c.value2, c.context) AS level
         FROM jsonb_to_recordset($1::jsonb) AS c(i int, kind text, value float8, value2 float8, context text)
        ORDER BY c.i`,
      [JSON.stringify(cases.map((c, i) => ({ ...c, i })))],
    );
    const mismatches = cases
      .map((c, i) => ({ ...c, sql: rows[i]!.level, ts: classify(c as never)?.level ?? null }))
      .filter((c) => c.sql !== c.ts);
    expect(mismatches).toEqual([]);
    expect(rows).toHaveLength(cases.length);
  });
});
