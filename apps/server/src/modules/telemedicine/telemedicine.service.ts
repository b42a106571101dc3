import { createHmac } from 'node:crypto';
import type { RatingOccasionKind } from '@smartcare/contract/rating';
import {
  TELEMEDICINE_AVERAGE_OF_CALLS,
  TELEMEDICINE_BOOKER_ROLES,
  TELEMEDICINE_CLINICIAN_ROLES,
  TELEMEDICINE_CONSENT_VERSION,
  TELEMEDICINE_DEFAULT_DURATION_MIN,
  TELEMEDICINE_ENTER_BEFORE_MIN,
  TELEMEDICINE_OPEN_STATUSES,
  TELEMEDICINE_SIGNAL_STATUSES,
  TELEMEDICINE_TRANSITIONS,
  telemedicineWindow,
  type AcceptTelemedicineRequestBody,
  type BookTelemedicineBody,
  type MyTelemedicineVisits,
  type ReportDeviceCheckBody,
  type ReportDeviceCheckResult,
  type TelemedicineBookablePatient,
  type TelemedicineClinicianOption,
  type TelemedicineConsent,
  type TelemedicineDay,
  type TelemedicineDayQuery,
  type TelemedicineHistoryKind,
  type TelemedicineIceServers,
  type TelemedicineQueue,
  type TelemedicineQueueEvent,
  type TelemedicineRequestCancelBody,
  type TelemedicineRequestChangeBody,
  type TelemedicineVisit,
  type TelemedicineVisitEvent,
  type TelemedicineVisitStatus,
  type WriteTelemedicineSummaryBody,
} from '@smartcare/contract/telemedicine';
import { topics } from '@smartcare/contract/topics';
import { AccessRefused, DomainError } from '../../lib/errors.ts';
import type { Audit } from '../../plugins/audit.plugin.ts';
import type { RealtimeBroker } from '../../plugins/broker/broker.plugin.ts';
import type { Database, SqlQueryable } from '../../plugins/db/db.plugin.ts';
import type { AppointmentService } from '../appointment/appointment.service.ts';
import type { NotificationService } from '../notification/notification.service.ts';
import type { PeopleService, StaffEntry } from '../people/people.service.ts';
import {
  telemedicineRepository as repo,
  type StoredVisit,
  type VisitParties,
} from './telemedicine.repository.ts';

type Sql = Pick<SqlQueryable, 'query'>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEKDAYS_KO = ['일', '월', '화', '수', '목', '금', '토'];

/** STUN/TURN settings (config.ts `telemedicine`). */
export interface IceSettings {
  stunUrls: readonly string[];
  turnUrls: readonly string[];
  turnSecret: string | undefined;
  turnTtlS: number;
}

/**
 * TURN REST credentials (the coturn `use-auth-secret` convention): the username carries the
 * expiry in Unix seconds and who it was issued to; the credential is base64(HMAC-SHA1(secret,
 * username)). coturn recomputes the HMAC and refuses the username once its time has passed.
 */
export function turnCredentials(
  secret: string,
  who: { kind: 'patient' | 'staff'; idx: number },
  ttlS: number,
  now: Date,
): { username: string; credential: string; expiresAt: number } {
  const expiresAt = Math.floor(now.getTime() / 1000) + ttlS;
  const username = `${expiresAt}:${who.kind === 'patient' ? 'p' : 's'}${who.idx}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential, expiresAt };
}

/** `11월 28일 (토) 09:30` in Asia/Seoul, built by hand (a Node without full ICU writes "AM 9:30"). */
export function kstLabel(iso: string): string {
  const seoul = new Date(new Date(iso).getTime() + 9 * HOUR);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${seoul.getUTCMonth() + 1}월 ${seoul.getUTCDate()}일 (${WEEKDAYS_KO[seoul.getUTCDay()]}) ${two(seoul.getUTCHours())}:${two(seoul.getUTCMinutes())}`;
}

/**
 * How long after its time a WAITING visit still stands in its clinician's waiting room: a
 * clinic session's length. One waiting longer was never admitted nor marked a no-show, and
 * must not push today's patients back.
 */
export const TELEMEDICINE_QUEUE_LOOKBACK_H = 12;

/**
 * The clinician's waiting room at `at`: WAITING visits scheduled from the lookback until a day
 * ahead (entering opens only shortly before a visit's time). Not a calendar day: a visit at
 * 23:55 and one at 00:05 wait in one queue, not each first in its own.
 */
function waitingRoomAt(at: Date): { from: Date; to: Date } {
  return {
    from: new Date(at.getTime() - TELEMEDICINE_QUEUE_LOOKBACK_H * HOUR),
    to: new Date(at.getTime() + DAY),
  };
}

/** Full years at `now` (Asia/Seoul) of a `YYYY-MM-DD` birth date. */
function ageOf(birthDate: string | null, now: Date): number | null {
  if (!birthDate) return null;
  const today = new Date(now.getTime() + 9 * HOUR).toISOString().slice(0, 10);
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

const isClinicianRole = (role: string) => (TELEMEDICINE_CLINICIAN_ROLES as readonly string[]).includes(role);
const isBookerRole = (role: string) => (TELEMEDICINE_BOOKER_ROLES as readonly string[]).includes(role);

/** What the rating module needs of a finished visit (its `Occasion`). */
export interface TelemedicineOccasion {
  kind: RatingOccasionKind;
  idx: number;
  patientIdx: number;
  hospitalIdx: number;
  completedAt: Date | null;
  department: string;
  staffIdx: number | null;
}

export interface TelemedicineServiceDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  people: Pick<PeopleService, 'patient' | 'staff'>;
  audit: Pick<Audit, 'record'>;
  /** Live status and queue events (server-published topics). */
  publisher: Pick<RealtimeBroker, 'publish'>;
  notifications: Pick<NotificationService, 'notify'>;
  /** The hospital's patients to book for: the appointment module's list (not copied SQL). */
  bookable: Pick<AppointmentService, 'bookablePatients'>;
  ice: IceSettings;
  /** A visit became COMPLETE (the rating invitation); failures are the caller's to log. */
  onCompleted?: (visitIdx: number) => Promise<void>;
  log?: { warn(obj: object, message: string): void };
  now?: () => Date;
}

interface Actor {
  type: 'patient' | 'staff';
  idx: number;
  name: string;
}

export function createTelemedicineService(deps: TelemedicineServiceDeps) {
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

  function refuseUnless(visit: StoredVisit, next: TelemedicineVisitStatus) {
    if (!TELEMEDICINE_TRANSITIONS[visit.status].includes(next))
      throw new DomainError('TELEMEDICINE_BAD_STATE');
  }

  /** The patient's own visit (another's is as if none, audited as refused). */
  async function own(db: Sql, patientIdx: number, idx: number, forUpdate = false) {
    const visit = await repo.find(db, idx, forUpdate);
    if (!visit) throw new DomainError('NOT_FOUND');
    if (visit.patientIdx !== patientIdx) throw new AccessRefused(visit.patientIdx, 'NOT_FOUND');
    return visit;
  }

  /** A visit of the staff member's hospital (another hospital's is as if none, audited). */
  async function ofHospital(db: Sql, idx: number, hospitalIdx: number, forUpdate = false) {
    const visit = await repo.find(db, idx, forUpdate);
    if (!visit) throw new DomainError('NOT_FOUND');
    if (visit.hospitalIdx !== hospitalIdx) throw new AccessRefused(visit.patientIdx, 'NOT_FOUND');
    return visit;
  }

  // ---- queue ----

  /** One clinician's queue now: WAITING visits in order, the average call, the running call. */
  async function clinicianQueue(db: Sql, staffIdx: number, at: Date) {
    const room = waitingRoomAt(at);
    const waiting = await repo.waitingOf(db, staffIdx, room.from, room.to);
    const average =
      (await repo.averageCallMin(db, staffIdx, TELEMEDICINE_AVERAGE_OF_CALLS)) ??
      TELEMEDICINE_DEFAULT_DURATION_MIN;
    const started = await repo.currentCallStart(db, staffIdx);
    const remaining = started ? Math.max(0, average - (at.getTime() - started.getTime()) / MINUTE) : 0;
    const places = new Map<number, TelemedicineQueue>();
    waiting.forEach((visit, i) =>
      places.set(visit.idx, {
        position: i + 1,
        estimatedWaitMin: Math.ceil(i * average + remaining),
      }),
    );
    return { waiting, places };
  }

  /** Queues computed once per clinician while building one answer. */
  function queueCache(db: Sql, at: Date) {
    const cache = new Map<number, ReturnType<typeof clinicianQueue>>();
    return async (visit: StoredVisit): Promise<TelemedicineQueue | null> => {
      if (visit.status !== 'WAITING') return null;
      if (!cache.has(visit.staffIdx)) cache.set(visit.staffIdx, clinicianQueue(db, visit.staffIdx, at));
      return (await cache.get(visit.staffIdx)!).places.get(visit.idx) ?? null;
    };
  }

  // ---- views ----

  async function viewOf(
    db: Sql,
    visit: StoredVisit,
    at: Date,
    options: {
      staff?: boolean;
      history?: boolean;
      consentCurrent?: boolean;
      queue?: (visit: StoredVisit) => Promise<TelemedicineQueue | null>;
    } = {},
  ): Promise<TelemedicineVisit> {
    const { opensAt, closesAt } = telemedicineWindow(visit.scheduledAt, visit.durationMin);
    const queue = await (options.queue ?? queueCache(db, at))(visit);
    return {
      visitIdx: visit.idx,
      hospitalIdx: visit.hospitalIdx,
      hospitalName: visit.hospitalName,
      patientIdx: visit.patientIdx,
      ...(options.staff
        ? {
            patientName: visit.patientName,
            patientAge: ageOf(visit.patientBirthDate, at),
            patientSex: visit.patientSex,
          }
        : {}),
      clinician: { staffIdx: visit.staffIdx, name: visit.staffName, role: visit.staffRole },
      department: visit.department,
      scheduledAt: visit.scheduledAt,
      durationMin: visit.durationMin,
      reason: visit.reason,
      preparation: visit.preparation,
      status: visit.status,
      enterOpensAt: opensAt.toISOString(),
      enterClosesAt: closesAt.toISOString(),
      canEnter: (visit.status === 'BOOKED' || visit.status === 'WAITING') && at >= opensAt && at < closesAt,
      waitingSince: visit.waitingSince,
      queue,
      callStartedAt: visit.callStartedAt,
      callEndedAt: visit.callEndedAt,
      summary: visit.summary,
      request: visit.request,
      deviceCheck: visit.deviceCheck,
      ...(options.history ? { history: await repo.history(db, visit.idx) } : {}),
      ...(options.consentCurrent !== undefined ? { consentCurrent: options.consentCurrent } : {}),
    };
  }

  async function auditStaffRead(staff: StaffEntry, visits: StoredVisit[], action: string) {
    for (const patientIdx of new Set(visits.map((visit) => visit.patientIdx)))
      await deps.audit.record({
        actorType: 'staff',
        actorIdx: staff.idx,
        action,
        patientIdx,
        detail: {
          hospitalIdx: staff.hospitalIdx,
          visits: visits.filter((v) => v.patientIdx === patientIdx).length,
        },
      });
  }

  // ---- live events ----

  async function publish(topic: string, payload: TelemedicineVisitEvent | TelemedicineQueueEvent) {
    await deps.publisher.publish(topic, payload).catch((error: unknown) => {
      deps.log?.warn({ err: error, topic }, 'telemedicine event not published');
    });
  }

  /**
   * After a step: the visit's status to its patient and hospital, the hospital's day view, and
   * the new places of everyone still waiting for the same clinician that day (`alsoStaffIdx`:
   * the clinician a visit moved away from).
   */
  async function announce(visit: StoredVisit, alsoStaffIdx?: number) {
    const at = now();
    const queue = queueCache(deps.db, at);
    await publish(topics.telemedicineVisit(visit.idx), {
      visitIdx: visit.idx,
      status: visit.status,
      queue: await queue(visit),
      at: at.toISOString(),
    });
    await publish(topics.telemedicineQueue(visit.hospitalIdx), {
      visitIdx: visit.idx,
      staffIdx: visit.staffIdx,
      status: visit.status,
      at: at.toISOString(),
    });
    for (const staffIdx of new Set([visit.staffIdx, alsoStaffIdx ?? visit.staffIdx])) {
      const { waiting, places } = await clinicianQueue(deps.db, staffIdx, at);
      for (const other of waiting) {
        if (other.idx === visit.idx) continue;
        await publish(topics.telemedicineVisit(other.idx), {
          visitIdx: other.idx,
          status: other.status,
          queue: places.get(other.idx) ?? null,
          at: at.toISOString(),
        });
      }
    }
  }

  async function tell(visit: StoredVisit, title: string, body: string) {
    await deps.notifications.notify(visit.patientIdx, {
      kind: 'telemedicine',
      title,
      body,
      deepLink: `#/homecare/telemedicine/${visit.idx}`,
      data: { visitIdx: visit.idx, status: visit.status },
    });
  }

  // ---- steps ----

  /**
   * One step on a visit in a transaction: load and check access, act, write history and audit;
   * then announce it. `load` picks the patient's own or the staff hospital's visit.
   */
  async function step(
    actor: Actor & { hospitalIdx?: number },
    idx: number,
    act: (
      tx: Tx,
      visit: StoredVisit,
      at: Date,
    ) => Promise<{ kind: TelemedicineHistoryKind; note?: string | null; action: string } | null>,
  ): Promise<{ visit: StoredVisit; changed: boolean; before: StoredVisit }> {
    const at = now();
    const result = await deps.db.transaction(async (tx) => {
      const visit =
        actor.type === 'patient'
          ? await own(tx, actor.idx, idx, true)
          : await ofHospital(tx, idx, actor.hospitalIdx!, true);
      const done = await act(tx, visit, at);
      if (done) {
        await repo.addHistory(tx, idx, {
          kind: done.kind,
          actorType: actor.type,
          actorIdx: actor.idx,
          byName: actor.name,
          note: done.note ?? null,
          at,
        });
        await deps.audit.record(
          {
            actorType: actor.type,
            actorIdx: actor.idx,
            action: `telemedicine.${done.action}`,
            patientIdx: visit.patientIdx,
            detail: { visitIdx: idx, hospitalIdx: visit.hospitalIdx },
          },
          tx,
        );
      }
      return { visit: (await repo.find(tx, idx))!, changed: done !== null, before: visit };
    });
    if (result.changed) await announce(result.visit, result.before.staffIdx);
    return result;
  }

  async function patientActor(patientIdx: number): Promise<Actor> {
    const patient = await patientOf(patientIdx);
    return { type: 'patient', idx: patient.idx, name: patient.name };
  }
  async function staffActor(staffIdx: number): Promise<Actor & { hospitalIdx: number; role: string }> {
    const staff = await staffOf(staffIdx);
    return {
      type: 'staff',
      idx: staff.idx,
      name: staff.name,
      hospitalIdx: staff.hospitalIdx,
      role: staff.role,
    };
  }

  /** The clinician named in a booking: an active DOCTOR or NURSE of the same hospital. */
  async function clinicianFor(hospitalIdx: number, staffIdx: number) {
    const clinician = await deps.people.staff(staffIdx);
    if (!clinician || clinician.hospitalIdx !== hospitalIdx || !isClinicianRole(clinician.role))
      throw new DomainError('TELEMEDICINE_NOT_CLINICIAN');
    return clinician;
  }

  async function refuseOverlap(
    tx: Tx,
    staffIdx: number,
    start: Date,
    durationMin: number,
    exceptIdx: number | null,
  ) {
    await repo.lockClinician(tx, staffIdx);
    if ((await repo.overlapping(tx, staffIdx, start, durationMin, exceptIdx)) !== null)
      throw new DomainError('TELEMEDICINE_SLOT_TAKEN');
  }

  async function staffView(visit: StoredVisit, history = true) {
    return viewOf(deps.db, visit, now(), { staff: true, history });
  }
  async function patientView(visit: StoredVisit) {
    return viewOf(deps.db, visit, now(), { history: true });
  }

  /** STUN and TURN servers for RTCPeerConnection; TURN with fresh TURN REST credentials. */
  function iceServersOf(who: { kind: 'patient' | 'staff'; idx: number }): TelemedicineIceServers {
    const { stunUrls, turnUrls, turnSecret, turnTtlS } = deps.ice;
    const iceServers: TelemedicineIceServers['iceServers'] = [];
    if (stunUrls.length > 0) iceServers.push({ urls: [...stunUrls] });
    if (turnUrls.length > 0 && turnSecret) {
      const { username, credential } = turnCredentials(turnSecret, who, turnTtlS, now());
      iceServers.push({ urls: [...turnUrls], username, credential });
    }
    return { iceServers, ttlS: turnTtlS };
  }

  return {
    // ---- the patient ----

    /**
     * Upcoming (open, soonest first) and past (latest first). A BOOKED visit whose window has
     * closed without the patient entering is past too (until staff mark the no-show).
     */
    async myVisits(patientIdx: number): Promise<MyTelemedicineVisits> {
      await patientOf(patientIdx);
      const at = now();
      const queue = queueCache(deps.db, at);
      const visits = await repo.ofPatient(deps.db, patientIdx);
      const upcoming: TelemedicineVisit[] = [];
      const past: TelemedicineVisit[] = [];
      for (const visit of visits) {
        const view = await viewOf(deps.db, visit, at, { queue });
        const missed = visit.status === 'BOOKED' && new Date(view.enterClosesAt) <= at;
        (TELEMEDICINE_OPEN_STATUSES.includes(visit.status) && !missed ? upcoming : past).push(view);
      }
      past.reverse();
      return { upcoming, past };
    },

    async myVisit(patientIdx: number, idx: number): Promise<TelemedicineVisit> {
      await patientOf(patientIdx);
      const visit = await own(deps.db, patientIdx, idx);
      const agreedAt = await repo.consentAgreedAt(deps.db, patientIdx, TELEMEDICINE_CONSENT_VERSION);
      return {
        ...(await viewOf(deps.db, visit, now(), { history: true, consentCurrent: agreedAt !== null })),
        consentAgreedAt: agreedAt?.toISOString() ?? null,
      };
    },

    /** 비대면진료 동의 of the current version (an old version is refused: its text is gone). */
    async agreeConsent(patientIdx: number, version: string): Promise<TelemedicineConsent> {
      await patientOf(patientIdx);
      if (version !== TELEMEDICINE_CONSENT_VERSION) throw new DomainError('TELEMEDICINE_CONSENT_REQUIRED');
      const at = now();
      return deps.db.transaction(async (tx) => {
        const agreedAt = await repo.agreeConsent(tx, patientIdx, version, at);
        await deps.audit.record(
          {
            actorType: 'patient',
            actorIdx: patientIdx,
            action: 'telemedicine.consent',
            patientIdx,
            detail: { version },
          },
          tx,
        );
        return { version, agreedAt: agreedAt.toISOString() };
      });
    },

    /** BOOKED → WAITING: inside the window and with the current consent. Already waiting: as is. */
    async enterWaitingRoom(patientIdx: number, idx: number): Promise<TelemedicineVisit> {
      const actor = await patientActor(patientIdx);
      const { visit } = await step(actor, idx, async (tx, visit, at) => {
        if (visit.status === 'WAITING') return null;
        refuseUnless(visit, 'WAITING');
        const { opensAt, closesAt } = telemedicineWindow(visit.scheduledAt, visit.durationMin);
        if (at < opensAt || at >= closesAt) throw new DomainError('TELEMEDICINE_WINDOW_CLOSED');
        if (!(await repo.hasConsent(tx, patientIdx, TELEMEDICINE_CONSENT_VERSION)))
          throw new DomainError('TELEMEDICINE_CONSENT_REQUIRED');
        await repo.setStatus(tx, idx, { status: 'WAITING', at, waitingSince: at });
        return { kind: 'ENTERED', action: 'enter' };
      });
      return patientView(visit);
    },

    /** WAITING → BOOKED (may come back while the window is open). Not waiting any more: as is. */
    async leaveWaitingRoom(patientIdx: number, idx: number): Promise<TelemedicineVisit> {
      const actor = await patientActor(patientIdx);
      const { visit } = await step(actor, idx, async (tx, visit, at) => {
        if (visit.status === 'BOOKED') return null;
        if (visit.status !== 'WAITING') throw new DomainError('TELEMEDICINE_BAD_STATE');
        await repo.setStatus(tx, idx, { status: 'BOOKED', at, waitingSince: null });
        return { kind: 'LEFT', action: 'leave' };
      });
      return patientView(visit);
    },

    async requestChange(patientIdx: number, body: TelemedicineRequestChangeBody): Promise<TelemedicineVisit> {
      const actor = await patientActor(patientIdx);
      const { visit } = await step(actor, body.visitIdx, async (tx, visit, at) => {
        if (visit.status !== 'BOOKED') throw new DomainError('TELEMEDICINE_BAD_STATE');
        if (visit.request) throw new DomainError('TELEMEDICINE_REQUEST_OPEN');
        if (new Date(visit.scheduledAt) <= at) throw new DomainError('TELEMEDICINE_TIME_INVALID');
        const dates = body.preferredDates.map((date) => new Date(date));
        if (dates.some((date) => date <= at)) throw new DomainError('TELEMEDICINE_TIME_INVALID');
        await repo.setRequest(tx, visit.idx, {
          kind: 'CHANGE',
          dates: dates.map((date) => date.toISOString()),
          reason: body.reason ?? null,
          at,
        });
        return {
          kind: 'CHANGE_REQUESTED',
          note: [dates.map((date) => kstLabel(date.toISOString())).join(', '), body.reason ?? '']
            .filter(Boolean)
            .join(' — '),
          action: 'requestChange',
        };
      });
      return patientView(visit);
    },

    async requestCancel(patientIdx: number, body: TelemedicineRequestCancelBody): Promise<TelemedicineVisit> {
      const actor = await patientActor(patientIdx);
      const { visit } = await step(actor, body.visitIdx, async (tx, visit, at) => {
        if (visit.status !== 'BOOKED') throw new DomainError('TELEMEDICINE_BAD_STATE');
        if (visit.request) throw new DomainError('TELEMEDICINE_REQUEST_OPEN');
        await repo.setRequest(tx, visit.idx, { kind: 'CANCEL', dates: [], reason: body.reason ?? null, at });
        return { kind: 'CANCEL_REQUESTED', note: body.reason ?? null, action: 'requestCancel' };
      });
      return patientView(visit);
    },

    async withdrawRequest(patientIdx: number, idx: number): Promise<TelemedicineVisit> {
      const actor = await patientActor(patientIdx);
      const { visit } = await step(actor, idx, async (tx, visit) => {
        if (!visit.request) throw new DomainError('TELEMEDICINE_NO_REQUEST');
        await repo.setRequest(tx, visit.idx, null);
        return { kind: 'REQUEST_WITHDRAWN', action: 'withdrawRequest' };
      });
      return patientView(visit);
    },

    /** The device check, on the visit named or the patient's next open one (latest wins). */
    async reportDeviceCheck(
      patientIdx: number,
      body: ReportDeviceCheckBody,
    ): Promise<ReportDeviceCheckResult> {
      await patientOf(patientIdx);
      const at = now();
      const check = {
        camera: body.camera,
        microphone: body.microphone,
        speakerConfirmed: body.speakerConfirmed,
        rttMs: body.rttMs,
        downKbps: body.downKbps,
      };
      const visitIdx = await deps.db.transaction(async (tx) => {
        const idx = body.visitIdx ?? (await repo.nextOpenOf(tx, patientIdx, at));
        if (idx === null) return null;
        const visit = await own(tx, patientIdx, idx, true);
        await repo.setDeviceCheck(tx, visit.idx, { ...check, at });
        return visit.idx;
      });
      if (visitIdx !== null) {
        const visit = (await repo.find(deps.db, visitIdx))!;
        await publish(topics.telemedicineQueue(visit.hospitalIdx), {
          visitIdx,
          staffIdx: visit.staffIdx,
          status: visit.status,
          at: at.toISOString(),
        });
      }
      return { visitIdx, deviceCheck: { ...check, checkedAt: at.toISOString() } };
    },

    // ---- both ----

    /**
     * The ICE servers of one visit's call, for its patient or its clinician (`staffIdx`, same
     * hospital) while the call is open to them: WAITING or IN_CALL, or BOOKED inside the entry
     * window (about to enter). Anyone else — another patient, another hospital's staff, another
     * clinician of the hospital, or anyone once the visit is over or before its window — gets no
     * relay credentials; the refusal is audited with the visit's patient (decision 030).
     */
    async iceServersFor(
      who: { kind: 'patient' | 'staff'; idx: number },
      visitIdx: number,
    ): Promise<TelemedicineIceServers> {
      const visit = await repo.find(deps.db, visitIdx);
      if (!visit) throw new DomainError('NOT_FOUND');
      if (who.kind === 'patient') {
        // Another patient's visit is as if none.
        if (visit.patientIdx !== who.idx) throw new AccessRefused(visit.patientIdx, 'NOT_FOUND');
      } else {
        const staff = await staffOf(who.idx);
        if (visit.hospitalIdx !== staff.hospitalIdx) throw new AccessRefused(visit.patientIdx, 'NOT_FOUND');
        if (visit.staffIdx !== staff.idx) throw new AccessRefused(visit.patientIdx, 'FORBIDDEN');
      }
      const at = now();
      const { opensAt, closesAt } = telemedicineWindow(visit.scheduledAt, visit.durationMin);
      const open =
        TELEMEDICINE_SIGNAL_STATUSES.includes(visit.status) ||
        (visit.status === 'BOOKED' && at >= opensAt && at < closesAt);
      if (!open) throw new AccessRefused(visit.patientIdx, 'FORBIDDEN');
      return iceServersOf(who);
    },

    /** STUN and TURN servers for RTCPeerConnection; TURN with fresh TURN REST credentials. */
    iceServers: iceServersOf,

    // ---- staff ----

    /** A day (Asia/Seoul) of the hospital's visits, or of one clinician. */
    async day(staffIdx: number, query: TelemedicineDayQuery): Promise<TelemedicineDay> {
      const staff = await staffOf(staffIdx);
      const from = new Date(`${query.date}T00:00:00+09:00`);
      const visits = await repo.ofHospital(
        deps.db,
        staff.hospitalIdx,
        from,
        new Date(from.getTime() + DAY),
        query.staffIdx ?? null,
      );
      await auditStaffRead(staff, visits, 'telemedicine.readDay');
      const at = now();
      const queue = queueCache(deps.db, at);
      const views: TelemedicineVisit[] = [];
      for (const visit of visits) views.push(await viewOf(deps.db, visit, at, { staff: true, queue }));
      return { date: query.date, visits: views };
    },

    async visit(staffIdx: number, idx: number): Promise<TelemedicineVisit> {
      const staff = await staffOf(staffIdx);
      const visit = await ofHospital(deps.db, idx, staff.hospitalIdx);
      await auditStaffRead(staff, [visit], 'telemedicine.read');
      return staffView(visit);
    },

    async clinicians(staffIdx: number): Promise<TelemedicineClinicianOption[]> {
      const staff = await staffOf(staffIdx);
      return repo.clinicians(deps.db, staff.hospitalIdx, TELEMEDICINE_CLINICIAN_ROLES);
    },

    async bookablePatients(staffIdx: number): Promise<TelemedicineBookablePatient[]> {
      return deps.bookable.bookablePatients(staffIdx);
    },

    async requests(staffIdx: number): Promise<TelemedicineVisit[]> {
      const staff = await staffOf(staffIdx);
      const visits = await repo.openRequests(deps.db, staff.hospitalIdx);
      await auditStaffRead(staff, visits, 'telemedicine.readRequests');
      const at = now();
      const queue = queueCache(deps.db, at);
      const views: TelemedicineVisit[] = [];
      for (const visit of visits) views.push(await viewOf(deps.db, visit, at, { staff: true, queue }));
      return views;
    },

    /** A new visit for a patient of the hospital with one of its clinicians, at a free time. */
    async book(staffIdx: number, body: BookTelemedicineBody): Promise<TelemedicineVisit> {
      const staff = await staffActor(staffIdx);
      if (!isBookerRole(staff.role)) throw new DomainError('TELEMEDICINE_NOT_CLINICIAN');
      const patient = await deps.people.patient(body.patientIdx);
      // A patient of another hospital (or none) is as if there were none.
      if (!patient || patient.chosenHospitalIdx !== staff.hospitalIdx)
        throw new AccessRefused(patient?.idx ?? null, 'NOT_FOUND');
      await clinicianFor(staff.hospitalIdx, body.staffIdx);
      const at = now();
      const start = new Date(body.scheduledAt);
      if (start.getTime() + body.durationMin * MINUTE <= at.getTime())
        throw new DomainError('TELEMEDICINE_TIME_INVALID');
      const visit = await deps.db.transaction(async (tx) => {
        await refuseOverlap(tx, body.staffIdx, start, body.durationMin, null);
        const idx = await repo.insert(tx, {
          hospitalIdx: staff.hospitalIdx,
          patientIdx: patient.idx,
          staffIdx: body.staffIdx,
          department: body.department,
          scheduledAt: start.toISOString(),
          durationMin: body.durationMin,
          reason: body.reason,
          preparation: body.preparation ?? null,
          at,
        });
        await repo.addHistory(tx, idx, {
          kind: 'BOOKED',
          actorType: 'staff',
          actorIdx: staff.idx,
          byName: staff.name,
          note: kstLabel(start.toISOString()),
          at,
        });
        await deps.audit.record(
          {
            actorType: 'staff',
            actorIdx: staff.idx,
            action: 'telemedicine.book',
            patientIdx: patient.idx,
            detail: { visitIdx: idx, hospitalIdx: staff.hospitalIdx },
          },
          tx,
        );
        return (await repo.find(tx, idx))!;
      });
      await announce(visit);
      await tell(
        visit,
        '비대면 진료가 예약되었습니다',
        `${visit.department} ${visit.staffName}: ${kstLabel(visit.scheduledAt)}`,
      );
      return staffView(visit);
    },

    /** A booked visit to another time (free for its clinician). */
    async move(staffIdx: number, visitIdx: number, scheduledAt: string): Promise<TelemedicineVisit> {
      const staff = await staffActor(staffIdx);
      if (!isBookerRole(staff.role)) throw new DomainError('TELEMEDICINE_NOT_CLINICIAN');
      const start = new Date(scheduledAt);
      const { visit } = await step(staff, visitIdx, async (tx, visit, at) => {
        if (visit.status !== 'BOOKED') throw new DomainError('TELEMEDICINE_BAD_STATE');
        if (start <= at) throw new DomainError('TELEMEDICINE_TIME_INVALID');
        await refuseOverlap(tx, visit.staffIdx, start, visit.durationMin, visit.idx);
        await repo.reschedule(tx, visit.idx, start.toISOString(), at);
        return { kind: 'MOVED', note: kstLabel(start.toISOString()), action: 'move' };
      });
      await tell(
        visit,
        '비대면 진료 시간이 변경되었습니다',
        `${visit.department}: ${kstLabel(visit.scheduledAt)}`,
      );
      return staffView(visit);
    },

    /** BOOKED → CANCELLED with a reason (an open request is closed with it). */
    async cancel(staffIdx: number, visitIdx: number, reason: string): Promise<TelemedicineVisit> {
      const staff = await staffActor(staffIdx);
      if (!isBookerRole(staff.role)) throw new DomainError('TELEMEDICINE_NOT_CLINICIAN');
      const { visit } = await step(staff, visitIdx, async (tx, visit, at) => {
        if (visit.status !== 'BOOKED') throw new DomainError('TELEMEDICINE_BAD_STATE');
        await repo.setStatus(tx, visit.idx, { status: 'CANCELLED', at });
        if (visit.request) await repo.setRequest(tx, visit.idx, null);
        return { kind: 'CANCELLED', note: reason, action: 'cancel' };
      });
      await tell(
        visit,
        '비대면 진료가 취소되었습니다',
        `${visit.department} ${kstLabel(visit.scheduledAt)}: ${reason}`,
      );
      return staffView(visit);
    },

    /**
     * WAITING → IN_CALL. A DOCTOR or NURSE of the hospital admits; whoever admits holds the
     * call and becomes the visit's clinician (the signalling ACL follows `staffIdx`).
     */
    async admit(staffIdx: number, visitIdx: number): Promise<TelemedicineVisit> {
      const staff = await staffActor(staffIdx);
      if (!isClinicianRole(staff.role)) throw new DomainError('TELEMEDICINE_NOT_CLINICIAN');
      const { visit } = await step(staff, visitIdx, async (tx, visit, at) => {
        if (visit.status !== 'WAITING') throw new DomainError('TELEMEDICINE_BAD_STATE');
        if (visit.staffIdx !== staff.idx) {
          await tx.query('UPDATE telemedicine_visits SET staff_idx = $2 WHERE idx = $1', [
            visit.idx,
            staff.idx,
          ]);
        }
        await repo.setStatus(tx, visit.idx, { status: 'IN_CALL', at, callStartedAt: at });
        return {
          kind: 'ADMITTED',
          note: visit.staffIdx !== staff.idx ? `${visit.staffName} → ${staff.name}` : null,
          action: 'admit',
        };
      });
      await tell(
        visit,
        '의사가 진료를 시작합니다',
        `${visit.department} ${visit.staffName}: 지금 진료실로 들어오세요.`,
      );
      return staffView(visit);
    },

    /** IN_CALL → COMPLETE, by the clinician holding the call (or an ADMIN closing a stuck one). */
    async endCall(staffIdx: number, visitIdx: number): Promise<TelemedicineVisit> {
      const staff = await staffActor(staffIdx);
      const { visit } = await step(staff, visitIdx, async (tx, visit, at) => {
        if (visit.staffIdx !== staff.idx && staff.role !== 'ADMIN')
          throw new DomainError('TELEMEDICINE_NOT_CLINICIAN');
        refuseUnless(visit, 'COMPLETE');
        await repo.setStatus(tx, visit.idx, { status: 'COMPLETE', at, callEndedAt: at });
        return { kind: 'ENDED', action: 'endCall' };
      });
      if (deps.onCompleted)
        await deps.onCompleted(visit.idx).catch((error: unknown) => {
          deps.log?.warn({ err: error, visitIdx: visit.idx }, 'telemedicine completion follow-up failed');
        });
      return staffView(visit);
    },

    /** BOOKED/WAITING → NO_SHOW, only once the visit's time has come. */
    async markNoShow(staffIdx: number, visitIdx: number): Promise<TelemedicineVisit> {
      const staff = await staffActor(staffIdx);
      if (!isBookerRole(staff.role)) throw new DomainError('TELEMEDICINE_NOT_CLINICIAN');
      const { visit } = await step(staff, visitIdx, async (tx, visit, at) => {
        refuseUnless(visit, 'NO_SHOW');
        if (at < new Date(visit.scheduledAt)) throw new DomainError('TELEMEDICINE_TIME_INVALID');
        await repo.setStatus(tx, visit.idx, { status: 'NO_SHOW', at, waitingSince: null });
        if (visit.request) await repo.setRequest(tx, visit.idx, null);
        return { kind: 'NO_SHOW', action: 'markNoShow' };
      });
      return staffView(visit);
    },

    /** The summary of a finished visit (written and edited by a DOCTOR or NURSE of the hospital). */
    async writeSummary(staffIdx: number, body: WriteTelemedicineSummaryBody): Promise<TelemedicineVisit> {
      const staff = await staffActor(staffIdx);
      if (!isClinicianRole(staff.role)) throw new DomainError('TELEMEDICINE_NOT_CLINICIAN');
      const { visit, before } = await step(staff, body.visitIdx, async (tx, visit, at) => {
        if (visit.status !== 'COMPLETE') throw new DomainError('TELEMEDICINE_BAD_STATE');
        await repo.setSummary(tx, visit.idx, {
          text: body.summary,
          followUp: body.followUp ?? null,
          byIdx: staff.idx,
          byName: staff.name,
          at,
        });
        return { kind: 'SUMMARY_WRITTEN', action: visit.summary ? 'editSummary' : 'writeSummary' };
      });
      if (!before.summary)
        await tell(
          visit,
          '진료 요약이 등록되었습니다',
          `${visit.department} ${kstLabel(visit.scheduledAt)} 비대면 진료`,
        );
      return staffView(visit);
    },

    /** Accept the open request: CHANGE moves the visit (the first preferred time by default), CANCEL cancels it. */
    async acceptRequest(staffIdx: number, body: AcceptTelemedicineRequestBody): Promise<TelemedicineVisit> {
      const staff = await staffActor(staffIdx);
      if (!isBookerRole(staff.role)) throw new DomainError('TELEMEDICINE_NOT_CLINICIAN');
      const { visit, before } = await step(staff, body.visitIdx, async (tx, visit, at) => {
        if (visit.status !== 'BOOKED') throw new DomainError('TELEMEDICINE_BAD_STATE');
        if (!visit.request) throw new DomainError('TELEMEDICINE_NO_REQUEST');
        if (visit.request.kind === 'CHANGE') {
          const start = new Date(body.scheduledAt ?? visit.request.preferredDates[0]!);
          if (start <= at) throw new DomainError('TELEMEDICINE_TIME_INVALID');
          await refuseOverlap(tx, visit.staffIdx, start, visit.durationMin, visit.idx);
          await repo.reschedule(tx, visit.idx, start.toISOString(), at);
          await repo.setRequest(tx, visit.idx, null);
          return { kind: 'REQUEST_ACCEPTED', note: kstLabel(start.toISOString()), action: 'acceptChange' };
        }
        await repo.setStatus(tx, visit.idx, { status: 'CANCELLED', at });
        await repo.setRequest(tx, visit.idx, null);
        return { kind: 'REQUEST_ACCEPTED', action: 'acceptCancel' };
      });
      const cancelled = before.request?.kind === 'CANCEL';
      await tell(
        visit,
        cancelled ? '비대면 진료 취소 요청이 수락되었습니다' : '비대면 진료 변경 요청이 수락되었습니다',
        `${visit.department}: ${kstLabel(visit.scheduledAt)}`,
      );
      return staffView(visit);
    },

    /** Decline the open request with a reason: the visit stays as it was. */
    async declineRequest(staffIdx: number, visitIdx: number, reason: string): Promise<TelemedicineVisit> {
      const staff = await staffActor(staffIdx);
      if (!isBookerRole(staff.role)) throw new DomainError('TELEMEDICINE_NOT_CLINICIAN');
      const { visit, before } = await step(staff, visitIdx, async (tx, visit) => {
        if (!visit.request) throw new DomainError('TELEMEDICINE_NO_REQUEST');
        await repo.setRequest(tx, visit.idx, null);
        return { kind: 'REQUEST_DECLINED', note: reason, action: 'declineRequest' };
      });
      await tell(
        visit,
        before.request?.kind === 'CANCEL'
          ? '비대면 진료 취소 요청이 거절되었습니다'
          : '비대면 진료 변경 요청이 거절되었습니다',
        reason,
      );
      return staffView(visit);
    },

    // ---- the signalling ACL, ratings, jobs, erasure ----

    /** Who a visit's parties are and its status (the topics' ACL asks on every publish). */
    parties: (visitIdx: number): Promise<VisitParties | null> => repo.parties(deps.db, visitIdx),

    /** The visit as a rating occasion (completed once COMPLETE). */
    async ratingOccasion(visitIdx: number): Promise<TelemedicineOccasion | null> {
      const visit = await repo.find(deps.db, visitIdx);
      if (!visit) return null;
      return {
        kind: 'TELEMEDICINE',
        idx: visit.idx,
        patientIdx: visit.patientIdx,
        hospitalIdx: visit.hospitalIdx,
        completedAt: visit.status === 'COMPLETE' && visit.callEndedAt ? new Date(visit.callEndedAt) : null,
        department: visit.department,
        staffIdx: visit.staffIdx,
      };
    },

    /** The patient's visits completed since `since`, as rating occasions. */
    async completedOccasionsOf(
      patientIdx: number,
      since: Date,
    ): Promise<(TelemedicineOccasion & { completedAt: Date })[]> {
      return (await repo.completedOf(deps.db, patientIdx, since)).map((visit) => ({
        kind: 'TELEMEDICINE' as const,
        idx: visit.idx,
        patientIdx: visit.patientIdx,
        hospitalIdx: visit.hospitalIdx,
        completedAt: new Date(visit.callEndedAt!),
        department: visit.department,
        staffIdx: visit.staffIdx,
      }));
    },

    /** One pass: "진료실 입장이 가능합니다" once per visit and time, marked before it is sent. */
    async sendWindowOpenNotices(): Promise<number> {
      const at = now();
      let sent = 0;
      for (const due of await repo.windowOpenDue(deps.db, at, TELEMEDICINE_ENTER_BEFORE_MIN)) {
        if (!(await repo.markNoticed(deps.db, due.idx, due.scheduledAt, at))) continue;
        await deps.notifications.notify(due.patientIdx, {
          kind: 'telemedicine',
          title: '진료실 입장이 가능합니다',
          body: `${due.hospitalName} ${due.department} 비대면 진료: ${kstLabel(due.scheduledAt)}`,
          deepLink: `#/homecare/telemedicine/${due.idx}`,
          data: { visitIdx: due.idx, status: 'BOOKED' },
        });
        sent += 1;
      }
      return sent;
    },

    async erasePatient(tx: Sql, patientIdx: number): Promise<void> {
      await repo.erasePatient(tx, patientIdx);
    },
  };
}

export type TelemedicineService = ReturnType<typeof createTelemedicineService>;
