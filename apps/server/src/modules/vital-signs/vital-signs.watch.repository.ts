import {
  DEFAULT_STALE_DAYS,
  MISSED_DOSES_ATTENTION,
  type CareNote,
  type VitalSignAlert,
} from '@smartcare/contract/home-care-watch';
import type { TargetKind, VitalSignKind } from '@smartcare/contract/vital-signs';
import type { SqlQueryable } from '../../plugins/db/db.plugin.ts';
import type { StoredReading } from './vital-signs.repository.ts';

/** Repositories only query; they run on the database or inside a transaction alike. */
type Sql = Pick<SqlQueryable, 'query'>;

/** A home-care patient of the hospital (decision 021: HOMECARE area, the hospital chosen, not deleted). */
const HOME_CARE_PATIENT = `p.chose_hospital_idx = $1 AND p.deleted_at IS NULL AND 'HOMECARE' = ANY (p.areas)`;

/**
 * Out of range: the guideline says concern or urgent, or the reading is outside the nurse's
 * personal target (migration 065's functions mirror the contract's classifiers).
 */
const OUT_OF_RANGE = `(home_care_level(v.kind, v.value, v.value2, v.context) IN ('concern', 'urgent')
  OR home_care_off_target(v.kind, v.value, v.value2, tg.low, tg.high, tg.high2))`;

export interface LatestValues {
  idx: number;
  kind: VitalSignKind;
  value: number;
  value2: number | null;
  ucum: string;
  context: string | null;
  effectiveAt: Date;
}

export interface TargetValues {
  kind: TargetKind;
  low: number | null;
  high: number | null;
  high2: number | null;
}

export interface WatchRow {
  patientIdx: number;
  name: string;
  birthDate: string | null;
  sex: 'M' | 'F' | null;
  /** 0 out of range in the last 24 h, 1 two or more doses missed today, 2 no reading for N days, 3 the rest. */
  grp: 0 | 1 | 2 | 3;
  outOfRangeCount: number;
  lastReadingAt: Date | null;
  openAlertCount: number;
  missedDosesToday: number;
  staleDays: number;
  total: number;
  latest: LatestValues[];
  targets: TargetValues[];
}

interface RawLatest extends Omit<LatestValues, 'effectiveAt'> {
  effectiveAt: string | Date;
}
interface RawWatchRow extends Omit<WatchRow, 'lastReadingAt' | 'latest' | 'targets'> {
  lastReadingAt: Date | string | null;
  latest: RawLatest[] | string | null;
  targets: TargetValues[] | string | null;
}

const json = <T>(value: T[] | string | null): T[] =>
  value === null ? [] : typeof value === 'string' ? (JSON.parse(value) as T[]) : value;

const toLatest = (row: RawLatest): LatestValues => ({
  ...row,
  value: Number(row.value),
  value2: row.value2 === null ? null : Number(row.value2),
  effectiveAt: new Date(row.effectiveAt),
});

/** Each listed patient's newest reading per kind and targets, as JSON (one query for the whole page). */
const LATEST_JSON = `(SELECT json_agg(json_build_object('idx', l.idx, 'kind', l.kind, 'value', l.value,
      'value2', l.value2, 'ucum', l.ucum, 'context', l.context, 'effectiveAt', l.effective_at))
    FROM (SELECT DISTINCT ON (v.kind) v.idx, v.kind, v.value, v.value2, v.ucum, v.context, v.effective_at
            FROM vital_sign v WHERE v.patient_idx = page.idx AND v.effective_at <= $3
           ORDER BY v.kind, v.effective_at DESC, v.idx DESC) l) AS latest,
  (SELECT json_agg(json_build_object('kind', t.kind, 'low', t.low, 'high', t.high, 'high2', t.high2))
     FROM vital_sign_target t WHERE t.patient_idx = page.idx) AS targets`;

const ALERT_COLUMNS = `a.idx, a.hospital_idx AS "hospitalIdx", a.patient_idx AS "patientIdx", p.name AS "patientName",
  a.reading_idx AS "readingIdx", a.kind, a.value, a.value2, a.ucum AS unit, a.context, a.class,
  a.effective_at AS "effectiveAt", a.created_at AS "createdAt", a.acknowledged_at AS "acknowledgedAt",
  a.acknowledged_by_name AS "acknowledgedByName"`;

type RawAlert = Omit<VitalSignAlert, 'effectiveAt' | 'createdAt' | 'acknowledgedAt'> & {
  effectiveAt: Date | string;
  createdAt: Date | string;
  acknowledgedAt: Date | string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();
const toAlert = (row: RawAlert): VitalSignAlert => ({
  ...row,
  value: Number(row.value),
  value2: row.value2 === null ? null : Number(row.value2),
  effectiveAt: iso(row.effectiveAt),
  createdAt: iso(row.createdAt),
  acknowledgedAt: row.acknowledgedAt === null ? null : iso(row.acknowledgedAt),
});

export interface NewAlert {
  hospitalIdx: number;
  patientIdx: number;
  readingIdx: number;
  kind: VitalSignKind;
  value: number;
  value2: number | null;
  ucum: string;
  context: string | null;
  class: string;
  effectiveAt: Date;
}

export interface HomeCarePatientRow {
  idx: number;
  name: string;
  birthDate: string | null;
  sex: 'M' | 'F' | null;
  chosenHospitalIdx: number | null;
  homeCare: boolean;
}

/** The watch list, notes, the stale-days setting and urgent alerts: SQL only. */
export const watchRepository = {
  /**
   * One page of the hospital's home-care patients in watch order: out of range in the last
   * 24 h (newest first), then no reading for N days (longest silence first), then by name.
   * One statement: the grouping, the count and each row's latest readings are all SQL.
   */
  async watchList(
    db: Sql,
    hospitalIdx: number,
    opts: {
      namePattern: string | null;
      now: Date;
      limit: number;
      offset: number;
      /** Patients with doses missed today and how many (issue 15's medication). */
      missed: { patientIdx: number; missed: number }[];
    },
  ): Promise<WatchRow[]> {
    const { rows } = await db.query<RawWatchRow>(
      `WITH setting AS (
         SELECT COALESCE((SELECT stale_days FROM home_care_setting WHERE hospital_idx = $1), ${DEFAULT_STALE_DAYS}) AS stale_days
       ), listed AS (
         SELECT p.idx, p.name, p.birth_date, p.sex,
           (SELECT max(v.effective_at) FROM vital_sign v WHERE v.patient_idx = p.idx AND v.effective_at <= $3) AS last_at,
           (SELECT count(*) FROM vital_sign v
              LEFT JOIN vital_sign_target tg ON tg.patient_idx = v.patient_idx AND tg.kind = v.kind
             WHERE v.patient_idx = p.idx AND v.effective_at > $3::timestamptz - interval '24 hours'
               AND v.effective_at <= $3 AND ${OUT_OF_RANGE})::int AS out_count,
           (SELECT max(v.effective_at) FROM vital_sign v
              LEFT JOIN vital_sign_target tg ON tg.patient_idx = v.patient_idx AND tg.kind = v.kind
             WHERE v.patient_idx = p.idx AND v.effective_at > $3::timestamptz - interval '24 hours'
               AND v.effective_at <= $3 AND ${OUT_OF_RANGE}) AS out_at,
           (SELECT count(*) FROM vital_sign_alert a
             WHERE a.patient_idx = p.idx AND a.hospital_idx = $1 AND a.acknowledged_at IS NULL)::int AS open_alerts,
           COALESCE((SELECT m.missed FROM unnest($6::int[], $7::int[]) AS m(patient_idx, missed)
                      WHERE m.patient_idx = p.idx), 0)::int AS missed_doses
         FROM patients p
         WHERE ${HOME_CARE_PATIENT} AND ($2::text IS NULL OR p.name ILIKE $2::text)
       ), grouped AS (
         SELECT l.*, s.stale_days,
           CASE WHEN l.out_count > 0 THEN 0
                WHEN l.missed_doses >= ${MISSED_DOSES_ATTENTION} THEN 1
                WHEN l.last_at IS NULL OR l.last_at <= $3::timestamptz - make_interval(days => s.stale_days) THEN 2
                ELSE 3 END AS grp
         FROM listed l CROSS JOIN setting s
       ), page AS (
         SELECT g.*, count(*) OVER () AS total,
           row_number() OVER (ORDER BY g.grp, CASE WHEN g.grp = 0 THEN g.out_at END DESC NULLS LAST,
                              CASE WHEN g.grp = 1 THEN g.missed_doses END DESC,
                              CASE WHEN g.grp = 2 THEN g.last_at END ASC NULLS FIRST, g.name, g.idx) AS ord
         FROM grouped g
         ORDER BY ord LIMIT $4 OFFSET $5
       )
       SELECT page.idx AS "patientIdx", page.name, page.birth_date::text AS "birthDate", page.sex,
              page.grp, page.out_count AS "outOfRangeCount", page.last_at AS "lastReadingAt",
              page.open_alerts AS "openAlertCount", page.missed_doses AS "missedDosesToday", page.stale_days AS "staleDays", page.total::int AS total,
              ${LATEST_JSON}
         FROM page ORDER BY page.ord`,
      [
        hospitalIdx,
        opts.namePattern,
        opts.now,
        opts.limit,
        opts.offset,
        opts.missed.map((m) => m.patientIdx),
        opts.missed.map((m) => m.missed),
      ],
    );
    return rows.map((row) => ({
      ...row,
      grp: Number(row.grp) as 0 | 1 | 2 | 3,
      missedDosesToday: Number(row.missedDosesToday),
      total: Number(row.total),
      staleDays: Number(row.staleDays),
      outOfRangeCount: Number(row.outOfRangeCount),
      openAlertCount: Number(row.openAlertCount),
      lastReadingAt: row.lastReadingAt === null ? null : new Date(row.lastReadingAt),
      latest: json<RawLatest>(row.latest).map(toLatest),
      targets: json<TargetValues>(row.targets).map((t) => ({
        kind: t.kind,
        low: t.low === null ? null : Number(t.low),
        high: t.high === null ? null : Number(t.high),
        high2: t.high2 === null ? null : Number(t.high2),
      })),
    }));
  },

  /** The patient with what the watch needs, whatever their hospital (the service decides). */
  async patient(db: Sql, patientIdx: number): Promise<HomeCarePatientRow | null> {
    const { rows } = await db.query<HomeCarePatientRow>(
      `SELECT idx, name, birth_date::text AS "birthDate", sex, chose_hospital_idx AS "chosenHospitalIdx",
              'HOMECARE' = ANY (areas) AS "homeCare"
         FROM patients WHERE idx = $1 AND deleted_at IS NULL`,
      [patientIdx],
    );
    return rows[0] ?? null;
  },

  /** The newest reading of each kind and the newest of all (the patient's page). */
  async latest(db: Sql, patientIdx: number, now: Date): Promise<LatestValues[]> {
    const { rows } = await db.query<RawLatest>(
      `SELECT DISTINCT ON (kind) idx, kind, value, value2, ucum, context, effective_at AS "effectiveAt"
         FROM vital_sign WHERE patient_idx = $1 AND effective_at <= $2
        ORDER BY kind, effective_at DESC, idx DESC`,
      [patientIdx, now],
    );
    return rows.map(toLatest);
  },

  async staleDays(db: Sql, hospitalIdx: number): Promise<number> {
    const { rows } = await db.query<{ staleDays: number }>(
      `SELECT stale_days AS "staleDays" FROM home_care_setting WHERE hospital_idx = $1`,
      [hospitalIdx],
    );
    return rows[0] ? Number(rows[0].staleDays) : DEFAULT_STALE_DAYS;
  },

  async setStaleDays(db: Sql, hospitalIdx: number, staleDays: number, staffIdx: number): Promise<void> {
    await db.query(
      `INSERT INTO home_care_setting (hospital_idx, stale_days, updated_by, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (hospital_idx) DO UPDATE SET stale_days = EXCLUDED.stale_days,
         updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [hospitalIdx, staleDays, staffIdx],
    );
  },

  /** The hospital's own note on the patient: another hospital's note is that hospital's record. */
  async note(db: Sql, patientIdx: number, hospitalIdx: number): Promise<CareNote | null> {
    const { rows } = await db.query<{ text: string; writtenByName: string; writtenAt: Date | string }>(
      `SELECT text, written_by_name AS "writtenByName", written_at AS "writtenAt"
         FROM home_care_note WHERE patient_idx = $1 AND hospital_idx = $2`,
      [patientIdx, hospitalIdx],
    );
    const row = rows[0];
    return row ? { ...row, writtenAt: iso(row.writtenAt) } : null;
  },

  async saveNote(
    db: Sql,
    patientIdx: number,
    text: string,
    staff: { idx: number; name: string; hospitalIdx: number },
    at: Date,
  ): Promise<CareNote> {
    await db.query(
      `INSERT INTO home_care_note (patient_idx, hospital_idx, text, written_by_idx, written_by_name, written_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (patient_idx, hospital_idx) DO UPDATE SET text = EXCLUDED.text,
         written_by_idx = EXCLUDED.written_by_idx, written_by_name = EXCLUDED.written_by_name,
         written_at = EXCLUDED.written_at`,
      [patientIdx, staff.hospitalIdx, text, staff.idx, staff.name, at],
    );
    return { text, writtenByName: staff.name, writtenAt: at.toISOString() };
  },

  async insertAlert(db: Sql, alert: NewAlert): Promise<VitalSignAlert> {
    const { rows } = await db.query<RawAlert>(
      `WITH inserted AS (
         INSERT INTO vital_sign_alert (hospital_idx, patient_idx, reading_idx, kind, value, value2, ucum, context, class, effective_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *)
       SELECT ${ALERT_COLUMNS} FROM inserted a JOIN patients p ON p.idx = a.patient_idx`,
      [
        alert.hospitalIdx,
        alert.patientIdx,
        alert.readingIdx,
        alert.kind,
        alert.value,
        alert.value2,
        alert.ucum,
        alert.context,
        alert.class,
        alert.effectiveAt,
      ],
    );
    return toAlert(rows[0]!);
  },

  /** The hospital's unacknowledged alerts, newest first. */
  async openAlerts(db: Sql, hospitalIdx: number): Promise<VitalSignAlert[]> {
    const { rows } = await db.query<RawAlert>(
      `SELECT ${ALERT_COLUMNS} FROM vital_sign_alert a JOIN patients p ON p.idx = a.patient_idx
        WHERE a.hospital_idx = $1 AND a.acknowledged_at IS NULL AND p.deleted_at IS NULL
        ORDER BY a.created_at DESC, a.idx DESC LIMIT 200`,
      [hospitalIdx],
    );
    return rows.map(toAlert);
  },

  /** One patient's alerts at this hospital, newest first (open and acknowledged). */
  async patientAlerts(
    db: Sql,
    hospitalIdx: number,
    patientIdx: number,
    limit = 20,
  ): Promise<VitalSignAlert[]> {
    const { rows } = await db.query<RawAlert>(
      `SELECT ${ALERT_COLUMNS} FROM vital_sign_alert a JOIN patients p ON p.idx = a.patient_idx
        WHERE a.hospital_idx = $1 AND a.patient_idx = $2
        ORDER BY a.created_at DESC, a.idx DESC LIMIT $3`,
      [hospitalIdx, patientIdx, limit],
    );
    return rows.map(toAlert);
  },

  async findAlert(db: Sql, alertIdx: number): Promise<VitalSignAlert | null> {
    const { rows } = await db.query<RawAlert>(
      `SELECT ${ALERT_COLUMNS} FROM vital_sign_alert a JOIN patients p ON p.idx = a.patient_idx WHERE a.idx = $1`,
      [alertIdx],
    );
    return rows[0] ? toAlert(rows[0]) : null;
  },

  /** Acknowledges once: null when someone else was first. */
  async acknowledge(
    db: Sql,
    alertIdx: number,
    staff: { idx: number; name: string },
    at: Date,
  ): Promise<VitalSignAlert | null> {
    const { rows } = await db.query<RawAlert>(
      `WITH updated AS (
         UPDATE vital_sign_alert SET acknowledged_at = $3, acknowledged_by_idx = $2, acknowledged_by_name = $4
          WHERE idx = $1 AND acknowledged_at IS NULL RETURNING *)
       SELECT ${ALERT_COLUMNS} FROM updated a JOIN patients p ON p.idx = a.patient_idx`,
      [alertIdx, staff.idx, at, staff.name],
    );
    return rows[0] ? toAlert(rows[0]) : null;
  },

  /** Readings just imported from the phone, by their source record ids. */
  async importedReadings(
    db: Sql,
    patientIdx: number,
    source: string,
    sourceRecordIds: string[],
  ): Promise<StoredReading[]> {
    const { rows } = await db.query<RawLatest & { patientIdx: number; loinc: string }>(
      `SELECT idx, patient_idx AS "patientIdx", kind, loinc, value, value2, ucum, context, effective_at AS "effectiveAt"
         FROM vital_sign WHERE patient_idx = $1 AND source = $2 AND source_record_id = ANY($3::text[])`,
      [patientIdx, source, sourceRecordIds],
    );
    return rows.map((row) => ({
      ...toLatest(row),
      patientIdx: row.patientIdx,
      loinc: row.loinc,
      effectiveEnd: null,
      source: source as StoredReading['source'],
      sourceRecordId: null,
      enteredByType: 'device' as const,
      enteredByIdx: null,
      pairedWithIdx: null,
      updatedAt: new Date(),
    }));
  },

  /** Account deletion: the alerts hold copies of the patient's own readings. */
  async eraseAlertsOfPatient(db: Sql, patientIdx: number): Promise<void> {
    await db.query('DELETE FROM vital_sign_alert WHERE patient_idx = $1', [patientIdx]);
  },
};
