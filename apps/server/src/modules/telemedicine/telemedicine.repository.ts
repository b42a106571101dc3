import type {
  TelemedicineDeviceState,
  TelemedicineHistoryEntry,
  TelemedicineHistoryKind,
  TelemedicineRequestKind,
  TelemedicineVisitStatus,
} from '@smartcare/contract/telemedicine';
import type { StaffRole } from '@smartcare/contract/staff';
import type { SqlQueryable } from '../../plugins/db/db.plugin.ts';

/** Repositories only query; they run on the database or inside a transaction alike. */
type Sql = Pick<SqlQueryable, 'query'>;

type Time = Date | string;

interface VisitRow {
  idx: number;
  hospital_idx: number;
  hospital_name: string;
  patient_idx: number;
  patient_name: string;
  patient_birth_date: string | null;
  patient_sex: 'M' | 'F' | null;
  staff_idx: number;
  staff_name: string;
  staff_role: StaffRole;
  department: string;
  scheduled_at: Time;
  duration_min: number;
  reason: string;
  preparation: string | null;
  status: TelemedicineVisitStatus;
  waiting_since: Time | null;
  call_started_at: Time | null;
  call_ended_at: Time | null;
  summary: string | null;
  follow_up: string | null;
  summary_at: Time | null;
  summary_by_name: string | null;
  request_kind: TelemedicineRequestKind | null;
  request_dates: Time[] | string | null;
  request_reason: string | null;
  requested_at: Time | null;
  device_camera: TelemedicineDeviceState | null;
  device_microphone: TelemedicineDeviceState | null;
  device_speaker: boolean | null;
  device_rtt_ms: number | null;
  device_down_kbps: number | null;
  device_checked_at: Time | null;
}

/** A visit as stored, with the names the views need (instants as ISO strings). */
export interface StoredVisit {
  idx: number;
  hospitalIdx: number;
  hospitalName: string;
  patientIdx: number;
  patientName: string;
  patientBirthDate: string | null;
  patientSex: 'M' | 'F' | null;
  staffIdx: number;
  staffName: string;
  staffRole: StaffRole;
  department: string;
  scheduledAt: string;
  durationMin: number;
  reason: string;
  preparation: string | null;
  status: TelemedicineVisitStatus;
  waitingSince: string | null;
  callStartedAt: string | null;
  callEndedAt: string | null;
  summary: { text: string; followUp: string | null; writtenAt: string; writtenBy: string } | null;
  request: {
    kind: TelemedicineRequestKind;
    preferredDates: string[];
    reason: string | null;
    requestedAt: string;
  } | null;
  deviceCheck: {
    camera: TelemedicineDeviceState;
    microphone: TelemedicineDeviceState;
    speakerConfirmed: boolean;
    rttMs: number | null;
    downKbps: number | null;
    checkedAt: string;
  } | null;
}

const iso = (value: Time) => new Date(value).toISOString();
const isoOrNull = (value: Time | null) => (value === null ? null : iso(value));

/** `timestamptz[]` arrives parsed on PostgreSQL and as its text form on some drivers. */
function timesOf(value: VisitRow['request_dates']): string[] {
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

const SELECT = `SELECT v.idx, v.hospital_idx, h.name AS hospital_name, v.patient_idx, p.name AS patient_name,
       to_char(p.birth_date, 'YYYY-MM-DD') AS patient_birth_date, p.sex AS patient_sex,
       v.staff_idx, s.name AS staff_name, s.role AS staff_role, v.department, v.scheduled_at,
       v.duration_min, v.reason, v.preparation, v.status, v.waiting_since, v.call_started_at,
       v.call_ended_at, v.summary, v.follow_up, v.summary_at, v.summary_by_name, v.request_kind,
       v.request_dates, v.request_reason, v.requested_at, v.device_camera, v.device_microphone,
       v.device_speaker, v.device_rtt_ms, v.device_down_kbps, v.device_checked_at
  FROM telemedicine_visits v
  JOIN hospitals h ON h.idx = v.hospital_idx
  JOIN patients p ON p.idx = v.patient_idx
  JOIN staff_users s ON s.idx = v.staff_idx`;

function visitOf(row: VisitRow): StoredVisit {
  return {
    idx: row.idx,
    hospitalIdx: row.hospital_idx,
    hospitalName: row.hospital_name,
    patientIdx: row.patient_idx,
    patientName: row.patient_name,
    patientBirthDate: row.patient_birth_date,
    patientSex: row.patient_sex,
    staffIdx: row.staff_idx,
    staffName: row.staff_name,
    staffRole: row.staff_role,
    department: row.department,
    scheduledAt: iso(row.scheduled_at),
    durationMin: row.duration_min,
    reason: row.reason,
    preparation: row.preparation,
    status: row.status,
    waitingSince: isoOrNull(row.waiting_since),
    callStartedAt: isoOrNull(row.call_started_at),
    callEndedAt: isoOrNull(row.call_ended_at),
    summary:
      row.summary !== null && row.summary_at !== null
        ? {
            text: row.summary,
            followUp: row.follow_up,
            writtenAt: iso(row.summary_at),
            writtenBy: row.summary_by_name ?? '',
          }
        : null,
    request:
      row.request_kind !== null && row.requested_at !== null
        ? {
            kind: row.request_kind,
            preferredDates: timesOf(row.request_dates),
            reason: row.request_reason,
            requestedAt: iso(row.requested_at),
          }
        : null,
    deviceCheck:
      row.device_checked_at !== null && row.device_camera !== null && row.device_microphone !== null
        ? {
            camera: row.device_camera,
            microphone: row.device_microphone,
            speakerConfirmed: row.device_speaker ?? false,
            rttMs: row.device_rtt_ms,
            downKbps: row.device_down_kbps,
            checkedAt: iso(row.device_checked_at),
          }
        : null,
  };
}

export interface NewVisit {
  hospitalIdx: number;
  patientIdx: number;
  staffIdx: number;
  department: string;
  scheduledAt: string;
  durationMin: number;
  reason: string;
  preparation: string | null;
  at: Date;
}

export interface NewHistoryEntry {
  kind: TelemedicineHistoryKind;
  actorType: 'patient' | 'staff' | 'system';
  actorIdx: number | null;
  byName: string | null;
  note?: string | null;
  at: Date;
}

/** Only what the status change sets; everything else stays. */
export interface StatusChange {
  status: TelemedicineVisitStatus;
  at: Date;
  waitingSince?: Date | null;
  callStartedAt?: Date;
  callEndedAt?: Date;
}

/** What the signalling ACL needs of a visit. */
export interface VisitParties {
  patientIdx: number;
  staffIdx: number;
  hospitalIdx: number;
  status: TelemedicineVisitStatus;
}

export const telemedicineRepository = {
  async find(db: Sql, idx: number, forUpdate = false): Promise<StoredVisit | null> {
    const { rows } = await db.query<VisitRow>(
      `${SELECT} WHERE v.idx = $1${forUpdate ? ' FOR UPDATE OF v' : ''}`,
      [idx],
    );
    return rows[0] ? visitOf(rows[0]) : null;
  },

  async parties(db: Sql, idx: number): Promise<VisitParties | null> {
    const { rows } = await db.query<VisitParties>(
      `SELECT patient_idx AS "patientIdx", staff_idx AS "staffIdx", hospital_idx AS "hospitalIdx", status
         FROM telemedicine_visits WHERE idx = $1`,
      [idx],
    );
    return rows[0] ?? null;
  },

  async ofPatient(db: Sql, patientIdx: number): Promise<StoredVisit[]> {
    const { rows } = await db.query<VisitRow>(
      `${SELECT} WHERE v.patient_idx = $1 ORDER BY v.scheduled_at, v.idx`,
      [patientIdx],
    );
    return rows.map(visitOf);
  },

  /** The hospital's visits (of one clinician, or all) scheduled in [from, to). */
  async ofHospital(
    db: Sql,
    hospitalIdx: number,
    from: Date,
    to: Date,
    staffIdx: number | null,
  ): Promise<StoredVisit[]> {
    const { rows } = await db.query<VisitRow>(
      `${SELECT} WHERE v.hospital_idx = $1 AND v.scheduled_at >= $2 AND v.scheduled_at < $3
         AND ($4::int IS NULL OR v.staff_idx = $4) ORDER BY v.scheduled_at, v.idx`,
      [hospitalIdx, from, to, staffIdx],
    );
    return rows.map(visitOf);
  },

  async openRequests(db: Sql, hospitalIdx: number): Promise<StoredVisit[]> {
    const { rows } = await db.query<VisitRow>(
      `${SELECT} WHERE v.hospital_idx = $1 AND v.request_kind IS NOT NULL AND v.status = 'BOOKED'
        ORDER BY v.requested_at, v.idx`,
      [hospitalIdx],
    );
    return rows.map(visitOf);
  },

  /** The clinician's WAITING visits scheduled in [from, to), first come first. */
  async waitingOf(db: Sql, staffIdx: number, from: Date, to: Date): Promise<StoredVisit[]> {
    const { rows } = await db.query<VisitRow>(
      `${SELECT} WHERE v.staff_idx = $1 AND v.status = 'WAITING' AND v.scheduled_at >= $2 AND v.scheduled_at < $3
        ORDER BY v.waiting_since, v.idx`,
      [staffIdx, from, to],
    );
    return rows.map(visitOf);
  },

  /** The call the clinician holds now, if any. */
  async currentCallStart(db: Sql, staffIdx: number): Promise<Date | null> {
    const { rows } = await db.query<{ call_started_at: Time }>(
      `SELECT call_started_at FROM telemedicine_visits
        WHERE staff_idx = $1 AND status = 'IN_CALL' AND call_started_at IS NOT NULL
        ORDER BY call_started_at DESC LIMIT 1`,
      [staffIdx],
    );
    return rows[0] ? new Date(rows[0].call_started_at) : null;
  },

  /** The mean length, minutes, of the clinician's last `count` finished calls; null without any. */
  async averageCallMin(db: Sql, staffIdx: number, count: number): Promise<number | null> {
    const { rows } = await db.query<{ average: number | string | null }>(
      `SELECT avg(EXTRACT(EPOCH FROM (call_ended_at - call_started_at)) / 60) AS average
         FROM (SELECT call_started_at, call_ended_at FROM telemedicine_visits
                WHERE staff_idx = $1 AND status = 'COMPLETE'
                  AND call_started_at IS NOT NULL AND call_ended_at IS NOT NULL
                ORDER BY call_ended_at DESC LIMIT $2) recent`,
      [staffIdx, count],
    );
    const average = rows[0]?.average;
    return average === null || average === undefined ? null : Number(average);
  },

  /** Serialises bookings of one clinician (the overlap check and the insert). */
  async lockClinician(db: Sql, staffIdx: number): Promise<void> {
    await db.query('SELECT idx FROM staff_users WHERE idx = $1 FOR UPDATE', [staffIdx]);
  },

  /** An open visit of the clinician overlapping [start, start + durationMin), other than `exceptIdx`. */
  async overlapping(
    db: Sql,
    staffIdx: number,
    start: Date,
    durationMin: number,
    exceptIdx: number | null,
  ): Promise<number | null> {
    const end = new Date(start.getTime() + durationMin * 60_000);
    const { rows } = await db.query<{ idx: number }>(
      `SELECT idx FROM telemedicine_visits
        WHERE staff_idx = $1 AND status IN ('BOOKED', 'WAITING', 'IN_CALL')
          AND ($4::int IS NULL OR idx <> $4)
          AND scheduled_at < $3 AND scheduled_at + make_interval(mins => duration_min) > $2
        LIMIT 1`,
      [staffIdx, start, end, exceptIdx],
    );
    return rows[0]?.idx ?? null;
  },

  async insert(db: Sql, visit: NewVisit): Promise<number> {
    const { rows } = await db.query<{ idx: number }>(
      `INSERT INTO telemedicine_visits (hospital_idx, patient_idx, staff_idx, department, scheduled_at,
         duration_min, reason, preparation, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING idx`,
      [
        visit.hospitalIdx,
        visit.patientIdx,
        visit.staffIdx,
        visit.department,
        visit.scheduledAt,
        visit.durationMin,
        visit.reason,
        visit.preparation,
        visit.at,
      ],
    );
    return rows[0]!.idx;
  },

  async setStatus(db: Sql, idx: number, change: StatusChange): Promise<void> {
    await db.query(
      `UPDATE telemedicine_visits SET status = $2, updated_at = $3,
         waiting_since = CASE WHEN $4::boolean THEN $5::timestamptz ELSE waiting_since END,
         call_started_at = COALESCE($6::timestamptz, call_started_at),
         call_ended_at = COALESCE($7::timestamptz, call_ended_at)
       WHERE idx = $1`,
      [
        idx,
        change.status,
        change.at,
        change.waitingSince !== undefined,
        change.waitingSince ?? null,
        change.callStartedAt ?? null,
        change.callEndedAt ?? null,
      ],
    );
  },

  async reschedule(db: Sql, idx: number, scheduledAt: string, at: Date): Promise<void> {
    await db.query(`UPDATE telemedicine_visits SET scheduled_at = $2, updated_at = $3 WHERE idx = $1`, [
      idx,
      scheduledAt,
      at,
    ]);
  },

  async setRequest(
    db: Sql,
    idx: number,
    request: { kind: TelemedicineRequestKind; dates: string[]; reason: string | null; at: Date } | null,
  ): Promise<void> {
    await db.query(
      `UPDATE telemedicine_visits SET request_kind = $2, request_dates = $3::timestamptz[],
         request_reason = $4, requested_at = $5, updated_at = COALESCE($5, now())
       WHERE idx = $1`,
      [idx, request?.kind ?? null, request?.dates ?? [], request?.reason ?? null, request?.at ?? null],
    );
  },

  async setSummary(
    db: Sql,
    idx: number,
    summary: { text: string; followUp: string | null; byIdx: number; byName: string; at: Date },
  ): Promise<void> {
    await db.query(
      `UPDATE telemedicine_visits SET summary = $2, follow_up = $3, summary_by_idx = $4, summary_by_name = $5,
         summary_at = $6, updated_at = $6 WHERE idx = $1`,
      [idx, summary.text, summary.followUp, summary.byIdx, summary.byName, summary.at],
    );
  },

  async setDeviceCheck(
    db: Sql,
    idx: number,
    check: {
      camera: TelemedicineDeviceState;
      microphone: TelemedicineDeviceState;
      speakerConfirmed: boolean;
      rttMs: number | null;
      downKbps: number | null;
      at: Date;
    },
  ): Promise<void> {
    await db.query(
      `UPDATE telemedicine_visits SET device_camera = $2, device_microphone = $3, device_speaker = $4,
         device_rtt_ms = $5, device_down_kbps = $6, device_checked_at = $7 WHERE idx = $1`,
      [idx, check.camera, check.microphone, check.speakerConfirmed, check.rttMs, check.downKbps, check.at],
    );
  },

  /** The patient's next open visit (BOOKED or WAITING, not yet over), for a device check without one. */
  async nextOpenOf(db: Sql, patientIdx: number, now: Date): Promise<number | null> {
    const { rows } = await db.query<{ idx: number }>(
      `SELECT idx FROM telemedicine_visits
        WHERE patient_idx = $1 AND status IN ('BOOKED', 'WAITING')
          AND scheduled_at + make_interval(mins => duration_min) > $2
        ORDER BY scheduled_at LIMIT 1`,
      [patientIdx, now],
    );
    return rows[0]?.idx ?? null;
  },

  async addHistory(db: Sql, visitIdx: number, entry: NewHistoryEntry): Promise<void> {
    await db.query(
      `INSERT INTO telemedicine_history (visit_idx, kind, actor_type, actor_idx, by_name, note, at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [visitIdx, entry.kind, entry.actorType, entry.actorIdx, entry.byName, entry.note ?? null, entry.at],
    );
  },

  async history(db: Sql, visitIdx: number): Promise<TelemedicineHistoryEntry[]> {
    const { rows } = await db.query<{
      at: Time;
      kind: TelemedicineHistoryKind;
      by_name: string | null;
      note: string | null;
    }>(`SELECT at, kind, by_name, note FROM telemedicine_history WHERE visit_idx = $1 ORDER BY at, idx`, [
      visitIdx,
    ]);
    return rows.map((row) => ({ at: iso(row.at), kind: row.kind, byName: row.by_name, note: row.note }));
  },

  async agreeConsent(db: Sql, patientIdx: number, version: string, at: Date): Promise<Date> {
    const { rows } = await db.query<{ agreed_at: Time }>(
      `INSERT INTO telemedicine_consents (patient_idx, version, agreed_at) VALUES ($1, $2, $3)
       ON CONFLICT (patient_idx, version) DO UPDATE SET agreed_at = telemedicine_consents.agreed_at
       RETURNING agreed_at`,
      [patientIdx, version, at],
    );
    return new Date(rows[0]!.agreed_at);
  },

  async hasConsent(db: Sql, patientIdx: number, version: string): Promise<boolean> {
    return (await telemedicineRepository.consentAgreedAt(db, patientIdx, version)) !== null;
  },

  /** When the patient agreed to this version, or null. */
  async consentAgreedAt(db: Sql, patientIdx: number, version: string): Promise<Date | null> {
    const { rows } = await db.query<{ agreed_at: Date | string }>(
      `SELECT agreed_at FROM telemedicine_consents WHERE patient_idx = $1 AND version = $2`,
      [patientIdx, version],
    );
    return rows[0] ? new Date(rows[0].agreed_at) : null;
  },

  /** Staff of the hospital who may hold calls, with the department of their latest visit. */
  async clinicians(
    db: Sql,
    hospitalIdx: number,
    roles: readonly string[],
  ): Promise<{ staffIdx: number; name: string; role: StaffRole; department: string | null }[]> {
    const { rows } = await db.query<{
      staffIdx: number;
      name: string;
      role: StaffRole;
      department: string | null;
    }>(
      `SELECT s.idx AS "staffIdx", s.name, s.role,
              (SELECT v.department FROM telemedicine_visits v WHERE v.staff_idx = s.idx
                ORDER BY v.created_at DESC LIMIT 1) AS department
         FROM staff_users s
        WHERE s.hospital_idx = $1 AND s.active AND s.role = ANY($2::text[])
        ORDER BY s.name, s.idx`,
      [hospitalIdx, [...roles]],
    );
    return rows;
  },

  /** Visits whose waiting room opens now and that were not told so yet (at their current time). */
  async windowOpenDue(
    db: Sql,
    now: Date,
    beforeMin: number,
  ): Promise<
    { idx: number; patientIdx: number; scheduledAt: string; hospitalName: string; department: string }[]
  > {
    const { rows } = await db.query<{
      idx: number;
      patient_idx: number;
      scheduled_at: Time;
      hospital_name: string;
      department: string;
    }>(
      `SELECT v.idx, v.patient_idx, v.scheduled_at, h.name AS hospital_name, v.department
         FROM telemedicine_visits v JOIN hospitals h ON h.idx = v.hospital_idx
        WHERE v.status = 'BOOKED'
          AND v.scheduled_at - make_interval(mins => $2::int) <= $1
          AND v.scheduled_at + make_interval(mins => v.duration_min) > $1
          AND NOT EXISTS (SELECT 1 FROM telemedicine_notices n
                           WHERE n.visit_idx = v.idx AND n.which = 'WINDOW_OPEN' AND n.scheduled_at = v.scheduled_at)
        ORDER BY v.scheduled_at LIMIT 500`,
      [now, beforeMin],
    );
    return rows.map((row) => ({
      idx: row.idx,
      patientIdx: row.patient_idx,
      scheduledAt: iso(row.scheduled_at),
      hospitalName: row.hospital_name,
      department: row.department,
    }));
  },

  /** Marks the notice sent; false when another process already did (it sends, not us). */
  async markNoticed(db: Sql, visitIdx: number, scheduledAt: string, at: Date): Promise<boolean> {
    const { rows } = await db.query(
      `INSERT INTO telemedicine_notices (visit_idx, which, scheduled_at, sent_at) VALUES ($1, 'WINDOW_OPEN', $2, $3)
       ON CONFLICT DO NOTHING RETURNING visit_idx`,
      [visitIdx, scheduledAt, at],
    );
    return rows.length > 0;
  },

  /** The patient's finished visits since `since` (ratings). */
  async completedOf(db: Sql, patientIdx: number, since: Date): Promise<StoredVisit[]> {
    const { rows } = await db.query<VisitRow>(
      `${SELECT} WHERE v.patient_idx = $1 AND v.status = 'COMPLETE' AND v.call_ended_at >= $2
        ORDER BY v.call_ended_at DESC`,
      [patientIdx, since],
    );
    return rows.map(visitOf);
  },

  /**
   * Account deletion (decision 030): a visit that took place (COMPLETE) is the hospital's medical
   * record and stays, stripped of what the patient typed and of their device check; the patient's
   * own steps in its history lose their name. Every other visit (booked, cancelled, missed) is
   * deleted with its history, and so are the consents.
   */
  async erasePatient(db: Sql, patientIdx: number): Promise<void> {
    await db.query(`DELETE FROM telemedicine_visits WHERE patient_idx = $1 AND status <> 'COMPLETE'`, [
      patientIdx,
    ]);
    await db.query(
      `UPDATE telemedicine_visits SET request_kind = NULL, request_dates = '{}', request_reason = NULL,
         requested_at = NULL, device_camera = NULL, device_microphone = NULL, device_speaker = NULL,
         device_rtt_ms = NULL, device_down_kbps = NULL, device_checked_at = NULL
       WHERE patient_idx = $1`,
      [patientIdx],
    );
    await db.query(
      `UPDATE telemedicine_history SET by_name = NULL, note = NULL
        WHERE actor_type = 'patient' AND actor_idx = $1`,
      [patientIdx],
    );
    await db.query(`DELETE FROM telemedicine_consents WHERE patient_idx = $1`, [patientIdx]);
  },
};
