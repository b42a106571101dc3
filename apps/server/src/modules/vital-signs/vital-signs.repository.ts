import type {
  TargetKind,
  VitalSignKind,
  VitalSignSource,
  VitalSignTarget,
} from '@smartcare/contract/vital-signs';
import type { SqlParam } from '../../plugins/db/database.ts';
import type { SqlQueryable } from '../../plugins/db/db.plugin.ts';

/** Repositories only query; they run on the database or inside a transaction alike. */
type Sql = Pick<SqlQueryable, 'query'>;

/** Korea has no summer time: a Korean calendar day is UTC+9 all year. */
export const KST_OFFSET_S = 9 * 3600;

/** A reading as stored (the service adds its class and the patient's target). */
export interface StoredReading {
  idx: number;
  patientIdx: number;
  kind: VitalSignKind;
  loinc: string;
  value: number;
  value2: number | null;
  ucum: string;
  context: string | null;
  effectiveAt: Date;
  effectiveEnd: Date | null;
  source: VitalSignSource;
  sourceRecordId: string | null;
  enteredByType: 'patient' | 'staff' | 'device';
  enteredByIdx: number | null;
  pairedWithIdx: number | null;
  updatedAt: Date;
}

/** What a new or edited reading stores. */
export interface ReadingValues {
  kind: VitalSignKind;
  loinc: string;
  value: number;
  value2: number | null;
  ucum: string;
  context: string | null;
  effectiveAt: Date;
  effectiveEnd: Date | null;
}

export interface NewReading extends ReadingValues {
  patientIdx: number;
  source: VitalSignSource;
  sourceRecordId: string | null;
  enteredByType: 'patient' | 'staff' | 'device';
  enteredByIdx: number | null;
  pairedWithIdx: number | null;
}

const COLUMNS = `idx, patient_idx AS "patientIdx", kind, loinc, value, value2, ucum, context,
  effective_at AS "effectiveAt", effective_end AS "effectiveEnd", source, source_record_id AS "sourceRecordId",
  entered_by_type AS "enteredByType", entered_by_idx AS "enteredByIdx", paired_with_idx AS "pairedWithIdx",
  updated_at AS "updatedAt"`;

interface Row extends Omit<StoredReading, 'effectiveAt' | 'effectiveEnd' | 'updatedAt'> {
  effectiveAt: Date | string;
  effectiveEnd: Date | string | null;
  updatedAt: Date | string;
}

const toReading = (row: Row): StoredReading => ({
  ...row,
  value: Number(row.value),
  value2: row.value2 === null ? null : Number(row.value2),
  effectiveAt: new Date(row.effectiveAt),
  effectiveEnd: row.effectiveEnd === null ? null : new Date(row.effectiveEnd),
  updatedAt: new Date(row.updatedAt),
});

export interface TimeRange {
  from?: Date | undefined;
  to?: Date | undefined;
}

/** `AND effective_at >= from AND effective_at < to`, numbering parameters from `next`. */
function rangeSql(range: TimeRange, params: SqlParam[]): string {
  let sql = '';
  if (range.from) {
    params.push(range.from);
    sql += ` AND effective_at >= $${params.length}`;
  }
  if (range.to) {
    params.push(range.to);
    sql += ` AND effective_at < $${params.length}`;
  }
  return sql;
}

export interface Bucket {
  at: Date;
  value: number;
  value2: number | null;
  min: number;
  max: number;
  count: number;
}

/** Vital-sign storage, SQL only; each function takes the executor so it can join a transaction. */
export const vitalSignRepository = {
  async insert(db: Sql, reading: NewReading): Promise<StoredReading> {
    const { rows } = await db.query<Row>(
      `INSERT INTO vital_sign (patient_idx, kind, loinc, value, value2, ucum, context, effective_at, effective_end,
                               source, source_record_id, entered_by_type, entered_by_idx, paired_with_idx)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       RETURNING ${COLUMNS}`,
      [
        reading.patientIdx,
        reading.kind,
        reading.loinc,
        reading.value,
        reading.value2,
        reading.ucum,
        reading.context,
        reading.effectiveAt,
        reading.effectiveEnd,
        reading.source,
        reading.sourceRecordId,
        reading.enteredByType,
        reading.enteredByIdx,
        reading.pairedWithIdx,
      ],
    );
    return toReading(rows[0]!);
  },

  /**
   * A record from the phone's health platform, once per source record id: a record sent
   * again with the same values changes nothing; with new values (today's steps grow) it is
   * updated in place.
   */
  async upsertImported(db: Sql, reading: NewReading): Promise<'inserted' | 'updated' | 'unchanged'> {
    const { rows } = await db.query<{ inserted: boolean }>(
      `INSERT INTO vital_sign (patient_idx, kind, loinc, value, value2, ucum, context, effective_at, effective_end,
                               source, source_record_id, entered_by_type, entered_by_idx)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'device', NULL)
       ON CONFLICT (patient_idx, source, source_record_id) WHERE source_record_id IS NOT NULL
       DO UPDATE SET kind = excluded.kind, loinc = excluded.loinc, value = excluded.value, value2 = excluded.value2,
                     ucum = excluded.ucum, context = excluded.context, effective_at = excluded.effective_at,
                     effective_end = excluded.effective_end, updated_at = now()
        WHERE (vital_sign.kind, vital_sign.value, vital_sign.value2, vital_sign.context,
               vital_sign.effective_at, vital_sign.effective_end)
              IS DISTINCT FROM
              (excluded.kind, excluded.value, excluded.value2, excluded.context,
               excluded.effective_at, excluded.effective_end)
       RETURNING (xmax = 0) AS inserted`,
      [
        reading.patientIdx,
        reading.kind,
        reading.loinc,
        reading.value,
        reading.value2,
        reading.ucum,
        reading.context,
        reading.effectiveAt,
        reading.effectiveEnd,
        reading.source,
        reading.sourceRecordId,
      ],
    );
    if (rows.length === 0) return 'unchanged';
    return rows[0]!.inserted ? 'inserted' : 'updated';
  },

  async find(db: Sql, idx: number, forUpdate = false): Promise<StoredReading | null> {
    const { rows } = await db.query<Row>(
      `SELECT ${COLUMNS} FROM vital_sign WHERE idx = $1${forUpdate ? ' FOR UPDATE' : ''}`,
      [idx],
    );
    return rows[0] ? toReading(rows[0]) : null;
  },

  /** The heart-rate reading made from a blood-pressure reading's pulse, if any. */
  async findPaired(db: Sql, idx: number): Promise<StoredReading | null> {
    const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM vital_sign WHERE paired_with_idx = $1`, [
      idx,
    ]);
    return rows[0] ? toReading(rows[0]) : null;
  },

  async update(db: Sql, idx: number, values: ReadingValues): Promise<StoredReading> {
    const { rows } = await db.query<Row>(
      `UPDATE vital_sign SET kind = $2, loinc = $3, value = $4, value2 = $5, ucum = $6, context = $7,
              effective_at = $8, effective_end = $9, updated_at = now()
        WHERE idx = $1 RETURNING ${COLUMNS}`,
      [
        idx,
        values.kind,
        values.loinc,
        values.value,
        values.value2,
        values.ucum,
        values.context,
        values.effectiveAt,
        values.effectiveEnd,
      ],
    );
    return toReading(rows[0]!);
  },

  /** Deletes a reading and (by the foreign key's cascade) the heart rate paired with it. */
  async delete(db: Sql, idx: number): Promise<void> {
    await db.query(`DELETE FROM vital_sign WHERE idx = $1`, [idx]);
  },

  /** One page of a patient's readings of one kind, newest first. */
  async page(
    db: Sql,
    patientIdx: number,
    kind: VitalSignKind,
    range: TimeRange,
    limit: number,
    offset: number,
  ): Promise<{ rows: StoredReading[]; total: number }> {
    const params: SqlParam[] = [patientIdx, kind];
    const where = `patient_idx = $1 AND kind = $2${rangeSql(range, params)}`;
    const count = await db.query<{ total: number }>(
      `SELECT count(*)::integer AS total FROM vital_sign WHERE ${where}`,
      params,
    );
    params.push(limit, offset);
    const { rows } = await db.query<Row>(
      `SELECT ${COLUMNS} FROM vital_sign WHERE ${where}
        ORDER BY effective_at DESC, idx DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return { rows: rows.map(toReading), total: count.rows[0]!.total };
  },

  /** Readings of the kinds (and LOINC codes, when given) asked for, in time order (FHIR search, $everything). */
  async listForPatient(
    db: Sql,
    patientIdx: number,
    filter: { kinds: readonly VitalSignKind[]; loincs?: readonly string[] | undefined },
    range: TimeRange,
    limit: number,
    offset: number,
    newestFirst = true,
  ): Promise<{ rows: StoredReading[]; total: number }> {
    const params: SqlParam[] = [patientIdx, [...filter.kinds]];
    let where = `patient_idx = $1 AND kind = ANY($2::text[])${rangeSql(range, params)}`;
    if (filter.loincs) {
      params.push([...filter.loincs]);
      where += ` AND loinc = ANY($${params.length}::text[])`;
    }
    const count = await db.query<{ total: number }>(
      `SELECT count(*)::integer AS total FROM vital_sign WHERE ${where}`,
      params,
    );
    params.push(limit, offset);
    const order = newestFirst ? 'effective_at DESC, idx DESC' : 'effective_at, idx';
    const { rows } = await db.query<Row>(
      `SELECT ${COLUMNS} FROM vital_sign WHERE ${where}
        ORDER BY ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return { rows: rows.map(toReading), total: count.rows[0]!.total };
  },

  /**
   * Averages per bucket of `bucketSeconds`, aligned to Korean midnight, oldest first: a year
   * of four readings a day becomes a few hundred points however many readings there are.
   * Each bucket also carries its sums, so the period's totals need no second scan.
   */
  async buckets(
    db: Sql,
    patientIdx: number,
    kind: VitalSignKind,
    range: TimeRange,
    bucketSeconds: number,
  ): Promise<(Bucket & { sum: number; sum2: number; count2: number })[]> {
    const params: SqlParam[] = [patientIdx, kind];
    const where = `patient_idx = $1 AND kind = $2${rangeSql(range, params)}`;
    params.push(bucketSeconds);
    const w = `$${params.length}::double precision`;
    // date_part gives double precision; extract() gives numeric, which is slow on PGlite.
    const { rows } = await db.query<{
      b: number;
      sum: number;
      sum2: number | null;
      count2: number;
      min: number;
      max: number;
      count: number;
    }>(
      `SELECT floor((date_part('epoch', effective_at) + ${KST_OFFSET_S}) / ${w}) AS b,
              sum(value) AS sum, sum(value2) AS sum2, count(value2)::integer AS count2,
              min(value) AS min, max(value) AS max, count(*)::integer AS count
         FROM vital_sign WHERE ${where}
        GROUP BY b ORDER BY b`,
      params,
    );
    return rows.map((row) => {
      const count = Number(row.count);
      const count2 = Number(row.count2);
      const sum2 = row.sum2 === null ? 0 : Number(row.sum2);
      return {
        at: new Date((Number(row.b) * bucketSeconds - KST_OFFSET_S) * 1000),
        value: Number(row.sum) / count,
        value2: count2 > 0 ? sum2 / count2 : null,
        min: Number(row.min),
        max: Number(row.max),
        count,
        sum: Number(row.sum),
        sum2,
        count2,
      };
    });
  },

  /** Every reading in the range, oldest first (short ranges: each reading is its own point). */
  async series(db: Sql, patientIdx: number, kind: VitalSignKind, range: TimeRange): Promise<StoredReading[]> {
    const params: SqlParam[] = [patientIdx, kind];
    const { rows } = await db.query<Row>(
      `SELECT ${COLUMNS} FROM vital_sign WHERE patient_idx = $1 AND kind = $2${rangeSql(range, params)}
        ORDER BY effective_at, idx`,
      params,
    );
    return rows.map(toReading);
  },

  /** The newest reading of each kind the patient has (one index probe per kind). */
  async latestPerKind(
    db: Sql,
    patientIdx: number,
    kinds: readonly VitalSignKind[],
  ): Promise<StoredReading[]> {
    const { rows } = await db.query<Row>(
      `SELECT r.* FROM unnest($2::text[]) AS k(kind)
         CROSS JOIN LATERAL (
           SELECT ${COLUMNS} FROM vital_sign v
            WHERE v.patient_idx = $1 AND v.kind = k.kind
            ORDER BY v.effective_at DESC, v.idx DESC LIMIT 1
         ) r`,
      [patientIdx, [...kinds]],
    );
    return rows.map(toReading);
  },

  /** Daily averages per kind (Korean days) since `from`. */
  async dailyAverages(
    db: Sql,
    patientIdx: number,
    from: Date,
  ): Promise<{ kind: VitalSignKind; day: string; value: number; value2: number | null }[]> {
    // Day numbers in SQL (double precision is fast on PGlite), dates written here.
    const { rows } = await db.query<{ kind: VitalSignKind; d: number; value: number; value2: number | null }>(
      `SELECT kind, floor((date_part('epoch', effective_at) + ${KST_OFFSET_S}) / 86400) AS d,
              avg(value) AS value, avg(value2) AS value2
         FROM vital_sign WHERE patient_idx = $1 AND effective_at >= $2
        GROUP BY kind, d ORDER BY kind, d`,
      [patientIdx, from],
    );
    return rows.map((row) => ({
      kind: row.kind,
      day: new Date(Number(row.d) * 86_400_000).toISOString().slice(0, 10),
      value: Number(row.value),
      value2: row.value2 === null ? null : Number(row.value2),
    }));
  },

  async targets(db: Sql, patientIdx: number): Promise<VitalSignTarget[]> {
    const { rows } = await db.query<
      Omit<VitalSignTarget, 'setAt'> & { setAt: Date | string; low: number | null; high: number | null }
    >(
      `SELECT kind, low, high, high2, set_by_name AS "setByName", set_at AS "setAt"
         FROM vital_sign_target WHERE patient_idx = $1 ORDER BY kind`,
      [patientIdx],
    );
    const n = (v: number | null) => (v === null ? null : Number(v));
    return rows.map((row) => ({
      kind: row.kind,
      low: n(row.low),
      high: n(row.high),
      high2: n(row.high2),
      setByName: row.setByName,
      setAt: new Date(row.setAt).toISOString(),
    }));
  },

  async setTarget(
    db: Sql,
    patientIdx: number,
    target: { kind: TargetKind; low: number | null; high: number | null; high2: number | null },
    staff: { idx: number; name: string },
  ): Promise<void> {
    await db.query(
      `INSERT INTO vital_sign_target (patient_idx, kind, low, high, high2, set_by_idx, set_by_name, set_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now())
       ON CONFLICT (patient_idx, kind) DO UPDATE
         SET low = excluded.low, high = excluded.high, high2 = excluded.high2,
             set_by_idx = excluded.set_by_idx, set_by_name = excluded.set_by_name, set_at = now()`,
      [patientIdx, target.kind, target.low, target.high, target.high2, staff.idx, staff.name],
    );
  },

  async clearTarget(db: Sql, patientIdx: number, kind: TargetKind): Promise<void> {
    await db.query(`DELETE FROM vital_sign_target WHERE patient_idx = $1 AND kind = $2`, [patientIdx, kind]);
  },

  /** Account deletion: every reading the patient recorded or their phone sent. */
  async eraseOfPatient(db: Sql, patientIdx: number): Promise<void> {
    await db.query(`DELETE FROM vital_sign WHERE patient_idx = $1`, [patientIdx]);
  },

  /** What FHIR's Patient carries besides the name: birth date (YYYY-MM-DD) and sex, where stored. */
  async demographics(db: Sql, patientIdx: number): Promise<Demographics> {
    const { rows } = await db.query<Demographics>(
      `SELECT to_char(birth_date, 'YYYY-MM-DD') AS "birthDate", sex FROM patients WHERE idx = $1`,
      [patientIdx],
    );
    return rows[0] ?? { birthDate: null, sex: null };
  },
};

export interface Demographics {
  birthDate: string | null;
  sex: 'M' | 'F' | null;
}
