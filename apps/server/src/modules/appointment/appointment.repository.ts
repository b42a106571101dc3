import type {
  Appointment,
  AppointmentAction,
  AppointmentEvent,
  AppointmentStatus,
  AppointmentType,
} from '@smartcare/contract/appointment';
import type { SqlQueryable } from '../../plugins/db/db.plugin.ts';

/** Repositories only query; they run on the database or inside a transaction alike. */
type Sql = Pick<SqlQueryable, 'query'>;

interface AppointmentRow {
  idx: number;
  kind: Appointment['kind'];
  hospital_idx: number | null;
  hospital_name: string | null;
  patient_idx: number;
  patient_name: string;
  title: string;
  department: string;
  doctor: string;
  starts_at: Date | string;
  duration_min: number;
  building: string;
  floor: string;
  room: string;
  type: AppointmentType | null;
  preparation: string;
  status: AppointmentStatus;
  preferred_times: (Date | string)[] | string | null;
  request_note: string;
  reason: string;
  updated_at: Date | string;
}

interface EventRow {
  appointment_idx: number;
  action: AppointmentAction;
  actor_type: 'patient' | 'staff';
  actor_name: string;
  note: string;
  starts_at: Date | string;
  at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** `timestamptz[]` arrives parsed on PostgreSQL and as its text form on some drivers. */
function timesOf(value: AppointmentRow['preferred_times']): string[] {
  if (!value) return [];
  const list =
    typeof value === 'string'
      ? value
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean)
      : value;
  return list.map((item) => iso(typeof item === 'string' ? item.replace(/^"|"$/g, '') : item));
}

const SELECT = `SELECT a.idx, a.kind, a.hospital_idx, h.name AS hospital_name, a.patient_idx,
       p.name AS patient_name, a.title, a.department, a.doctor, a.starts_at, a.duration_min, a.building,
       a.floor, a.room, a.type, a.preparation, a.status, a.preferred_times, a.request_note, a.reason,
       a.updated_at
  FROM appointments a
  JOIN patients p ON p.idx = a.patient_idx
  LEFT JOIN hospitals h ON h.idx = a.hospital_idx`;

async function withEvents(db: Sql, rows: AppointmentRow[]): Promise<Appointment[]> {
  if (rows.length === 0) return [];
  const { rows: events } = await db.query<EventRow>(
    `SELECT appointment_idx, action, actor_type, actor_name, note, starts_at, at FROM appointment_events
      WHERE appointment_idx = ANY($1::int[]) ORDER BY at, idx`,
    [rows.map((row) => row.idx)],
  );
  return rows.map((row) => ({
    idx: row.idx,
    kind: row.kind,
    hospitalIdx: row.hospital_idx,
    hospitalName: row.hospital_name,
    patientIdx: row.patient_idx,
    patientName: row.patient_name,
    title: row.title,
    department: row.department,
    doctor: row.doctor,
    startsAt: iso(row.starts_at),
    durationMin: row.duration_min,
    building: row.building,
    floor: row.floor,
    room: row.room,
    type: row.type,
    preparation: row.preparation,
    status: row.status,
    preferredTimes: timesOf(row.preferred_times),
    requestNote: row.request_note,
    reason: row.reason,
    updatedAt: iso(row.updated_at),
    events: events
      .filter((event) => event.appointment_idx === row.idx)
      .map((event): AppointmentEvent => ({
        action: event.action,
        actorType: event.actor_type,
        actorName: event.actor_name,
        note: event.note,
        startsAt: iso(event.starts_at),
        at: iso(event.at),
      })),
  }));
}

export interface NewAppointment {
  kind: Appointment['kind'];
  hospitalIdx: number | null;
  patientIdx: number;
  title: string;
  department: string;
  doctor: string;
  startsAt: string;
  durationMin: number;
  building: string;
  floor: string;
  room: string;
  type: AppointmentType | null;
  preparation: string;
  clientRequestId: string;
  at: Date;
}

export type AppointmentDetails = Pick<
  NewAppointment,
  | 'title'
  | 'department'
  | 'doctor'
  | 'startsAt'
  | 'durationMin'
  | 'building'
  | 'floor'
  | 'room'
  | 'type'
  | 'preparation'
>;

export interface NewEvent {
  action: AppointmentAction;
  actorType: 'patient' | 'staff';
  actorIdx: number;
  actorName: string;
  note?: string;
  startsAt: string;
  at: Date;
}

export const appointmentRepository = {
  /** Serialises one patient's creations, so a double submit finds the first. */
  async lockPatient(db: Sql, patientIdx: number): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext('appointment-patient'), $1)`, [patientIdx]);
  },

  async find(db: Sql, idx: number, forUpdate = false): Promise<Appointment | null> {
    if (forUpdate) await db.query('SELECT idx FROM appointments WHERE idx = $1 FOR UPDATE', [idx]);
    const { rows } = await db.query<AppointmentRow>(`${SELECT} WHERE a.idx = $1`, [idx]);
    return (await withEvents(db, rows))[0] ?? null;
  },

  async findByClientRequestId(
    db: Sql,
    patientIdx: number,
    clientRequestId: string,
  ): Promise<Appointment | null> {
    const { rows } = await db.query<AppointmentRow>(
      `${SELECT} WHERE a.patient_idx = $1 AND a.client_request_id = $2`,
      [patientIdx, clientRequestId],
    );
    return (await withEvents(db, rows))[0] ?? null;
  },

  /** The patient's hospital appointments and personal items, by time. */
  async ofPatient(db: Sql, patientIdx: number): Promise<Appointment[]> {
    const { rows } = await db.query<AppointmentRow>(
      `${SELECT} WHERE a.patient_idx = $1 ORDER BY a.starts_at, a.idx`,
      [patientIdx],
    );
    return withEvents(db, rows);
  },

  /** A hospital's appointments in [from, to), of one department or all. */
  async ofHospital(
    db: Sql,
    hospitalIdx: number,
    from: Date,
    to: Date,
    department: string | null,
  ): Promise<Appointment[]> {
    const { rows } = await db.query<AppointmentRow>(
      `${SELECT} WHERE a.hospital_idx = $1 AND a.starts_at >= $2 AND a.starts_at < $3
         AND ($4::text IS NULL OR a.department = $4)
       ORDER BY a.starts_at, a.idx`,
      [hospitalIdx, from, to, department],
    );
    return withEvents(db, rows);
  },

  async departments(db: Sql, hospitalIdx: number): Promise<string[]> {
    const { rows } = await db.query<{ department: string }>(
      `SELECT DISTINCT department FROM appointments WHERE hospital_idx = $1 ORDER BY department`,
      [hospitalIdx],
    );
    return rows.map((row) => row.department);
  },

  /** The open change and cancel requests of a hospital, oldest first. */
  async openRequests(db: Sql, hospitalIdx: number): Promise<Appointment[]> {
    const { rows } = await db.query<AppointmentRow>(
      `${SELECT} WHERE a.hospital_idx = $1 AND a.status IN ('CHANGE_REQUESTED', 'CANCEL_REQUESTED')
       ORDER BY a.updated_at, a.idx`,
      [hospitalIdx],
    );
    return withEvents(db, rows);
  },

  /** Patients whose chosen hospital is this one (staff book for them). */
  async patientsOfHospital(db: Sql, hospitalIdx: number): Promise<{ idx: number; name: string }[]> {
    const { rows } = await db.query<{ idx: number; name: string }>(
      `SELECT idx, name FROM patients WHERE chose_hospital_idx = $1 AND deleted_at IS NULL ORDER BY name, idx`,
      [hospitalIdx],
    );
    return rows;
  },

  async insert(db: Sql, item: NewAppointment): Promise<number> {
    const { rows } = await db.query<{ idx: number }>(
      `INSERT INTO appointments (kind, hospital_idx, patient_idx, title, department, doctor, starts_at,
         duration_min, building, floor, room, type, preparation, client_request_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15)
       RETURNING idx`,
      [
        item.kind,
        item.hospitalIdx,
        item.patientIdx,
        item.title,
        item.department,
        item.doctor,
        item.startsAt,
        item.durationMin,
        item.building,
        item.floor,
        item.room,
        item.type,
        item.preparation,
        item.clientRequestId,
        item.at,
      ],
    );
    return rows[0]!.idx;
  },

  async updateDetails(db: Sql, idx: number, details: AppointmentDetails, at: Date): Promise<void> {
    await db.query(
      `UPDATE appointments SET title = $2, department = $3, doctor = $4, starts_at = $5, duration_min = $6,
         building = $7, floor = $8, room = $9, type = $10, preparation = $11, updated_at = $12
       WHERE idx = $1`,
      [
        idx,
        details.title,
        details.department,
        details.doctor,
        details.startsAt,
        details.durationMin,
        details.building,
        details.floor,
        details.room,
        details.type,
        details.preparation,
        at,
      ],
    );
  },

  /** A step of the state machine; the request fields are set (a request) or cleared (a decision). */
  async setStatus(
    db: Sql,
    idx: number,
    change: {
      status: AppointmentStatus;
      at: Date;
      startsAt?: string;
      preferredTimes?: string[];
      requestNote?: string;
      reason?: string;
    },
  ): Promise<void> {
    await db.query(
      `UPDATE appointments SET status = $2, updated_at = $3, starts_at = COALESCE($4::timestamptz, starts_at),
         preferred_times = $5::timestamptz[], request_note = $6, reason = COALESCE($7, reason)
       WHERE idx = $1`,
      [
        idx,
        change.status,
        change.at,
        change.startsAt ?? null,
        change.preferredTimes ?? [],
        change.requestNote ?? '',
        change.reason ?? null,
      ],
    );
  },

  async delete(db: Sql, idx: number): Promise<void> {
    await db.query('DELETE FROM appointments WHERE idx = $1', [idx]);
  },

  async addEvent(db: Sql, idx: number, event: NewEvent): Promise<void> {
    await db.query(
      `INSERT INTO appointment_events (appointment_idx, action, actor_type, actor_idx, actor_name, note, starts_at, at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        idx,
        event.action,
        event.actorType,
        event.actorIdx,
        event.actorName,
        event.note ?? '',
        event.startsAt,
        event.at,
      ],
    );
  },

  /**
   * Hospital appointments still on (예약, 변경 요청 중) whose reminder `which` is due at `now`
   * (`leadMs` before the start, not yet started) and not yet sent for their current time.
   */
  async dueReminders(
    db: Sql,
    which: 'DAY_BEFORE' | 'TWO_HOURS',
    leadMs: number,
    now: Date,
  ): Promise<
    { idx: number; patientIdx: number; startsAt: string; department: string; hospitalName: string }[]
  > {
    const { rows } = await db.query<{
      idx: number;
      patient_idx: number;
      starts_at: Date | string;
      department: string;
      hospital_name: string;
    }>(
      `SELECT a.idx, a.patient_idx, a.starts_at, a.department, h.name AS hospital_name
         FROM appointments a JOIN hospitals h ON h.idx = a.hospital_idx
        WHERE a.kind = 'HOSPITAL' AND a.status IN ('BOOKED', 'CHANGE_REQUESTED')
          AND a.starts_at > $2 AND a.starts_at <= $2::timestamptz + ($3::text || ' milliseconds')::interval
          AND NOT EXISTS (SELECT 1 FROM appointment_reminders r
                           WHERE r.appointment_idx = a.idx AND r.which = $1 AND r.starts_at = a.starts_at)
        ORDER BY a.starts_at`,
      [which, now, String(leadMs)],
    );
    return rows.map((row) => ({
      idx: row.idx,
      patientIdx: row.patient_idx,
      startsAt: iso(row.starts_at),
      department: row.department,
      hospitalName: row.hospital_name,
    }));
  },

  /** Marks a reminder sent; false when another pass already did. */
  async markReminded(db: Sql, idx: number, which: string, startsAt: string, at: Date): Promise<boolean> {
    const { rows } = await db.query<{ appointment_idx: number }>(
      `INSERT INTO appointment_reminders (appointment_idx, which, starts_at, sent_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING appointment_idx`,
      [idx, which, startsAt, at],
    );
    return rows.length > 0;
  },

  /** Account deletion: the patient's appointments and items go with their history. */
  async erasePatient(db: Sql, patientIdx: number): Promise<void> {
    await db.query('DELETE FROM appointments WHERE patient_idx = $1', [patientIdx]);
  },
};
