import type {
  DoseStatus,
  MealRelation,
  MedicationValues,
  MedicineForm,
} from '@smartcare/contract/medication';
import type { SqlQueryable } from '../../plugins/db/database.ts';

/** Repositories only query; they run on the database or inside a transaction alike. */
type Sql = Pick<SqlQueryable, 'query'>;

export interface StoredMedication {
  idx: number;
  patientIdx: number;
  name: string;
  medicineCode: string | null;
  strength: string;
  form: MedicineForm;
  dosePerIntake: number;
  times: string[];
  everyHours: number | null;
  daysOfWeek: number[];
  meal: MealRelation;
  startDate: string;
  endDate: string | null;
  instructions: string;
  stock: number | null;
  refillThreshold: number | null;
  prescribedBy: string;
  prescribedByStaffIdx: number | null;
  status: 'ACTIVE' | 'STOPPED';
  stoppedAt: Date | null;
  scheduleFrom: Date;
  createdAt: Date;
}

export interface StoredDose {
  idx: number;
  medicationIdx: number;
  patientIdx: number;
  scheduledAt: Date;
  status: DoseStatus;
  takenAt: Date | null;
  late: boolean;
  skipReason: string | null;
  snoozedUntil: Date | null;
  medicationName: string;
  strength: string;
  form: MedicineForm;
  dosePerIntake: number;
  meal: MealRelation;
}

const MEDICATION_COLUMNS = `m.idx, m.patient_idx AS "patientIdx", m.name, m.medicine_code AS "medicineCode",
  m.strength, m.form, m.dose_per_intake::float8 AS "dosePerIntake", m.times, m.every_hours AS "everyHours",
  m.days_of_week AS "daysOfWeek", m.meal, to_char(m.start_date, 'YYYY-MM-DD') AS "startDate",
  to_char(m.end_date, 'YYYY-MM-DD') AS "endDate", m.instructions, m.stock::float8 AS stock,
  m.refill_threshold AS "refillThreshold", m.prescribed_by AS "prescribedBy",
  m.prescribed_by_staff_idx AS "prescribedByStaffIdx", m.status, m.stopped_at AS "stoppedAt",
  m.schedule_from AS "scheduleFrom", m.created_at AS "createdAt"`;

/** What a dose was for comes from the dose row (migration 077), never from the medicine as it is now. */
const DOSE_COLUMNS = `d.idx, d.medication_idx AS "medicationIdx", d.patient_idx AS "patientIdx",
  d.scheduled_at AS "scheduledAt", d.status, d.taken_at AS "takenAt", d.late, d.skip_reason AS "skipReason",
  d.snoozed_until AS "snoozedUntil", d.medication_name AS "medicationName", d.strength, d.form,
  d.dose_per_intake::float8 AS "dosePerIntake", d.meal`;

const date = (value: Date | string | null) => (value === null ? null : new Date(value));
const toMedication = (row: StoredMedication): StoredMedication => ({
  ...row,
  stoppedAt: date(row.stoppedAt),
  scheduleFrom: new Date(row.scheduleFrom),
  createdAt: new Date(row.createdAt),
});
const toDose = (row: StoredDose): StoredDose => ({
  ...row,
  scheduledAt: new Date(row.scheduledAt),
  takenAt: date(row.takenAt),
  snoozedUntil: date(row.snoozedUntil),
});

export interface DayCounts {
  day: string;
  scheduled: number;
  taken: number;
  skipped: number;
  missed: number;
  pending: number;
}

/**
 * Doses of several medications in one statement (the job's pass writes a batch of medicines
 * at once: one statement per medicine held PGlite, and with it the event loop, hundreds of
 * times in a row). Doses that exist already are left as they are.
 */
async function insertDosesOfMany(
  db: Sql,
  medications: readonly { medicationIdx: number; patientIdx: number; times: readonly Date[] }[],
): Promise<number> {
  const medicationIdxs: number[] = [];
  const patientIdxs: number[] = [];
  const at: string[] = [];
  for (const { medicationIdx, patientIdx, times } of medications)
    for (const time of times) {
      medicationIdxs.push(medicationIdx);
      patientIdxs.push(patientIdx);
      at.push(time.toISOString());
    }
  if (at.length === 0) return 0;
  const { rowCount } = await db.query(
    `INSERT INTO medication_doses (medication_idx, patient_idx, scheduled_at, next_alert_at,
       medication_name, strength, form, dose_per_intake, meal)
     SELECT d.medication_idx, d.patient_idx, d.t, d.t, m.name, m.strength, m.form, m.dose_per_intake, m.meal
       FROM unnest($1::int[], $2::int[], $3::timestamptz[]) AS d(medication_idx, patient_idx, t)
       JOIN medications m ON m.idx = d.medication_idx
     ON CONFLICT (medication_idx, scheduled_at) DO NOTHING`,
    [medicationIdxs, patientIdxs, at],
  );
  return rowCount;
}

/** Medications and doses, SQL only (decision 024). */
export const medicationRepository = {
  async insert(
    db: Sql,
    patientIdx: number,
    v: MedicationValues,
    meta: { staffIdx: number | null; scheduleFrom: Date; now: Date },
  ): Promise<StoredMedication> {
    const { rows } = await db.query<StoredMedication>(
      `WITH m AS (
         INSERT INTO medications (patient_idx, name, medicine_code, strength, form, dose_per_intake, times,
           every_hours, days_of_week, meal, start_date, end_date, instructions, stock, refill_threshold,
           prescribed_by, prescribed_by_staff_idx, schedule_from, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $19)
         RETURNING *)
       SELECT ${MEDICATION_COLUMNS} FROM m`,
      [
        patientIdx,
        v.name,
        v.medicineCode ?? null,
        v.strength,
        v.form,
        v.dosePerIntake,
        v.times,
        v.everyHours,
        v.daysOfWeek,
        v.meal,
        v.startDate,
        v.endDate,
        v.instructions,
        v.stock,
        v.refillThreshold,
        v.prescribedBy,
        meta.staffIdx,
        meta.scheduleFrom,
        meta.now,
      ],
    );
    return toMedication(rows[0]!);
  },

  /** A change of schedule applies from `scheduleFrom`; a stock raised above the threshold re-arms the refill reminder. */
  async update(
    db: Sql,
    idx: number,
    v: MedicationValues,
    scheduleFrom: Date,
    now: Date,
  ): Promise<StoredMedication> {
    const { rows } = await db.query<StoredMedication>(
      `WITH m AS (
         UPDATE medications SET name = $2, medicine_code = $3, strength = $4, form = $5, dose_per_intake = $6,
           times = $7, every_hours = $8, days_of_week = $9, meal = $10, start_date = $11, end_date = $12,
           instructions = $13, stock = $14, refill_threshold = $15, prescribed_by = $16, schedule_from = $17,
           refill_notified_at = CASE WHEN $14::numeric IS NULL OR $15::int IS NULL
             OR $14::numeric / $6::numeric > $15::int THEN NULL ELSE refill_notified_at END,
           updated_at = $18
         WHERE idx = $1 RETURNING *)
       SELECT ${MEDICATION_COLUMNS} FROM m`,
      [
        idx,
        v.name,
        v.medicineCode ?? null,
        v.strength,
        v.form,
        v.dosePerIntake,
        v.times,
        v.everyHours,
        v.daysOfWeek,
        v.meal,
        v.startDate,
        v.endDate,
        v.instructions,
        v.stock,
        v.refillThreshold,
        v.prescribedBy,
        scheduleFrom,
        now,
      ],
    );
    return toMedication(rows[0]!);
  },

  async find(db: Sql, idx: number, forUpdate = false): Promise<StoredMedication | null> {
    const { rows } = await db.query<StoredMedication>(
      `SELECT ${MEDICATION_COLUMNS} FROM medications m WHERE m.idx = $1${forUpdate ? ' FOR UPDATE' : ''}`,
      [idx],
    );
    return rows[0] ? toMedication(rows[0]) : null;
  },

  async listOfPatient(db: Sql, patientIdx: number): Promise<StoredMedication[]> {
    const { rows } = await db.query<StoredMedication>(
      `SELECT ${MEDICATION_COLUMNS} FROM medications m WHERE m.patient_idx = $1
        ORDER BY (m.status = 'ACTIVE') DESC, m.idx DESC`,
      [patientIdx],
    );
    return rows.map(toMedication);
  },

  async stop(db: Sql, idx: number, now: Date): Promise<StoredMedication> {
    // A stopped medicine reminds no more, not even of a dose already due.
    await db.query(
      `UPDATE medication_doses SET next_alert_at = NULL, quiet_held_until = NULL
        WHERE medication_idx = $1 AND (status = 'PENDING' OR quiet_held_until IS NOT NULL)`,
      [idx],
    );
    const { rows } = await db.query<StoredMedication>(
      `WITH m AS (UPDATE medications SET status = 'STOPPED', stopped_at = $2, updated_at = $2
                  WHERE idx = $1 RETURNING *)
       SELECT ${MEDICATION_COLUMNS} FROM m`,
      [idx, now],
    );
    return toMedication(rows[0]!);
  },

  /** Doses not yet due are dropped on a change or stop; what is due or past stays as it was. */
  async dropUpcoming(db: Sql, medicationIdx: number, after: Date): Promise<number> {
    const { rowCount } = await db.query(
      `DELETE FROM medication_doses WHERE medication_idx = $1 AND status = 'PENDING' AND scheduled_at > $2`,
      [medicationIdx, after],
    );
    return rowCount;
  },

  insertDosesOfMany,

  /**
   * Idempotent: the unique key (medication, time) turns a second insert of a dose into nothing.
   * Each dose keeps what it is for (name, strength, form, dose, meal) as the medicine says now.
   */
  async insertDoses(db: Sql, medicationIdx: number, patientIdx: number, times: Date[]): Promise<number> {
    return insertDosesOfMany(db, [{ medicationIdx, patientIdx, times }]);
  },

  /** Active medications to generate doses for, each locked so an edit and a pass never interleave. */
  async lockActive(db: Sql, afterIdx: number, limit: number): Promise<StoredMedication[]> {
    const { rows } = await db.query<StoredMedication>(
      `SELECT ${MEDICATION_COLUMNS} FROM medications m
        WHERE m.status = 'ACTIVE' AND m.idx > $1 ORDER BY m.idx LIMIT $2
        FOR UPDATE SKIP LOCKED`,
      [afterIdx, limit],
    );
    return rows.map(toMedication);
  },

  /** PENDING doses whose window passed, or whose medication's next dose is due, become MISSED. */
  async markMissed(db: Sql, now: Date, windowMin: number): Promise<number> {
    const { rowCount } = await db.query(
      `WITH due AS (
         SELECT d.idx FROM medication_doses d
          WHERE d.status = 'PENDING' AND d.scheduled_at <= $1
            AND (d.scheduled_at <= $1 - make_interval(mins => $2)
                 OR EXISTS (SELECT 1 FROM medication_doses n
                             WHERE n.medication_idx = d.medication_idx
                               AND n.scheduled_at > d.scheduled_at AND n.scheduled_at <= $1))
          FOR UPDATE SKIP LOCKED)
       UPDATE medication_doses d SET status = 'MISSED', closed_at = $1, next_alert_at = NULL
         FROM due WHERE d.idx = due.idx AND d.status = 'PENDING'`,
      [now, windowMin],
    );
    return rowCount;
  },

  /**
   * Claims the reminders due now and records them as sent in the same statement (SKIP LOCKED):
   * whichever process claims a dose's alert sends it; nobody else ever sees it due again.
   */
  async claimAlerts(
    db: Sql,
    now: Date,
    opts: { realertMin: number; maxAlerts: number; limit: number },
  ): Promise<(StoredDose & { alertsSent: number })[]> {
    const { rows } = await db.query<StoredDose & { alertsSent: number }>(
      `WITH due AS (
         SELECT idx FROM medication_doses
          WHERE status = 'PENDING' AND next_alert_at IS NOT NULL AND next_alert_at <= $1
          ORDER BY next_alert_at, idx LIMIT $4
          FOR UPDATE SKIP LOCKED
       ), claimed AS (
         UPDATE medication_doses d SET alerts_sent = d.alerts_sent + 1,
           next_alert_at = CASE WHEN d.alerts_sent + 1 < $3 THEN $1 + make_interval(mins => $2) ELSE NULL END
           FROM due WHERE d.idx = due.idx
         RETURNING d.*
       )
       SELECT ${DOSE_COLUMNS}, d.alerts_sent AS "alertsSent"
         FROM claimed d`,
      [now, opts.realertMin, opts.maxAlerts, opts.limit],
    );
    return rows.map((row) => ({ ...toDose(row), alertsSent: row.alertsSent }));
  },

  /**
   * A claimed reminder met quiet hours: it was not sent. The dose is held until they end
   * (decision 024); the claim's count is given back.
   */
  async holdForQuietHours(db: Sql, doseIdx: number, until: Date): Promise<void> {
    await db.query(
      `UPDATE medication_doses SET quiet_held_until = $2, next_alert_at = NULL,
         alerts_sent = GREATEST(alerts_sent - 1, 0)
        WHERE idx = $1 AND status = 'PENDING'`,
      [doseIdx, until],
    );
  },

  /**
   * Patients with held reminders to deliver: their quiet hours ended by `now`, or the patient
   * turned quiet hours off meanwhile (then at once, not at the old end).
   */
  async patientsWithHeldReminders(db: Sql, now: Date, limit: number): Promise<number[]> {
    const { rows } = await db.query<{ patientIdx: number }>(
      `SELECT DISTINCT d.patient_idx AS "patientIdx" FROM medication_doses d
         LEFT JOIN alarm_settings a ON a.patient_idx = d.patient_idx
        WHERE d.quiet_held_until IS NOT NULL
          AND (d.quiet_held_until <= $1 OR NOT coalesce(a.quiet_hours_enabled, false))
        ORDER BY 1 LIMIT $2`,
      [now, limit],
    );
    return rows.map((row) => row.patientIdx);
  },

  /** Quiet hours are on again (settings changed): the patient's held reminders wait longer. */
  async holdAgain(db: Sql, patientIdx: number, now: Date, until: Date): Promise<void> {
    await db.query(
      `UPDATE medication_doses SET quiet_held_until = $3
        WHERE patient_idx = $1 AND quiet_held_until IS NOT NULL AND quiet_held_until <= $2`,
      [patientIdx, now, until],
    );
  },

  /**
   * Releases one patient's held reminders in one statement: the rows are locked (a second
   * process waits, then finds them released and gets none) and cleared; a dose still PENDING
   * restarts its re-alert ladder from now, the release counting as its first alert. Answers
   * every released dose with its status, the stopped medicine's too, for the caller to choose.
   */
  async releaseHeld(
    db: Sql,
    patientIdx: number,
    now: Date,
    opts: { realertMin: number; maxAlerts: number; all: boolean },
  ): Promise<(StoredDose & { active: boolean })[]> {
    const { rows } = await db.query<StoredDose & { active: boolean }>(
      `WITH held AS (
         SELECT idx FROM medication_doses
          WHERE patient_idx = $1 AND quiet_held_until IS NOT NULL AND ($5 OR quiet_held_until <= $2)
          FOR UPDATE
       ), released AS (
         UPDATE medication_doses d SET quiet_held_until = NULL,
           alerts_sent = CASE WHEN d.status = 'PENDING' THEN 1 ELSE d.alerts_sent END,
           next_alert_at = CASE WHEN d.status = 'PENDING' AND 1 < $4 THEN $2 + make_interval(mins => $3)
                                ELSE d.next_alert_at END
           FROM held WHERE d.idx = held.idx
         RETURNING d.*
       )
       SELECT ${DOSE_COLUMNS}, m.status = 'ACTIVE' AS active
         FROM released d JOIN medications m ON m.idx = d.medication_idx
        ORDER BY d.scheduled_at, d.idx`,
      [patientIdx, now, opts.realertMin, opts.maxAlerts, opts.all],
    );
    return rows.map((row) => ({ ...toDose(row), active: row.active }));
  },

  async findDose(db: Sql, doseIdx: number, forUpdate = false): Promise<StoredDose | null> {
    const { rows } = await db.query<StoredDose>(
      `SELECT ${DOSE_COLUMNS} FROM medication_doses d
        WHERE d.idx = $1${forUpdate ? ' FOR UPDATE OF d' : ''}`,
      [doseIdx],
    );
    return rows[0] ? toDose(rows[0]) : null;
  },

  async take(db: Sql, doseIdx: number, at: Date, late: boolean): Promise<void> {
    await db.query(
      `UPDATE medication_doses SET status = 'TAKEN', taken_at = $2, late = $3, skip_reason = NULL,
         closed_at = $2, next_alert_at = NULL WHERE idx = $1`,
      [doseIdx, at, late],
    );
  },

  async skip(db: Sql, doseIdx: number, at: Date, reason: string | null): Promise<void> {
    await db.query(
      `UPDATE medication_doses SET status = 'SKIPPED', skip_reason = $3, closed_at = $2, next_alert_at = NULL
        WHERE idx = $1`,
      [doseIdx, at, reason],
    );
  },

  /** The snooze alert counts as the first re-alert; later re-alerts follow it. */
  async snooze(db: Sql, doseIdx: number, until: Date): Promise<void> {
    await db.query(
      `UPDATE medication_doses SET snoozed_until = $2, next_alert_at = $2, alerts_sent = LEAST(alerts_sent, 1)
        WHERE idx = $1`,
      [doseIdx, until],
    );
  },

  /**
   * Takes one intake (`taken`, the dose's own amount) from the stock; answers the medication
   * when this intake brought it to the refill threshold for the first time (the refill
   * reminder is recorded as sent here). Doses left count in the current dose per intake.
   */
  async useStock(
    db: Sql,
    medicationIdx: number,
    taken: number,
    now: Date,
  ): Promise<{ refill: boolean; dosesLeft: number | null }> {
    const { rows } = await db.query<{
      stock: number | null;
      dose: number;
      threshold: number | null;
      notified: boolean;
    }>(
      `SELECT stock::float8 AS stock, dose_per_intake::float8 AS dose, refill_threshold AS threshold,
              refill_notified_at IS NOT NULL AS notified
         FROM medications WHERE idx = $1 FOR UPDATE`,
      [medicationIdx],
    );
    const row = rows[0];
    if (!row || row.stock === null) return { refill: false, dosesLeft: null };
    const stock = Math.max(0, Math.round((row.stock - taken) * 100) / 100);
    const dosesLeft = Math.floor(stock / row.dose + 1e-9);
    const refill = row.threshold !== null && !row.notified && dosesLeft <= row.threshold;
    await db.query(
      `UPDATE medications SET stock = $2, updated_at = $3,
         refill_notified_at = CASE WHEN $4 THEN $3 ELSE refill_notified_at END WHERE idx = $1`,
      [medicationIdx, stock, now, refill],
    );
    return { refill, dosesLeft };
  },

  async dosesBetween(db: Sql, patientIdx: number, from: Date, to: Date): Promise<StoredDose[]> {
    const { rows } = await db.query<StoredDose>(
      `SELECT ${DOSE_COLUMNS} FROM medication_doses d
        WHERE d.patient_idx = $1 AND d.scheduled_at >= $2 AND d.scheduled_at < $3
        ORDER BY d.scheduled_at, d.medication_name, d.idx`,
      [patientIdx, from, to],
    );
    return rows.map(toDose);
  },

  async history(db: Sql, medicationIdx: number, upTo: Date, limit: number): Promise<StoredDose[]> {
    const { rows } = await db.query<StoredDose>(
      `SELECT ${DOSE_COLUMNS} FROM medication_doses d
        WHERE d.medication_idx = $1 AND d.scheduled_at <= $2
        ORDER BY d.scheduled_at DESC LIMIT $3`,
      [medicationIdx, upTo, limit],
    );
    return rows.map(toDose);
  },

  /** Counts per Korean calendar day. */
  async dayCounts(db: Sql, patientIdx: number, from: Date, to: Date): Promise<DayCounts[]> {
    const { rows } = await db.query<DayCounts>(
      `SELECT to_char(d.scheduled_at + interval '9 hours', 'YYYY-MM-DD') AS day,
              count(*)::int AS scheduled,
              count(*) FILTER (WHERE d.status = 'TAKEN')::int AS taken,
              count(*) FILTER (WHERE d.status = 'SKIPPED')::int AS skipped,
              count(*) FILTER (WHERE d.status = 'MISSED')::int AS missed,
              count(*) FILTER (WHERE d.status = 'PENDING')::int AS pending
         FROM medication_doses d
        WHERE d.patient_idx = $1 AND d.scheduled_at >= $2 AND d.scheduled_at < $3
        GROUP BY 1 ORDER BY 1`,
      [patientIdx, from, to],
    );
    return rows;
  },

  /** Taken and due doses (time come) in [from, min(to, now)]. */
  async adherence(
    db: Sql,
    patientIdx: number,
    from: Date,
    to: Date,
  ): Promise<{ taken: number; due: number }> {
    const { rows } = await db.query<{ taken: number; due: number }>(
      `SELECT count(*) FILTER (WHERE status = 'TAKEN')::int AS taken,
              count(*) FILTER (WHERE status <> 'PENDING')::int AS due
         FROM medication_doses WHERE patient_idx = $1 AND scheduled_at >= $2 AND scheduled_at < $3`,
      [patientIdx, from, to],
    );
    return rows[0] ?? { taken: 0, due: 0 };
  },

  async missedSince(db: Sql, patientIdx: number, from: Date, limit: number): Promise<StoredDose[]> {
    const { rows } = await db.query<StoredDose>(
      `SELECT ${DOSE_COLUMNS} FROM medication_doses d
        WHERE d.patient_idx = $1 AND d.status = 'MISSED' AND d.scheduled_at >= $2
        ORDER BY d.scheduled_at DESC LIMIT $3`,
      [patientIdx, from, limit],
    );
    return rows.map(toDose);
  },

  /** Patients of a hospital with at least `min` doses missed in [from, to). */
  async patientsWithMissed(
    db: Sql,
    hospitalIdx: number,
    from: Date,
    to: Date,
    min: number,
  ): Promise<{ patientIdx: number; missed: number }[]> {
    const { rows } = await db.query<{ patientIdx: number; missed: number }>(
      `SELECT d.patient_idx AS "patientIdx", count(*)::int AS missed
         FROM medication_doses d JOIN patients p ON p.idx = d.patient_idx
        WHERE p.chose_hospital_idx = $1 AND p.deleted_at IS NULL AND d.status = 'MISSED'
          AND d.scheduled_at >= $2 AND d.scheduled_at < $3
        GROUP BY d.patient_idx HAVING count(*) >= $4 ORDER BY missed DESC, d.patient_idx`,
      [hospitalIdx, from, to, min],
    );
    return rows;
  },

  /** The alarm settings' medication switch and quiet hours (`/common/alarm`); defaults when none saved. */
  async alarmSettings(
    db: Sql,
    patientIdx: number,
  ): Promise<{
    medication: boolean;
    quietHoursEnabled: boolean;
    quietHoursStart: string;
    quietHoursEnd: string;
  }> {
    const { rows } = await db.query<{
      medication: boolean;
      quietHoursEnabled: boolean;
      quietHoursStart: string;
      quietHoursEnd: string;
    }>(
      `SELECT medication, quiet_hours_enabled AS "quietHoursEnabled", quiet_hours_start AS "quietHoursStart",
              quiet_hours_end AS "quietHoursEnd" FROM alarm_settings WHERE patient_idx = $1`,
      [patientIdx],
    );
    return (
      rows[0] ?? {
        medication: true,
        quietHoursEnabled: false,
        quietHoursStart: '22:00',
        quietHoursEnd: '07:00',
      }
    );
  },

  /** Account deletion (PIPA): every medication and dose of the patient. */
  async eraseOfPatient(db: Sql, patientIdx: number): Promise<void> {
    await db.query('DELETE FROM medication_doses WHERE patient_idx = $1', [patientIdx]);
    await db.query('DELETE FROM medications WHERE patient_idx = $1', [patientIdx]);
  },
};
