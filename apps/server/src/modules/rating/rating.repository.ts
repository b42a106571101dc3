import type { RatingOccasionKind, RatingSummary, RatingTag } from '@smartcare/contract/rating';
import type { SqlQueryable } from '../../plugins/db/db.plugin.ts';

/** Repositories only query; they run on the database or inside a transaction alike. */
type Sql = Pick<SqlQueryable, 'query'>;

interface RatingRow {
  idx: number;
  hospital_idx: number;
  patient_idx: number | null;
  occasion_kind: RatingOccasionKind;
  occasion_idx: number;
  department: string;
  staff_idx: number | null;
  staff_name: string | null;
  stars: number;
  tags: string;
  comment: string;
  occasion_at: Date | string;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface StoredRating {
  idx: number;
  hospitalIdx: number;
  patientIdx: number | null;
  kind: RatingOccasionKind;
  occasionIdx: number;
  department: string;
  staffIdx: number | null;
  staffName: string | null;
  stars: number;
  tags: RatingTag[];
  comment: string;
  occasionAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewRating {
  hospitalIdx: number;
  patientIdx: number;
  kind: RatingOccasionKind;
  occasionIdx: number;
  department: string;
  staffIdx: number | null;
  staffName: string | null;
  stars: number;
  tags: RatingTag[];
  comment: string;
  occasionAt: Date;
  at: Date;
}

const COLUMNS = `idx, hospital_idx, patient_idx, occasion_kind, occasion_idx, department, staff_idx,
  staff_name, stars, tags, comment, occasion_at, created_at, updated_at`;

function toRating(row: RatingRow): StoredRating {
  return {
    idx: row.idx,
    hospitalIdx: row.hospital_idx,
    patientIdx: row.patient_idx,
    kind: row.occasion_kind,
    occasionIdx: row.occasion_idx,
    department: row.department,
    staffIdx: row.staff_idx,
    staffName: row.staff_name,
    stars: row.stars,
    tags: row.tags === '' ? [] : (row.tags.split(',') as RatingTag[]),
    comment: row.comment,
    occasionAt: new Date(row.occasion_at),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

interface SummaryRow {
  key: string;
  name: string;
  s1: number | string;
  s2: number | string;
  s3: number | string;
  s4: number | string;
  s5: number | string;
}

function toSummary(row: SummaryRow): RatingSummary & { key: string; name: string } {
  const distribution = [row.s1, row.s2, row.s3, row.s4, row.s5].map(Number);
  const count = distribution.reduce((a, b) => a + b, 0);
  const total = distribution.reduce((sum, n, i) => sum + n * (i + 1), 0);
  return {
    key: row.key,
    name: row.name,
    count,
    average: count === 0 ? null : Math.round((total / count) * 100) / 100,
    distribution,
  };
}

const STAR_COUNTS = `count(*) FILTER (WHERE stars = 1) AS s1, count(*) FILTER (WHERE stars = 2) AS s2,
  count(*) FILTER (WHERE stars = 3) AS s3, count(*) FILTER (WHERE stars = 4) AS s4,
  count(*) FILTER (WHERE stars = 5) AS s5`;

/** Ratings storage, SQL only; every function takes the executor first. */
export const ratingRepository = {
  async find(db: Sql, kind: RatingOccasionKind, occasionIdx: number, forUpdate = false) {
    const { rows } = await db.query<RatingRow>(
      `SELECT ${COLUMNS} FROM ratings WHERE occasion_kind = $1 AND occasion_idx = $2${forUpdate ? ' FOR UPDATE' : ''}`,
      [kind, occasionIdx],
    );
    return rows[0] ? toRating(rows[0]) : null;
  },

  async ofPatient(db: Sql, patientIdx: number): Promise<StoredRating[]> {
    const { rows } = await db.query<RatingRow>(
      `SELECT ${COLUMNS} FROM ratings WHERE patient_idx = $1 ORDER BY created_at DESC LIMIT 200`,
      [patientIdx],
    );
    return rows.map(toRating);
  },

  /** Inserts unless the occasion already has one; returns whether it inserted. */
  async insert(db: Sql, r: NewRating): Promise<boolean> {
    const { rows } = await db.query<{ idx: number }>(
      `INSERT INTO ratings (hospital_idx, patient_idx, occasion_kind, occasion_idx, department, staff_idx,
         staff_name, stars, tags, comment, occasion_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
       ON CONFLICT (occasion_kind, occasion_idx) DO NOTHING RETURNING idx`,
      [
        r.hospitalIdx,
        r.patientIdx,
        r.kind,
        r.occasionIdx,
        r.department,
        r.staffIdx,
        r.staffName,
        r.stars,
        r.tags.join(','),
        r.comment,
        r.occasionAt,
        r.at,
      ],
    );
    return rows.length > 0;
  },

  async update(db: Sql, idx: number, r: { stars: number; tags: RatingTag[]; comment: string; at: Date }) {
    await db.query(`UPDATE ratings SET stars = $2, tags = $3, comment = $4, updated_at = $5 WHERE idx = $1`, [
      idx,
      r.stars,
      r.tags.join(','),
      r.comment,
      r.at,
    ]);
  },

  /** Records the invitation of an occasion; false when it was already invited. */
  async invite(db: Sql, kind: RatingOccasionKind, occasionIdx: number, patientIdx: number): Promise<boolean> {
    const { rows } = await db.query<{ occasion_idx: number }>(
      `INSERT INTO rating_invitations (occasion_kind, occasion_idx, patient_idx) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING occasion_idx`,
      [kind, occasionIdx, patientIdx],
    );
    return rows.length > 0;
  },

  /** Summaries of the hospital's ratings since `since`, grouped by `group`. */
  async summaries(
    db: Sql,
    hospitalIdx: number,
    since: Date,
    group: 'all' | 'department' | 'staff' | 'month',
  ) {
    const key = {
      all: `''`,
      department: 'department',
      staff: 'staff_idx::text',
      month: `to_char(created_at AT TIME ZONE 'Asia/Seoul', 'YYYY-MM')`,
    }[group];
    const name = group === 'staff' ? 'max(staff_name)' : key;
    const where = group === 'staff' ? ' AND staff_idx IS NOT NULL' : '';
    const { rows } = await db.query<SummaryRow>(
      `SELECT ${key} AS key, ${name} AS name, ${STAR_COUNTS} FROM ratings
        WHERE hospital_idx = $1 AND created_at >= $2${where}
        GROUP BY 1 ORDER BY 1`,
      [hospitalIdx, since],
    );
    return rows.map(toSummary);
  },

  async comments(db: Sql, hospitalIdx: number, since: Date) {
    const { rows } = await db.query<RatingRow>(
      `SELECT ${COLUMNS} FROM ratings WHERE hospital_idx = $1 AND created_at >= $2 AND comment <> ''
        ORDER BY created_at DESC LIMIT 50`,
      [hospitalIdx, since],
    );
    return rows.map(toRating);
  },

  /** Account deletion: the ratings lose the patient and the comment; the stars stay counted. */
  async detachPatient(db: Sql, patientIdx: number): Promise<void> {
    await db.query(`UPDATE ratings SET patient_idx = NULL, comment = '' WHERE patient_idx = $1`, [
      patientIdx,
    ]);
    await db.query(`DELETE FROM rating_invitations WHERE patient_idx = $1`, [patientIdx]);
  },
};
