import type { MedicationValues } from '@smartcare/contract/medication';
import type { SqlQueryable } from '../plugins/db/database.ts';
import { medicationRepository } from '../modules/medication/medication.repository.ts';

/**
 * Issue 15 — a home-care patient's two medicines and their last weeks of doses, for the
 * demo (`npm start`) and the medication screenshots. Past doses cannot be made through the
 * API (a new medicine starts now), yet the calendar and the nurse's adherence only mean
 * something with history: most days all taken, some days partly taken, one day all missed,
 * one dose skipped with a reason; today's and the next two days' doses as the dose job makes
 * them.
 */
const DEMO_MEDICATION_HISTORY_DAYS = 18;

const KST_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;

export async function seedDemoMedication(
  db: Pick<SqlQueryable, 'query'>,
  {
    patientIdx,
    prescriber,
    now = new Date(),
  }: { patientIdx: number; prescriber: { idx: number; name: string }; now?: Date },
): Promise<{ medicationIdxs: number[] }> {
  const days = DEMO_MEDICATION_HISTORY_DAYS;
  /** The instant of `hhmm` Korean time, `offset` days from today (Korean calendar). */
  const kstAt = (offset: number, hhmm: string) => {
    const todayKst = Math.floor((now.getTime() + KST_MS) / DAY_MS) * DAY_MS;
    const [h, m] = hhmm.split(':').map(Number) as [number, number];
    return new Date(todayKst + offset * DAY_MS + (h * 60 + m) * 60_000 - KST_MS);
  };
  const kstDate = (offset: number) =>
    new Date(kstAt(offset, '00:00').getTime() + KST_MS).toISOString().slice(0, 10);
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
    startDate: kstDate(-days),
    endDate: null,
    instructions: '',
    stock: null,
    refillThreshold: null,
    prescribedBy: prescriber.name,
    ...v,
  });
  const meta = { staffIdx: prescriber.idx, scheduleFrom: kstAt(-days, '00:00'), now: kstAt(-days, '09:00') };
  const amlodipine = await medicationRepository.insert(
    db,
    patientIdx,
    values({
      name: '노바스크정5밀리그램',
      strength: '5mg',
      times: ['08:00'],
      meal: 'AFTER_MEAL',
      stock: 4,
      refillThreshold: 5,
      instructions: '혈압약입니다. 매일 같은 시간에 드세요.',
    }),
    meta,
  );
  const metformin = await medicationRepository.insert(
    db,
    patientIdx,
    values({
      name: '다이아벡스정500밀리그램',
      strength: '500mg',
      times: ['08:00', '19:00'],
      meal: 'WITH_MEAL',
    }),
    meta,
  );
  const doses = [
    [amlodipine, '08:00'],
    [metformin, '08:00'],
    [metformin, '19:00'],
  ] as const;

  // Day by day (days ago → what happened to the doses): taken unless listed.
  const missedDay = 6;
  const partlyMissed: Record<number, string[]> = {
    2: ['19:00'],
    4: ['08:00'],
    9: ['19:00'],
    13: ['08:00', '19:00'],
  };
  const skipped: Record<number, string> = { 11: '19:00' };
  for (let ago = days; ago >= 1; ago--) {
    for (const [medication, hhmm] of doses) {
      const missed =
        ago === missedDay || (medication === metformin && partlyMissed[ago]?.includes(hhmm) === true);
      const skip = medication === metformin && skipped[ago] === hhmm;
      const status = missed ? 'MISSED' : skip ? 'SKIPPED' : 'TAKEN';
      await db.query(
        `INSERT INTO medication_doses (medication_idx, patient_idx, scheduled_at, status, taken_at, late,
           skip_reason, closed_at, alerts_sent, medication_name, strength, form, dose_per_intake, meal)
         SELECT $1, $2, $3::timestamptz, $4, CASE WHEN $4 = 'TAKEN' THEN $3::timestamptz + interval '12 minutes' END,
                false, CASE WHEN $4 = 'SKIPPED' THEN '속이 불편해서' END, $3::timestamptz + interval '2 hours', 1,
                name, strength, form, dose_per_intake, meal
           FROM medications WHERE idx = $1`,
        [medication.idx, patientIdx, kstAt(-ago, hhmm), status],
      );
    }
  }
  // Today's and the next two days' doses (the dose job may not have run yet).
  for (let ahead = 0; ahead <= 2; ahead++) {
    for (const [medication, hhmm] of doses) {
      await db.query(
        `INSERT INTO medication_doses (medication_idx, patient_idx, scheduled_at, next_alert_at,
           medication_name, strength, form, dose_per_intake, meal)
         SELECT $1, $2, $3::timestamptz, $3::timestamptz, name, strength, form, dose_per_intake, meal
           FROM medications WHERE idx = $1
         ON CONFLICT (medication_idx, scheduled_at) DO NOTHING`,
        [medication.idx, patientIdx, kstAt(ahead, hhmm)],
      );
    }
  }
  return { medicationIdxs: [amlodipine.idx, metformin.idx] };
}
