import type { QnaCategory, QnaStatus } from '@smartcare/contract/qna';
import type { SqlQueryable } from '../../plugins/db/db.plugin.ts';

/** Repositories only query; they run on the database or inside a transaction alike. */
type Sql = Pick<SqlQueryable, 'query'>;

export interface StoredQuestion {
  idx: number;
  patientIdx: number;
  patientName: string;
  hospitalIdx: number;
  category: QnaCategory;
  title: string;
  body: string;
  status: QnaStatus;
  waitingSince: Date | null;
  assigneeIdx: number | null;
  assigneeName: string | null;
  photoCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface StoredMessage {
  idx: number;
  questionIdx: number;
  authorType: 'patient' | 'staff';
  authorName: string;
  authorRole: string | null;
  body: string;
  createdAt: Date;
}

export interface StoredTemplate {
  idx: number;
  hospitalIdx: number;
  title: string;
  text: string;
  createdByName: string;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const questionOf = (row: StoredQuestion): StoredQuestion => ({
  ...row,
  waitingSince: row.waitingSince === null ? null : toDate(row.waitingSince),
  createdAt: toDate(row.createdAt),
  updatedAt: toDate(row.updatedAt),
});

const QUESTION_SELECT = `SELECT q.idx, q.patient_idx AS "patientIdx", p.name AS "patientName", q.hospital_idx AS "hospitalIdx",
    q.category, q.title, q.body, q.status, q.waiting_since AS "waitingSince",
    q.assignee_staff_idx AS "assigneeIdx", s.name AS "assigneeName",
    (SELECT count(*)::int FROM qna_photo ph WHERE ph.question_idx = q.idx) AS "photoCount",
    q.created_at AS "createdAt", q.updated_at AS "updatedAt"
  FROM qna_question q
  JOIN patients p ON p.idx = q.patient_idx
  LEFT JOIN staff_users s ON s.idx = q.assignee_staff_idx`;

/** Q&A SQL, erasure included (decisions 001, 006: the same SQL on PGlite and PostgreSQL). */
export const qnaRepository = {
  async insertQuestion(
    db: Sql,
    q: {
      patientIdx: number;
      hospitalIdx: number;
      category: QnaCategory;
      title: string;
      body: string;
      clientRequestId: string;
      at: Date;
    },
  ): Promise<number> {
    const { rows } = await db.query<{ idx: number }>(
      `INSERT INTO qna_question (patient_idx, hospital_idx, category, title, body, status, waiting_since,
         client_request_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, 'WAITING', $6, $7, $6, $6) RETURNING idx`,
      [q.patientIdx, q.hospitalIdx, q.category, q.title, q.body, q.at.toISOString(), q.clientRequestId],
    );
    return rows[0]!.idx;
  },

  async findByClientRequestId(db: Sql, patientIdx: number, clientRequestId: string): Promise<number | null> {
    const { rows } = await db.query<{ idx: number }>(
      `SELECT idx FROM qna_question WHERE patient_idx = $1 AND client_request_id = $2`,
      [patientIdx, clientRequestId],
    );
    return rows[0]?.idx ?? null;
  },

  async insertPhoto(db: Sql, questionIdx: number, position: number, key: string): Promise<void> {
    await db.query(`INSERT INTO qna_photo (question_idx, position, photo_key) VALUES ($1, $2, $3)`, [
      questionIdx,
      position,
      key,
    ]);
  },

  async find(db: Sql, idx: number, forUpdate = false): Promise<StoredQuestion | null> {
    if (forUpdate) await db.query(`SELECT idx FROM qna_question WHERE idx = $1 FOR UPDATE`, [idx]);
    const { rows } = await db.query<StoredQuestion>(`${QUESTION_SELECT} WHERE q.idx = $1`, [idx]);
    return rows[0] ? questionOf(rows[0]) : null;
  },

  async photoIdxs(db: Sql, questionIdx: number): Promise<number[]> {
    const { rows } = await db.query<{ idx: number }>(
      `SELECT idx FROM qna_photo WHERE question_idx = $1 ORDER BY position, idx`,
      [questionIdx],
    );
    return rows.map((row) => row.idx);
  },

  async photo(db: Sql, photoIdx: number): Promise<{ questionIdx: number; key: string } | null> {
    const { rows } = await db.query<{ questionIdx: number; key: string }>(
      `SELECT question_idx AS "questionIdx", photo_key AS key FROM qna_photo WHERE idx = $1`,
      [photoIdx],
    );
    return rows[0] ?? null;
  },

  async messages(db: Sql, questionIdx: number): Promise<StoredMessage[]> {
    const { rows } = await db.query<StoredMessage>(
      `SELECT idx, question_idx AS "questionIdx", author_type AS "authorType", author_name AS "authorName",
         author_role AS "authorRole", body, created_at AS "createdAt"
       FROM qna_message WHERE question_idx = $1 ORDER BY idx`,
      [questionIdx],
    );
    return rows.map((row) => ({ ...row, createdAt: toDate(row.createdAt) }));
  },

  async insertMessage(
    db: Sql,
    m: {
      questionIdx: number;
      authorType: 'patient' | 'staff';
      staffIdx: number | null;
      authorName: string;
      authorRole: string | null;
      body: string;
      at: Date;
    },
  ): Promise<void> {
    await db.query(
      `INSERT INTO qna_message (question_idx, author_type, staff_idx, author_name, author_role, body, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [m.questionIdx, m.authorType, m.staffIdx, m.authorName, m.authorRole, m.body, m.at.toISOString()],
    );
  },

  async setState(
    db: Sql,
    idx: number,
    state: { status: QnaStatus; waitingSince: Date | null; at: Date },
  ): Promise<void> {
    await db.query(
      `UPDATE qna_question SET status = $2, waiting_since = $3, updated_at = $4 WHERE idx = $1`,
      [idx, state.status, state.waitingSince?.toISOString() ?? null, state.at.toISOString()],
    );
  },

  async assign(db: Sql, idx: number, staffIdx: number, at: Date): Promise<void> {
    await db.query(`UPDATE qna_question SET assignee_staff_idx = $2, updated_at = $3 WHERE idx = $1`, [
      idx,
      staffIdx,
      at.toISOString(),
    ]);
  },

  /** The patient's own questions, newest first. */
  async pageOfPatient(
    db: Sql,
    patientIdx: number,
    pNum: number,
    pSize: number,
  ): Promise<{ rows: StoredQuestion[]; totalCount: number }> {
    const { rows } = await db.query<StoredQuestion>(
      `${QUESTION_SELECT} WHERE q.patient_idx = $1 ORDER BY q.created_at DESC, q.idx DESC LIMIT $2 OFFSET $3`,
      [patientIdx, pSize, (pNum - 1) * pSize],
    );
    const count = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM qna_question WHERE patient_idx = $1`,
      [patientIdx],
    );
    return { rows: rows.map(questionOf), totalCount: count.rows[0]!.n };
  },

  /**
   * The hospital's queue: questions of its home-care patients (decision 021: live accounts with
   * HOMECARE whose chosen hospital is this one) asked of it; waiting first, longest waiting on top.
   */
  async queue(db: Sql, hospitalIdx: number, status: QnaStatus | undefined): Promise<StoredQuestion[]> {
    const { rows } = await db.query<StoredQuestion>(
      `${QUESTION_SELECT}
       WHERE q.hospital_idx = $1 AND p.chose_hospital_idx = $1 AND p.deleted_at IS NULL AND 'HOMECARE' = ANY (p.areas)
         AND ($2::text IS NULL OR q.status = $2)
       ORDER BY CASE q.status WHEN 'WAITING' THEN 0 WHEN 'ANSWERED' THEN 1 ELSE 2 END,
         q.waiting_since ASC NULLS LAST, q.updated_at DESC, q.idx DESC
       LIMIT 200`,
      [hospitalIdx, status ?? null],
    );
    return rows.map(questionOf);
  },

  /** Whether the patient is a home-care patient of the hospital now (decision 021). */
  async isHomeCarePatientOf(db: Sql, patientIdx: number, hospitalIdx: number): Promise<boolean> {
    const { rows } = await db.query<{ ok: boolean }>(
      `SELECT true AS ok FROM patients
       WHERE idx = $1 AND chose_hospital_idx = $2 AND deleted_at IS NULL AND 'HOMECARE' = ANY (areas)`,
      [patientIdx, hospitalIdx],
    );
    return rows.length > 0;
  },

  async templates(db: Sql, hospitalIdx: number): Promise<StoredTemplate[]> {
    const { rows } = await db.query<StoredTemplate>(
      `SELECT idx, hospital_idx AS "hospitalIdx", title, body AS text, created_by AS "createdByName"
       FROM qna_template WHERE hospital_idx = $1 ORDER BY idx`,
      [hospitalIdx],
    );
    return rows;
  },

  async insertTemplate(
    db: Sql,
    t: { hospitalIdx: number; title: string; text: string; createdByName: string },
  ): Promise<StoredTemplate> {
    const { rows } = await db.query<StoredTemplate>(
      `INSERT INTO qna_template (hospital_idx, title, body, created_by) VALUES ($1, $2, $3, $4)
       RETURNING idx, hospital_idx AS "hospitalIdx", title, body AS text, created_by AS "createdByName"`,
      [t.hospitalIdx, t.title, t.text, t.createdByName],
    );
    return rows[0]!;
  },

  /** true when a template of that hospital was deleted. */
  async deleteTemplate(db: Sql, hospitalIdx: number, idx: number): Promise<boolean> {
    const { rows } = await db.query<{ idx: number }>(
      `DELETE FROM qna_template WHERE idx = $1 AND hospital_idx = $2 RETURNING idx`,
      [idx, hospitalIdx],
    );
    return rows.length > 0;
  },

  /** Deletes the patient's questions, messages and photo rows; returns the photo keys to remove. */
  async eraseOfPatient(db: Sql, patientIdx: number): Promise<string[]> {
    const { rows } = await db.query<{ key: string }>(
      `SELECT ph.photo_key AS key FROM qna_photo ph JOIN qna_question q ON q.idx = ph.question_idx
       WHERE q.patient_idx = $1`,
      [patientIdx],
    );
    await db.query(
      `DELETE FROM qna_message WHERE question_idx IN (SELECT idx FROM qna_question WHERE patient_idx = $1)`,
      [patientIdx],
    );
    await db.query(
      `DELETE FROM qna_photo WHERE question_idx IN (SELECT idx FROM qna_question WHERE patient_idx = $1)`,
      [patientIdx],
    );
    await db.query(`DELETE FROM qna_question WHERE patient_idx = $1`, [patientIdx]);
    return rows.map((row) => row.key);
  },
};
