import {
  APPOINTMENT_TRANSITIONS,
  APPOINTMENT_TYPE_KO,
  type AcceptRequestBody,
  type Appointment,
  type AppointmentAction,
  type AppointmentIcs,
  type AppointmentStatus,
  type BookablePatient,
  type CreateAppointmentBody,
  type PersonalItemBody,
  type RequestCancelBody,
  type RequestChangeBody,
  type Schedule,
  type ScheduleQuery,
  type UpdateAppointmentBody,
  type UpdatePersonalItemBody,
} from '@smartcare/contract/appointment';
import { AccessRefused, DomainError } from '../../lib/errors.ts';
import type { Audit } from '../../plugins/audit.plugin.ts';
import type { Database, SqlQueryable } from '../../plugins/db/db.plugin.ts';
import type { NotificationService } from '../notification/notification.service.ts';
import type { PeopleService } from '../people/people.service.ts';
import type { StaffDeskService } from '../staff-desk/staff-desk.service.ts';
import { appointmentIcs } from './appointment-ics.ts';
import { appointmentRepository as repo, type AppointmentDetails } from './appointment.repository.ts';

export interface AppointmentServiceDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  people: Pick<PeopleService, 'patient' | 'staff'>;
  audit: Pick<Audit, 'record'>;
  /** Decisions and reminders reach the patient through the notification service (alarm settings). */
  notifications: Pick<NotificationService, 'notify'>;
  /** The hospital's staff see requests and the day/week view change live (decision 031). */
  desk: Pick<StaffDeskService, 'changed'>;
  /** An outpatient visit was marked 완료: the ratings invite the patient (decision 028). */
  onCompleted?: (appointmentIdx: number) => void | Promise<void>;
  now?: () => Date;
}

/** What the ratings read of a visit (an outpatient appointment of a hospital). */
export interface RatedVisit {
  idx: number;
  patientIdx: number;
  hospitalIdx: number;
  department: string;
  doctor: string;
  /** When it was marked 완료; null while it is not. */
  completedAt: Date | null;
}

/** The visits a patient may rate: 외래 진료 only (telemedicine has its own occasion, issue 17). */
function ratedVisitOf(item: Appointment): RatedVisit | null {
  if (item.kind !== 'HOSPITAL' || item.hospitalIdx === null || item.type !== 'OUTPATIENT') return null;
  const done =
    item.status === 'COMPLETED' ? item.events.findLast((e) => e.action === 'COMPLETED') : undefined;
  return {
    idx: item.idx,
    patientIdx: item.patientIdx,
    hospitalIdx: item.hospitalIdx,
    department: item.department,
    doctor: item.doctor,
    completedAt: item.status === 'COMPLETED' ? new Date(done?.at ?? item.updatedAt) : null,
  };
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const HOUR = 3_600_000;
/** The reminders (decision 029): 24 hours and 2 hours before the start. */
export const APPOINTMENT_REMINDERS = [
  { which: 'DAY_BEFORE', leadMs: 24 * HOUR },
  { which: 'TWO_HOURS', leadMs: 2 * HOUR },
] as const;

const WEEKDAYS_KO = ['일', '월', '화', '수', '목', '금', '토'];

/**
 * `11월 28일 (토) 09:30` in Asia/Seoul, for notifications and the history. Built by hand, not
 * with Intl: a Node without full ICU data writes "AM 9:30" in a Korean sentence.
 */
export function kstLabel(iso: string): string {
  const seoul = new Date(new Date(iso).getTime() + 9 * HOUR);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${seoul.getUTCMonth() + 1}월 ${seoul.getUTCDate()}일 (${WEEKDAYS_KO[seoul.getUTCDay()]}) ${two(seoul.getUTCHours())}:${two(seoul.getUTCMinutes())}`;
}

/** Midnight of a `YYYY-MM-DD` day in Asia/Seoul. */
function kstMidnight(date: string): Date {
  return new Date(`${date}T00:00:00+09:00`);
}

export function createAppointmentService(deps: AppointmentServiceDeps) {
  const now = deps.now ?? (() => new Date());

  async function staffOf(staffIdx: number) {
    const staff = await deps.people.staff(staffIdx);
    if (!staff) throw new DomainError('NOT_LOGGED_IN');
    return staff;
  }
  async function patientOf(patientIdx: number) {
    const patient = await deps.people.patient(patientIdx);
    if (!patient) throw new DomainError('NOT_LOGGED_IN');
    return patient;
  }

  function refuseUnless(item: Appointment, next: AppointmentStatus) {
    if (!APPOINTMENT_TRANSITIONS[item.status].includes(next)) throw new DomainError('APPOINTMENT_STATE');
  }

  /** The patient's own appointment or item (another patient's is as if none, audited). */
  async function own(db: Pick<SqlQueryable, 'query'>, patientIdx: number, idx: number, forUpdate = false) {
    const item = await repo.find(db, idx, forUpdate);
    if (!item) throw new DomainError('NOT_FOUND');
    if (item.patientIdx !== patientIdx) throw new AccessRefused(item.patientIdx, 'NOT_FOUND');
    return item;
  }

  /** A hospital appointment of the staff member's hospital (another's, or a personal item: none). */
  async function ofHospital(
    tx: Pick<SqlQueryable, 'query'>,
    idx: number,
    hospitalIdx: number,
    forUpdate = false,
  ) {
    const item = await repo.find(tx, idx, forUpdate);
    if (!item) throw new DomainError('NOT_FOUND');
    if (item.kind !== 'HOSPITAL' || item.hospitalIdx !== hospitalIdx)
      throw new AccessRefused(item.patientIdx, 'NOT_FOUND');
    return item;
  }

  /** Tells the hospital's staff desk that one of its appointments (or its open request) changed. */
  async function deskChanged(item: Appointment, queue: 'appointmentRequest' | 'appointment') {
    if (item.kind === 'HOSPITAL' && item.hospitalIdx !== null)
      await deps.desk.changed(item.hospitalIdx, queue, item.idx);
  }

  async function tell(item: Appointment, title: string, body: string) {
    await deps.notifications.notify(item.patientIdx, {
      kind: 'schedule',
      title,
      body,
      deepLink: `#/hospital/schedulemanage/${item.idx}`,
      data: { appointmentIdx: item.idx, status: item.status },
    });
  }

  /** A patient's request (change or cancel): state, history and audit in one transaction. */
  async function patientRequest(
    patientIdx: number,
    idx: number,
    next: 'CHANGE_REQUESTED' | 'CANCEL_REQUESTED',
    fields: { preferredTimes?: string[]; note?: string },
  ): Promise<Appointment> {
    const patient = await patientOf(patientIdx);
    const at = now();
    for (const time of fields.preferredTimes ?? [])
      if (new Date(time) <= at) throw new DomainError('APPOINTMENT_PAST');
    const requested = await deps.db.transaction(async (tx) => {
      const item = await own(tx, patientIdx, idx, true);
      if (item.kind !== 'HOSPITAL') throw new DomainError('APPOINTMENT_NOT_EDITABLE');
      refuseUnless(item, next);
      if (new Date(item.startsAt) <= at) throw new DomainError('APPOINTMENT_PAST');
      const preferredTimes = (fields.preferredTimes ?? []).map((time) => new Date(time).toISOString());
      await repo.setStatus(tx, idx, { status: next, at, preferredTimes, requestNote: fields.note ?? '' });
      await repo.addEvent(tx, idx, {
        action: next,
        actorType: 'patient',
        actorIdx: patientIdx,
        actorName: patient.name,
        note: [preferredTimes.map(kstLabel).join(', '), fields.note ?? ''].filter(Boolean).join(' — '),
        startsAt: item.startsAt,
        at,
      });
      await deps.audit.record(
        {
          actorType: 'patient',
          actorIdx: patientIdx,
          action: `appointment.${next === 'CHANGE_REQUESTED' ? 'requestChange' : 'requestCancel'}`,
          patientIdx,
          detail: { appointmentIdx: idx },
        },
        tx,
      );
      return (await repo.find(tx, idx))!;
    });
    await deskChanged(requested, 'appointmentRequest');
    return requested;
  }

  /** A staff step: loads the hospital's appointment, checks the machine, writes history and audit. */
  async function staffStep(
    staffIdx: number,
    idx: number,
    act: (
      tx: Tx,
      item: Appointment,
      at: Date,
    ) => Promise<{ action: AppointmentAction; note?: string; startsAt?: string }>,
  ): Promise<Appointment> {
    const staff = await staffOf(staffIdx);
    const at = now();
    let request = false;
    const updated = await deps.db.transaction(async (tx) => {
      const item = await ofHospital(tx, idx, staff.hospitalIdx, true);
      request = item.status === 'CHANGE_REQUESTED' || item.status === 'CANCEL_REQUESTED';
      const step = await act(tx, item, at);
      await repo.addEvent(tx, idx, {
        action: step.action,
        actorType: 'staff',
        actorIdx: staff.idx,
        actorName: staff.name,
        note: step.note ?? '',
        startsAt: step.startsAt ?? item.startsAt,
        at,
      });
      await deps.audit.record(
        {
          actorType: 'staff',
          actorIdx: staff.idx,
          action: `appointment.${step.action.toLowerCase()}`,
          patientIdx: item.patientIdx,
          detail: { appointmentIdx: idx, hospitalIdx: staff.hospitalIdx },
        },
        tx,
      );
      return (await repo.find(tx, idx))!;
    });
    // A step on an open request (accept, decline, cancel) empties the request queue's row too.
    await deskChanged(updated, request ? 'appointmentRequest' : 'appointment');
    return updated;
  }

  function details(body: Omit<UpdateAppointmentBody, 'idx'>): AppointmentDetails {
    return {
      title: '',
      department: body.department,
      doctor: body.doctor,
      startsAt: new Date(body.startsAt).toISOString(),
      durationMin: body.durationMin,
      building: body.building ?? '',
      floor: body.floor ?? '',
      room: body.room ?? '',
      type: body.type,
      preparation: body.preparation ?? '',
    };
  }

  async function auditStaffRead(
    staff: { idx: number; hospitalIdx: number },
    items: Appointment[],
    action: string,
  ) {
    for (const patientIdx of new Set(items.map((item) => item.patientIdx)))
      await deps.audit.record({
        actorType: 'staff',
        actorIdx: staff.idx,
        action,
        patientIdx,
        detail: { hospitalIdx: staff.hospitalIdx },
      });
  }

  return {
    // ---- the patient ----

    /** The patient's appointments and personal items, by time (the app splits upcoming and past). */
    async myAppointments(patientIdx: number): Promise<Appointment[]> {
      await patientOf(patientIdx);
      return repo.ofPatient(deps.db, patientIdx);
    },

    async myAppointment(patientIdx: number, idx: number): Promise<Appointment> {
      await patientOf(patientIdx);
      return own(deps.db, patientIdx, idx);
    },

    requestChange: (patientIdx: number, body: RequestChangeBody) =>
      patientRequest(patientIdx, body.idx, 'CHANGE_REQUESTED', body),

    requestCancel: (patientIdx: number, body: RequestCancelBody) =>
      patientRequest(patientIdx, body.idx, 'CANCEL_REQUESTED', body),

    /** A personal item (marked as the patient's own); a resend with the same key returns the first. */
    async addPersonal(patientIdx: number, body: PersonalItemBody): Promise<Appointment> {
      const patient = await patientOf(patientIdx);
      const at = now();
      return deps.db.transaction(async (tx) => {
        await repo.lockPatient(tx, patientIdx);
        const resent = await repo.findByClientRequestId(tx, patientIdx, body.clientRequestId);
        if (resent) return resent;
        const startsAt = new Date(body.startsAt).toISOString();
        const idx = await repo.insert(tx, {
          kind: 'PERSONAL',
          hospitalIdx: null,
          patientIdx,
          title: body.title,
          department: '',
          doctor: '',
          startsAt,
          durationMin: 30,
          building: body.place ?? '',
          floor: '',
          room: '',
          type: null,
          preparation: body.memo ?? '',
          clientRequestId: body.clientRequestId,
          at,
        });
        await repo.addEvent(tx, idx, {
          action: 'CREATED',
          actorType: 'patient',
          actorIdx: patientIdx,
          actorName: patient.name,
          startsAt,
          at,
        });
        return (await repo.find(tx, idx))!;
      });
    },

    async updatePersonal(patientIdx: number, body: UpdatePersonalItemBody): Promise<Appointment> {
      const patient = await patientOf(patientIdx);
      const at = now();
      return deps.db.transaction(async (tx) => {
        const item = await own(tx, patientIdx, body.idx, true);
        if (item.kind !== 'PERSONAL') throw new DomainError('APPOINTMENT_NOT_EDITABLE');
        const startsAt = new Date(body.startsAt).toISOString();
        await repo.updateDetails(
          tx,
          body.idx,
          {
            title: body.title,
            department: '',
            doctor: '',
            startsAt,
            durationMin: item.durationMin,
            building: body.place ?? '',
            floor: '',
            room: '',
            type: null,
            preparation: body.memo ?? '',
          },
          at,
        );
        await repo.addEvent(tx, body.idx, {
          action: 'UPDATED',
          actorType: 'patient',
          actorIdx: patientIdx,
          actorName: patient.name,
          startsAt,
          at,
        });
        return (await repo.find(tx, body.idx))!;
      });
    },

    async deletePersonal(patientIdx: number, idx: number): Promise<void> {
      await patientOf(patientIdx);
      await deps.db.transaction(async (tx) => {
        const item = await own(tx, patientIdx, idx, true);
        if (item.kind !== 'PERSONAL') throw new DomainError('APPOINTMENT_NOT_EDITABLE');
        await repo.delete(tx, idx);
      });
    },

    /** The `.ics` file of one of the patient's appointments or items. */
    async ics(patientIdx: number, idx: number): Promise<AppointmentIcs> {
      await patientOf(patientIdx);
      const item = await own(deps.db, patientIdx, idx);
      return { fileName: `appointment-${item.idx}.ics`, content: appointmentIcs(item, now()) };
    },

    // ---- staff ----

    /** A day or a week of the hospital's appointments, of one department or all. */
    async schedule(staffIdx: number, query: ScheduleQuery): Promise<Schedule> {
      const staff = await staffOf(staffIdx);
      const from = kstMidnight(query.date);
      const to = new Date(from.getTime() + (query.view === 'week' ? 7 : 1) * 24 * HOUR);
      const appointments = await repo.ofHospital(
        deps.db,
        staff.hospitalIdx,
        from,
        to,
        query.department ?? null,
      );
      await auditStaffRead(staff, appointments, 'appointment.readSchedule');
      return {
        from: from.toISOString(),
        to: to.toISOString(),
        departments: await repo.departments(deps.db, staff.hospitalIdx),
        appointments,
      };
    },

    /** The queue of open change and cancel requests, oldest first. */
    async requests(staffIdx: number): Promise<Appointment[]> {
      const staff = await staffOf(staffIdx);
      const items = await repo.openRequests(deps.db, staff.hospitalIdx);
      await auditStaffRead(staff, items, 'appointment.readRequests');
      return items;
    },

    async bookablePatients(staffIdx: number): Promise<BookablePatient[]> {
      const staff = await staffOf(staffIdx);
      return repo.patientsOfHospital(deps.db, staff.hospitalIdx);
    },

    async appointment(staffIdx: number, idx: number): Promise<Appointment> {
      const staff = await staffOf(staffIdx);
      const item = await ofHospital(deps.db, idx, staff.hospitalIdx);
      await auditStaffRead(staff, [item], 'appointment.read');
      return item;
    },

    /** A new appointment for a patient of the staff member's hospital; a resend returns the first. */
    async create(staffIdx: number, body: CreateAppointmentBody): Promise<Appointment> {
      const staff = await staffOf(staffIdx);
      const patient = await deps.people.patient(body.patientIdx);
      // A patient of another hospital (or none) is as if there were none.
      if (!patient || patient.chosenHospitalIdx !== staff.hospitalIdx)
        throw new AccessRefused(patient?.idx ?? null, 'NOT_FOUND');
      const at = now();
      const fields = details(body);
      const item = await deps.db.transaction(async (tx) => {
        await repo.lockPatient(tx, patient.idx);
        const resent = await repo.findByClientRequestId(tx, patient.idx, `staff:${body.clientRequestId}`);
        if (resent) return { item: resent, resent: true };
        const idx = await repo.insert(tx, {
          ...fields,
          kind: 'HOSPITAL',
          hospitalIdx: staff.hospitalIdx,
          patientIdx: patient.idx,
          clientRequestId: `staff:${body.clientRequestId}`,
          at,
        });
        await repo.addEvent(tx, idx, {
          action: 'CREATED',
          actorType: 'staff',
          actorIdx: staff.idx,
          actorName: staff.name,
          startsAt: fields.startsAt,
          at,
        });
        await deps.audit.record(
          {
            actorType: 'staff',
            actorIdx: staff.idx,
            action: 'appointment.created',
            patientIdx: patient.idx,
            detail: { appointmentIdx: idx, hospitalIdx: staff.hospitalIdx },
          },
          tx,
        );
        return { item: (await repo.find(tx, idx))!, resent: false };
      });
      if (!item.resent) await deskChanged(item.item, 'appointment');
      if (!item.resent)
        await tell(
          item.item,
          '새 진료 예약',
          `${item.item.department} ${APPOINTMENT_TYPE_KO[body.type]}: ${kstLabel(item.item.startsAt)}`,
        );
      return item.item;
    },

    /** Staff edit an appointment still on (예약). */
    async update(staffIdx: number, body: UpdateAppointmentBody): Promise<Appointment> {
      const fields = details(body);
      const updated = await staffStep(staffIdx, body.idx, async (tx, item, at) => {
        if (item.status !== 'BOOKED') throw new DomainError('APPOINTMENT_STATE');
        await repo.updateDetails(tx, item.idx, fields, at);
        return { action: 'UPDATED', startsAt: fields.startsAt };
      });
      await tell(
        updated,
        '진료 예약이 변경되었습니다',
        `${updated.department}: ${kstLabel(updated.startsAt)}`,
      );
      return updated;
    },

    /** Staff cancel with a reason (취소됨). */
    async cancel(staffIdx: number, idx: number, reason: string): Promise<Appointment> {
      const updated = await staffStep(staffIdx, idx, async (tx, item, at) => {
        refuseUnless(item, 'CANCELLED');
        await repo.setStatus(tx, idx, { status: 'CANCELLED', at, reason });
        return { action: 'CANCELLED', note: reason };
      });
      await tell(
        updated,
        '진료 예약이 취소되었습니다',
        `${updated.department} ${kstLabel(updated.startsAt)}: ${reason}`,
      );
      return updated;
    },

    /**
     * Staff mark a visit done (완료); an outpatient visit invites the patient to rate it. Not
     * before its start time: a rating would be asked for a visit that has not happened.
     */
    async complete(staffIdx: number, idx: number): Promise<Appointment> {
      const done = await staffStep(staffIdx, idx, async (tx, item, at) => {
        refuseUnless(item, 'COMPLETED');
        if (new Date(item.startsAt).getTime() > at.getTime())
          throw new DomainError('APPOINTMENT_NOT_STARTED');
        await repo.setStatus(tx, idx, { status: 'COMPLETED', at });
        return { action: 'COMPLETED' };
      });
      if (ratedVisitOf(done)) await deps.onCompleted?.(done.idx);
      return done;
    },

    // ---- for the ratings (decision 028) ----

    /** A visit as the ratings read it, or null (none, a personal item, not an outpatient visit). */
    async forRating(idx: number): Promise<RatedVisit | null> {
      const item = await repo.find(deps.db, idx);
      return item ? ratedVisitOf(item) : null;
    },

    /** The patient's outpatient visits marked 완료 since `since`. */
    async completedVisitsOf(patientIdx: number, since: Date): Promise<RatedVisit[]> {
      return (await repo.ofPatient(deps.db, patientIdx))
        .map(ratedVisitOf)
        .filter(
          (v): v is RatedVisit & { completedAt: Date } => v?.completedAt != null && v.completedAt >= since,
        );
    },

    /**
     * Accept the open request: a change moves the appointment to `startsAt` (the first
     * preferred time when none is given) and back to 예약; a cancel makes it 취소됨.
     */
    async acceptRequest(staffIdx: number, body: AcceptRequestBody): Promise<Appointment> {
      const updated = await staffStep(staffIdx, body.idx, async (tx, item, at) => {
        if (item.status === 'CHANGE_REQUESTED') {
          const startsAt = new Date(body.startsAt ?? item.preferredTimes[0]!).toISOString();
          if (new Date(startsAt) <= at) throw new DomainError('APPOINTMENT_PAST');
          await repo.setStatus(tx, item.idx, { status: 'BOOKED', at, startsAt, reason: '' });
          return { action: 'CHANGE_ACCEPTED', startsAt };
        }
        if (item.status === 'CANCEL_REQUESTED') {
          await repo.setStatus(tx, item.idx, { status: 'CANCELLED', at, reason: '' });
          return { action: 'CANCEL_ACCEPTED' };
        }
        throw new DomainError('APPOINTMENT_STATE');
      });
      const cancelled = updated.status === 'CANCELLED';
      await tell(
        updated,
        cancelled ? '예약 취소 요청이 수락되었습니다' : '예약 변경 요청이 수락되었습니다',
        `${updated.department}: ${kstLabel(updated.startsAt)}`,
      );
      return updated;
    },

    /** Decline the open request with a reason: the appointment stays as it was (예약). */
    async declineRequest(staffIdx: number, idx: number, reason: string): Promise<Appointment> {
      const updated = await staffStep(staffIdx, idx, async (tx, item, at) => {
        if (item.status !== 'CHANGE_REQUESTED' && item.status !== 'CANCEL_REQUESTED')
          throw new DomainError('APPOINTMENT_STATE');
        await repo.setStatus(tx, idx, { status: 'BOOKED', at, reason });
        return { action: 'DECLINED', note: reason };
      });
      await tell(updated, '예약 요청이 거절되었습니다', reason);
      return updated;
    },

    // ---- jobs and erasure ----

    /** One pass of the reminders: each appointment once per reminder and time. */
    async sendReminders(): Promise<number> {
      const at = now();
      let sent = 0;
      for (const { which, leadMs } of APPOINTMENT_REMINDERS) {
        for (const due of await repo.dueReminders(deps.db, which, leadMs, at)) {
          if (!(await repo.markReminded(deps.db, due.idx, which, due.startsAt, at))) continue;
          // Booked within two hours: the day-before reminder has no sense any more.
          if (which === 'DAY_BEFORE' && new Date(due.startsAt).getTime() - at.getTime() <= 2 * HOUR) continue;
          await deps.notifications.notify(due.patientIdx, {
            kind: 'schedule',
            title: which === 'DAY_BEFORE' ? '내일 진료 예약이 있습니다' : '2시간 뒤 진료 예약이 있습니다',
            body: `${due.hospitalName} ${due.department}: ${kstLabel(due.startsAt)}`,
            deepLink: `#/hospital/schedulemanage/${due.idx}`,
            data: { appointmentIdx: due.idx, reminder: which },
          });
          sent += 1;
        }
      }
      return sent;
    },

    async erasePatient(tx: Pick<SqlQueryable, 'query'>, patientIdx: number): Promise<void> {
      await repo.erasePatient(tx, patientIdx);
    },
  };
}

export type AppointmentService = ReturnType<typeof createAppointmentService>;
