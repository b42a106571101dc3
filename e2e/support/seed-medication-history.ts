/**
 * `node --import tsx e2e/support/seed-medication-history.ts <DATA_DIR> <out.json>`
 *
 * Doses in the past cannot be made through the API (a new medicine starts now), yet the
 * calendar and the nurse's adherence only mean something with history. Like
 * provision-staff.ts, this opens a fresh DATA_DIR before its server starts, applies the
 * migrations and the demo seed, and stores a home-care patient of the first demo hospital
 * with two medicines and two weeks and more of doses: most days all taken, some days partly
 * taken, one day all missed. It also creates a nurse of that hospital. What it made is
 * written to `out.json` for the spec.
 */
import { writeFileSync } from 'node:fs';
import type { MedicationValues } from '@smartcare/contract/medication';
import { seedDemo } from '../../apps/server/src/db/seed-demo.ts';
import { hospitalRepository } from '../../apps/server/src/modules/hospital/hospital.repository.ts';
import { medicationRepository } from '../../apps/server/src/modules/medication/medication.repository.ts';
import { openDatabase } from '../../apps/server/src/plugins/db/db.plugin.ts';
import { migrate } from '../../apps/server/src/plugins/db/migrate.ts';
import { createPatient, createStaff } from '../../apps/server/src/testing/factories.ts';

export interface SeededMedicationHistory {
  patient: { idx: number; loginId: string; password: string };
  nurse: { idx: number; loginId: string; password: string };
  medicationIdx: number;
}

const HISTORY_DAYS = 18;
const KST_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;

const [dataDir, outFile] = process.argv.slice(2);
if (!dataDir || !outFile) {
  console.error('usage: seed-medication-history.ts <DATA_DIR> <out.json>');
  process.exit(2);
}

/** The instant of `hhmm` Korean time, `offset` days from today (Korean calendar). */
const kstAt = (offset: number, hhmm: string) => {
  const todayKst = Math.floor((Date.now() + KST_MS) / DAY_MS) * DAY_MS;
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return new Date(todayKst + offset * DAY_MS + (h * 60 + m) * 60_000 - KST_MS);
};
const kstDate = (offset: number) =>
  new Date(kstAt(offset, '00:00').getTime() + KST_MS).toISOString().slice(0, 10);

const { db, release } = await openDatabase({ dataDir, databaseUrl: undefined });
try {
  await migrate(db);
  await seedDemo(db);
  const hospital = (await hospitalRepository.list(db, undefined))[0]!;
  const patient = await createPatient(db, {
    name: '박복약',
    areas: ['HOMECARE'],
    choseHospitalIdx: hospital.idx,
    birthDate: '1948-05-20',
    sex: 'M',
  });
  const nurse = await createStaff(db, { hospitalIdx: hospital.idx, name: '한간호', role: 'NURSE' });
  const values = (
    v: Partial<MedicationValues> & Pick<MedicationValues, 'name' | 'times'>,
  ): MedicationValues => ({
    medicineCode: null,
    strength: '',
    form: 'TABLET',
    dosePerIntake: 1,
    everyHours: null,
    daysOfWeek: [],
    meal: 'NONE',
    startDate: kstDate(-HISTORY_DAYS),
    endDate: null,
    instructions: '',
    stock: null,
    refillThreshold: null,
    prescribedBy: '',
    ...v,
  });
  const meta = {
    staffIdx: nurse.idx,
    scheduleFrom: kstAt(-HISTORY_DAYS, '00:00'),
    now: kstAt(-HISTORY_DAYS, '09:00'),
  };
  const amlodipine = await medicationRepository.insert(
    db,
    patient.idx,
    values({
      name: '노바스크정5밀리그램',
      strength: '5mg',
      times: ['08:00'],
      meal: 'AFTER_MEAL',
      stock: 4,
      refillThreshold: 5,
      instructions: '혈압약입니다. 매일 같은 시간에 드세요.',
      prescribedBy: '한간호',
    }),
    meta,
  );
  const metformin = await medicationRepository.insert(
    db,
    patient.idx,
    values({
      name: '다이아벡스정500밀리그램',
      strength: '500mg',
      times: ['08:00', '19:00'],
      meal: 'WITH_MEAL',
      prescribedBy: '한간호',
    }),
    meta,
  );

  // Day by day (days ago → what happened to the 08:00 and 19:00 doses): taken unless listed.
  const missedDay = 6;
  const partly: Record<number, string[]> = {
    2: ['19:00'],
    4: ['08:00'],
    9: ['19:00'],
    13: ['08:00', '19:00'],
  };
  const skipped: Record<number, string> = { 11: '19:00' };
  for (let ago = HISTORY_DAYS; ago >= 1; ago--) {
    for (const [m, hhmm] of [
      [amlodipine, '08:00'],
      [metformin, '08:00'],
      [metformin, '19:00'],
    ] as const) {
      const at = kstAt(-ago, hhmm);
      const missed = ago === missedDay || (partly[ago]?.includes(hhmm) === true && m === metformin) || false;
      const skip = skipped[ago] === hhmm && m === metformin;
      const status = missed ? 'MISSED' : skip ? 'SKIPPED' : 'TAKEN';
      await db.query(
        `INSERT INTO medication_doses (medication_idx, patient_idx, scheduled_at, status, taken_at, late,
           skip_reason, closed_at, alerts_sent, medication_name, strength, form, dose_per_intake, meal)
         SELECT $1, $2, $3::timestamptz, $4, CASE WHEN $4 = 'TAKEN' THEN $3::timestamptz + interval '12 minutes' END,
                false, CASE WHEN $4 = 'SKIPPED' THEN '속이 불편해서' END, $3::timestamptz + interval '2 hours', 1,
                name, strength, form, dose_per_intake, meal
           FROM medications WHERE idx = $1`,
        [m.idx, patient.idx, at, status],
      );
    }
  }
  // Today's and the next two days' doses, as the dose job would make them (it may not have
  // run yet when the screens are opened).
  for (let ahead = 0; ahead <= 2; ahead++) {
    for (const [m, hhmm] of [
      [amlodipine, '08:00'],
      [metformin, '08:00'],
      [metformin, '19:00'],
    ] as const) {
      await db.query(
        `INSERT INTO medication_doses (medication_idx, patient_idx, scheduled_at, next_alert_at,
           medication_name, strength, form, dose_per_intake, meal)
         SELECT $1, $2, $3::timestamptz, $3::timestamptz, name, strength, form, dose_per_intake, meal
           FROM medications WHERE idx = $1
         ON CONFLICT (medication_idx, scheduled_at) DO NOTHING`,
        [m.idx, patient.idx, kstAt(ahead, hhmm)],
      );
    }
  }
  const seeded: SeededMedicationHistory = {
    patient: { idx: patient.idx, loginId: patient.loginId, password: patient.password },
    nurse: { idx: nurse.idx, loginId: nurse.loginId, password: nurse.password },
    medicationIdx: amlodipine.idx,
  };
  writeFileSync(outFile, JSON.stringify(seeded, null, 2));
  console.log(`[e2e] medication history of patient ${patient.idx} seeded`);
} finally {
  await db.close();
  await release();
}
