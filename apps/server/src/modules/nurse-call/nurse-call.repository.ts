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
  };
}

const COLUMNS = `idx, hospital_idx, patient_idx, patient_name, ward, bed, reason, priority, note, status, requested_at,
  acknowledged_at, acknowledged_by_idx, acknowledged_by_name, completed_at, cancelled_at, escalated_at`;
const OPEN = `('REQUESTED', 'ACKNOWLEDGED', 'IN_PROGRESS')`;

export interface NewNurseCall {
  hospitalIdx: number;
  patientIdx: number;
  patientName: string;
  ward: string | null;
  bed: string | null;
  reason: NurseCallReason;
  priority: number;
  note: string;
  clientCallId: string;
  requestedAt: Date;
}

/** Nurse-call storage, SQL only; each function takes the executor so it can join a transaction. */
export const nurseCallRepository = {
  /** Ward and bed travel with the call (domain.md); deleted accounts are nobody. */
  async findPatient(db: Sql, patientIdx: number) {
    const { rows } = await db.query<{
      idx: number;
      name: string;
      chosenHospitalIdx: number | null;
      ward: string | null;
      bed: string | null;
    }>(
      `SELECT idx, name, chose_hospital_idx AS "chosenHospitalIdx", ward, bed
         FROM patients WHERE idx = $1 AND deleted_at IS NULL`,
      [patientIdx],
    );
    return rows[0] ?? null;
  },

  async findStaff(db: Sql, staffIdx: number) {
    const { rows } = await db.query<{ idx: number; name: string; hospitalIdx: number }>(
      `SELECT idx, name, hospital_idx AS "hospitalIdx" FROM staff_users WHERE idx = $1 AND active`,
      [staffIdx],
    );
    return rows[0] ?? null;
  },

  async lockPatient(db: Sql, patientIdx: number): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext('nurse-call-patient'), $1)`, [patientIdx]);
  },

  async findByClientCallId(db: Sql, patientIdx: number, clientCallId: string): Promise<NurseCall | null> {
    const { rows } = await db.query<CallRow>(
      `SELECT ${COLUMNS} FROM nurse_calls WHERE patient_idx = $1 AND client_call_id = $2`,
      [patientIdx, clientCallId],
    );
    return rows[0] ? toCall(rows[0]) : null;
  },

  async findOpen(db: Sql, patientIdx: number, hospitalIdx: number): Promise<NurseCall | null> {
    const { rows } = await db.query<CallRow>(
      `SELECT ${COLUMNS} FROM nurse_calls WHERE patient_idx = $1 AND hospital_idx = $2 AND status IN ${OPEN}`,
      [patientIdx, hospitalIdx],
    );
    return rows[0] ? toCall(rows[0]) : null;
  },

  async find(db: Sql, callIdx: number, forUpdate = false): Promise<NurseCall | null> {
    const { rows } = await db.query<CallRow>(
      `SELECT ${COLUMNS} FROM nurse_calls WHERE idx = $1${forUpdate ? ' FOR UPDATE' : ''}`,
      [callIdx],
    );
    return rows[0] ? toCall(rows[0]) : null;
  },

  async insert(db: Sql, call: NewNurseCall): Promise<NurseCall> {
    const { rows } = await db.query<CallRow>(
      `INSERT INTO nurse_calls (hospital_idx, patient_idx, patient_name, ward, bed, reason, priority, note, client_call_id, requested_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       RETURNING ${COLUMNS}`,
      [
        call.hospitalIdx,
        call.patientIdx,
        call.patientName,
        call.ward,
        call.bed,
        call.reason,
        call.priority,
        call.note,
        call.clientCallId,
        call.requestedAt,
      ],
    );
    return toCall(rows[0]!);
  },

  async acknowledge(
    db: Sql,
    callIdx: number,
    staff: { idx: number; name: string },
    at: Date,
  ): Promise<NurseCall> {
    const { rows } = await db.query<CallRow>(
      `UPDATE nurse_calls SET status = 'ACKNOWLEDGED', acknowledged_at = $2, acknowledged_by_idx = $3, acknowledged_by_name = $4
        WHERE idx = $1 RETURNING ${COLUMNS}`,
      [callIdx, at, staff.idx, staff.name],
    );
    return toCall(rows[0]!);
  },

  /** Done; a call completed without a separate acknowledgement counts as acknowledged by the same nurse. */
  async complete(
    db: Sql,
    callIdx: number,
    staff: { idx: number; name: string },
    at: Date,
  ): Promise<NurseCall> {
    const { rows } = await db.query<CallRow>(
      `UPDATE nurse_calls SET status = 'DONE', completed_at = $2,
              acknowledged_at = coalesce(acknowledged_at, $2),
              acknowledged_by_idx = coalesce(acknowledged_by_idx, $3),
              acknowledged_by_name = coalesce(acknowledged_by_name, $4)
        WHERE idx = $1 RETURNING ${COLUMNS}`,
      [callIdx, at, staff.idx, staff.name],
    );
    return toCall(rows[0]!);
  },

  async cancel(db: Sql, callIdx: number, at: Date): Promise<NurseCall> {
    const { rows } = await db.query<CallRow>(
      `UPDATE nurse_calls SET status = 'CANCELLED', cancelled_at = $2 WHERE idx = $1 RETURNING ${COLUMNS}`,
      [callIdx, at],
    );
    return toCall(rows[0]!);
  },

  async listForPatient(db: Sql, patientIdx: number, limit = 50): Promise<NurseCall[]> {
    const { rows } = await db.query<CallRow>(
      `SELECT ${COLUMNS} FROM nurse_calls WHERE patient_idx = $1 ORDER BY idx DESC LIMIT $2`,
      [patientIdx, limit],
    );
    return rows.map(toCall);
  },

  /** The ward board: open calls by priority, then the longest waiting first (domain.md). */
  async listOpen(db: Sql, hospitalIdx: number): Promise<NurseCall[]> {
    const { rows } = await db.query<CallRow>(
      `SELECT ${COLUMNS} FROM nurse_calls WHERE hospital_idx = $1 AND status IN ${OPEN}
        ORDER BY priority, requested_at, idx`,
      [hospitalIdx],
    );
    return rows.map(toCall);
  },

  /**
   * Marks calls still unacknowledged past their hospital's escalation time. Each call is
   * escalated once, by whichever server process gets there first.
   */
  async escalateOverdue(db: Sql, at: Date): Promise<NurseCall[]> {
    const { rows } = await db.query<CallRow>(
      `UPDATE nurse_calls c SET escalated_at = $1
         FROM hospitals h
        WHERE h.idx = c.hospital_idx AND c.status = 'REQUESTED' AND c.escalated_at IS NULL
          AND c.requested_at <= $1::timestamptz - make_interval(mins => h.nurse_call_escalation_min)
        RETURNING ${COLUMNS.replaceAll(/(\w+)/g, 'c.$1')}`,
      [at],
    );
    return rows.map(toCall);
  },
};
