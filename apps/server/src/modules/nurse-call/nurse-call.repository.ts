import type { NurseCall, NurseCallReason, NurseCallStatus } from '@smartcare/contract/nurse-call';
import type { SqlQueryable } from '../../plugins/db/db.plugin.ts';

/** Repositories only query; they run on the database or inside a transaction alike. */
type Sql = Pick<SqlQueryable, 'query'>;

interface CallRow {
  idx: number;
  hospital_idx: number;
  patient_idx: number;
  patient_name: string;
  ward: string | null;
  bed: string | null;
  reason: NurseCallReason;
  priority: number;
  note: string;
  status: NurseCallStatus;
  requested_at: Date | string;
  acknowledged_at: Date | string | null;
  acknowledged_by_idx: number | null;
  acknowledged_by_name: string | null;
  completed_at: Date | string | null;
  cancelled_at: Date | string | null;
  escalated_at: Date | string | null;
  identity_confirmed: boolean;
  raised_at: Date | string | null;
  birth_date: string | null;
  sex: 'M' | 'F' | null;
  allergies: string | null;
  staff_note: string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toCall(row: CallRow): NurseCall {
  return {
    idx: row.idx,
    hospitalIdx: row.hospital_idx,
    patientIdx: row.patient_idx,
    patientName: row.patient_name,
    ward: row.ward,
    bed: row.bed,
    reason: row.reason,
    priority: row.priority,
    note: row.note,
    status: row.status,
    requestedAt: new Date(row.requested_at).toISOString(),
    acknowledgedAt: iso(row.acknowledged_at),
    acknowledgedByIdx: row.acknowledged_by_idx,
    acknowledgedByName: row.acknowledged_by_name,
    completedAt: iso(row.completed_at),
    cancelledAt: iso(row.cancelled_at),
    escalatedAt: iso(row.escalated_at),
    identityConfirmed: row.identity_confirmed,
    raisedAt: iso(row.raised_at),
    birthDate: row.birth_date,
    sex: row.sex,
    allergies: row.allergies ?? '',
    staffNote: row.staff_note ?? '',
  };
}

/**
 * A call with who the patient is, read from their record at read time (issue 10 point 5):
 * age and sex, allergies and the note they wrote for staff. `c` is nurse_calls.
 */
const SELECT = `SELECT c.idx, c.hospital_idx, c.patient_idx, c.patient_name, c.ward, c.bed, c.reason, c.priority,
       c.note, c.status, c.requested_at, c.acknowledged_at, c.acknowledged_by_idx, c.acknowledged_by_name,
       c.completed_at, c.cancelled_at, c.escalated_at, c.identity_confirmed, c.raised_at,
       to_char(p.birth_date, 'YYYY-MM-DD') AS birth_date, p.sex, b.allergies, p.description AS staff_note
  FROM nurse_calls c
  JOIN patients p ON p.idx = c.patient_idx
  LEFT JOIN body_info b ON b.patient_idx = c.patient_idx`;
const OPEN = `('REQUESTED', 'ACKNOWLEDGED', 'IN_PROGRESS')`;

export interface NewNurseCall {
  hospitalIdx: number;
  patientIdx: number;
  admissionIdx: number;
  patientName: string;
  ward: string;
  bed: string;
  identityConfirmed: boolean;
  reason: NurseCallReason;
  priority: number;
  note: string;
  clientCallId: string;
  requestedAt: Date;
}

/** Nurse-call storage, SQL only; each function takes the executor so it can join a transaction. */
export const nurseCallRepository = {
  async lockPatient(db: Sql, patientIdx: number): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext('nurse-call-patient'), $1)`, [patientIdx]);
  },

  async findByClientCallId(db: Sql, patientIdx: number, clientCallId: string): Promise<NurseCall | null> {
    const { rows } = await db.query<CallRow>(`${SELECT} WHERE c.patient_idx = $1 AND c.client_call_id = $2`, [
      patientIdx,
      clientCallId,
    ]);
    return rows[0] ? toCall(rows[0]) : null;
  },

  /** The patient's open call, in whichever hospital (one admission at a time). */
  async findOpen(db: Sql, patientIdx: number): Promise<NurseCall | null> {
    const { rows } = await db.query<CallRow>(`${SELECT} WHERE c.patient_idx = $1 AND c.status IN ${OPEN}`, [
      patientIdx,
    ]);
    return rows[0] ? toCall(rows[0]) : null;
  },

  async find(db: Sql, callIdx: number, forUpdate = false): Promise<NurseCall | null> {
    const { rows } = await db.query<CallRow>(
      `${SELECT} WHERE c.idx = $1${forUpdate ? ' FOR UPDATE OF c' : ''}`,
      [callIdx],
    );
    return rows[0] ? toCall(rows[0]) : null;
  },

  async insert(db: Sql, call: NewNurseCall): Promise<NurseCall> {
    const { rows } = await db.query<{ idx: number }>(
      `INSERT INTO nurse_calls (hospital_idx, patient_idx, admission_idx, patient_name, ward, bed, identity_confirmed,
                                reason, priority, note, client_call_id, requested_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       RETURNING idx`,
      [
        call.hospitalIdx,
        call.patientIdx,
        call.admissionIdx,
        call.patientName,
        call.ward,
        call.bed,
        call.identityConfirmed,
        call.reason,
        call.priority,
        call.note,
        call.clientCallId,
        call.requestedAt,
      ],
    );
    return (await nurseCallRepository.find(db, rows[0]!.idx))!;
  },

  async acknowledge(
    db: Sql,
    callIdx: number,
    staff: { idx: number; name: string },
    at: Date,
  ): Promise<NurseCall> {
    const { rows } = await db.query<{ idx: number }>(
      `UPDATE nurse_calls SET status = 'ACKNOWLEDGED', acknowledged_at = $2, acknowledged_by_idx = $3, acknowledged_by_name = $4
        WHERE idx = $1 RETURNING idx`,
      [callIdx, at, staff.idx, staff.name],
    );
    return (await nurseCallRepository.find(db, rows[0]!.idx))!;
  },

  /** Done; a call completed without a separate acknowledgement counts as acknowledged by the same nurse. */
  async complete(
    db: Sql,
    callIdx: number,
    staff: { idx: number; name: string },
    at: Date,
  ): Promise<NurseCall> {
    const { rows } = await db.query<{ idx: number }>(
      `UPDATE nurse_calls SET status = 'DONE', completed_at = $2,
              acknowledged_at = coalesce(acknowledged_at, $2),
              acknowledged_by_idx = coalesce(acknowledged_by_idx, $3),
              acknowledged_by_name = coalesce(acknowledged_by_name, $4)
        WHERE idx = $1 RETURNING idx`,
      [callIdx, at, staff.idx, staff.name],
    );
    return (await nurseCallRepository.find(db, rows[0]!.idx))!;
  },

  async cancel(db: Sql, callIdx: number, at: Date): Promise<NurseCall> {
    const { rows } = await db.query<{ idx: number }>(
      `UPDATE nurse_calls SET status = 'CANCELLED', cancelled_at = $2 WHERE idx = $1 RETURNING idx`,
      [callIdx, at],
    );
    return (await nurseCallRepository.find(db, rows[0]!.idx))!;
  },

  async listForPatient(db: Sql, patientIdx: number, limit = 50): Promise<NurseCall[]> {
    const { rows } = await db.query<CallRow>(
      `${SELECT} WHERE c.patient_idx = $1 ORDER BY c.idx DESC LIMIT $2`,
      [patientIdx, limit],
    );
    return rows.map(toCall);
  },

  /** The ward board: open calls by priority, then the longest waiting first (domain.md). */
  async listOpen(db: Sql, hospitalIdx: number): Promise<NurseCall[]> {
    const { rows } = await db.query<CallRow>(
      `${SELECT} WHERE c.hospital_idx = $1 AND c.status IN ${OPEN}
        ORDER BY c.priority, c.requested_at, c.idx`,
      [hospitalIdx],
    );
    return rows.map(toCall);
  },

  /** A pending call raised by the patient to a more urgent reason: it jumps the queue. */
  async raise(
    db: Sql,
    callIdx: number,
    reason: NurseCallReason,
    priority: number,
    at: Date,
  ): Promise<NurseCall> {
    await db.query(`UPDATE nurse_calls SET reason = $2, priority = $3, raised_at = $4 WHERE idx = $1`, [
      callIdx,
      reason,
      priority,
      at,
    ]);
    return (await nurseCallRepository.find(db, callIdx))!;
  },

  /** Calls of the hospital that ended since `since` (the shift's start), newest first. */
  async listHandled(db: Sql, hospitalIdx: number, since: Date, limit = 200): Promise<NurseCall[]> {
    const { rows } = await db.query<CallRow>(
      `${SELECT} WHERE c.hospital_idx = $1 AND c.status IN ('DONE', 'CANCELLED')
          AND coalesce(c.completed_at, c.cancelled_at) >= $2
        ORDER BY coalesce(c.completed_at, c.cancelled_at) DESC, c.idx DESC LIMIT $3`,
      [hospitalIdx, since, limit],
    );
    return rows.map(toCall);
  },

  /**
   * Marks calls still unacknowledged past their hospital's escalation time (the server's
   * default when the hospital sets none). Each call is escalated once, by whichever server
   * process gets there first.
   */
  async escalateOverdue(db: Sql, at: Date, defaultMinutes: number): Promise<NurseCall[]> {
    const { rows } = await db.query<{ idx: number }>(
      `UPDATE nurse_calls c SET escalated_at = $1
         FROM hospitals h
        WHERE h.idx = c.hospital_idx AND c.status = 'REQUESTED' AND c.escalated_at IS NULL
          AND c.requested_at <= $1::timestamptz - make_interval(mins => coalesce(h.nurse_call_escalation_min, $2::integer))
        RETURNING c.idx`,
      [at, defaultMinutes],
    );
    const calls: NurseCall[] = [];
    for (const row of rows) calls.push((await nurseCallRepository.find(db, row.idx))!);
    return calls;
  },

  /** Keeps each call; forgets the patient's name and the words they typed. */
  async forgetPatient(db: Sql, patientIdx: number): Promise<void> {
    await db.query(`UPDATE nurse_calls SET patient_name = '', note = '' WHERE patient_idx = $1`, [
      patientIdx,
    ]);
  },
};
