import {
  nurseCallPriority,
  nurseCallRequestSchema,
  OPEN_NURSE_CALL_STATUSES,
  type NurseCall,
  type NurseCallEvent,
} from '@smartcare/contract/nurse-call';
import { topics } from '@smartcare/contract/topics';
import { AccessRefused, DomainError } from '../../lib/errors.ts';
import type { Audit } from '../../plugins/audit.plugin.ts';
import type { Database, SqlQueryable } from '../../plugins/db/db.plugin.ts';
import type { AdmissionService } from '../admission/admission.service.ts';
import type { PeopleService } from '../people/people.service.ts';
import { nurseCallRepository as repo } from './nurse-call.repository.ts';

export interface NurseCallServiceDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  /** Who the patient and staff member are now. */
  people: Pick<PeopleService, 'patient' | 'staff'>;
  /**
   * Where the patient lies as staff recorded it (issue 10): the call goes there, whatever
   * hospital the app has chosen; no admission = no call possible.
   */
  admissions: Pick<AdmissionService, 'activeForCall'>;
  publisher: { publish(topic: string, payload: unknown): Promise<void> };
  audit: Pick<Audit, 'record'>;
  /** Minutes before an unacknowledged call escalates when its hospital sets none (NURSE_CALL_ESCALATE_MIN). */
  escalationMinutes: number;
  now?: () => Date;
}

const KST_OFFSET_MS = 9 * 3600_000;
/** Ward shifts in Korean hospitals: day 07–15, evening 15–23, night 23–07 (KST, no summer time). */
const SHIFT_START_HOURS = [7, 15, 23] as const;

/** The start of the nursing shift `at` falls in (decision 010). */
export function shiftStart(at: Date): Date {
  const kst = new Date(at.getTime() + KST_OFFSET_MS);
  const hour = kst.getUTCHours();
  const startHour = [...SHIFT_START_HOURS].reverse().find((h) => hour >= h) ?? 23;
  const start = Date.UTC(kst.getUTCFullYear(), kst.getUTCMonth(), kst.getUTCDate(), startHour);
  // Before 07:00 the night shift began at 23:00 the day before.
  return new Date(start - (hour < 7 ? 24 * 3600_000 : 0) - KST_OFFSET_MS);
}

const isOpen = (call: NurseCall) => OPEN_NURSE_CALL_STATUSES.includes(call.status);

export function createNurseCallService(deps: NurseCallServiceDeps) {
  const now = deps.now ?? (() => new Date());

  /**
   * The patient's own topics for a call: the call's hospital, and the hospital the app has
   * chosen when that differs (the app listens there; the call still went to the admission's ward).
   */
  async function patientTopics(call: NurseCall): Promise<string[]> {
    const own = [topics.nurseCallingPatient(call.hospitalIdx, call.patientIdx)];
    const chosen = (await deps.people.patient(call.patientIdx))?.chosenHospitalIdx ?? null;
    if (chosen !== null && chosen !== call.hospitalIdx)
      own.push(topics.nurseCallingPatient(chosen, call.patientIdx));
    return own;
  }

  /** Both sides hear about every change at once: the ward board and the patient's own topic. */
  async function announce(call: NurseCall, event: NurseCallEvent['event']) {
    const payload: NurseCallEvent = { event, call };
    await deps.publisher.publish(topics.nurseCalling(call.hospitalIdx), payload);
    for (const topic of await patientTopics(call)) await deps.publisher.publish(topic, payload);
  }

  async function staffOf(staffIdx: number) {
    const staff = await deps.people.staff(staffIdx);
    if (!staff) throw new DomainError('NOT_LOGGED_IN');
    return staff;
  }

  /** Loads a call for a staff action: their hospital's, and still open. */
  async function openCallOfHospital(
    tx: Parameters<Parameters<Database['transaction']>[0]>[0],
    callIdx: number,
    hospitalIdx: number,
  ) {
    const call = await repo.find(tx, callIdx, true);
    if (!call) throw new DomainError('NOT_FOUND');
    // Another hospital's call: as if there were none, but audited with its patient.
    if (call.hospitalIdx !== hospitalIdx) throw new AccessRefused(call.patientIdx, 'NOT_FOUND');
    if (!isOpen(call)) throw new DomainError('NURSE_CALL_NOT_OPEN');
    return call;
  }

  return {
    announce,

    announceToPatient: async (call: NurseCall, event: NurseCallEvent['event']) => {
      for (const topic of await patientTopics(call)) await deps.publisher.publish(topic, { event, call });
    },

    /**
     * A patient's call published to `nurseCalling/{hospitalIdx}`. The topic's hospital only
     * opens the broker's door: the call goes to the hospital, ward and bed of the patient's
     * active admission, with the name the hospital recorded (issue 10). While a call is open a
     * second one returns it, or raises it when the new reason is more urgent.
     */
    async request(
      patientIdx: number,
      payload: unknown,
    ): Promise<{ call: NurseCall; outcome: 'created' | 'raised' | 'existing' }> {
      const body = nurseCallRequestSchema.safeParse(payload);
      if (!body.success) throw new DomainError('VALIDATION_FAILED');
      const patient = await deps.people.patient(patientIdx);
      if (!patient) throw new DomainError('NOT_LOGGED_IN');
      const admission = await deps.admissions.activeForCall(patientIdx);
      if (!admission) throw new DomainError('NO_ACTIVE_ADMISSION');
      const priority = nurseCallPriority[body.data.reason];
      return deps.db.transaction(async (tx) => {
        await repo.lockPatient(tx, patientIdx);
        const resent = await repo.findByClientCallId(tx, patientIdx, body.data.clientCallId);
        if (resent) return { call: resent, outcome: 'existing' as const };
        const open = await repo.findOpen(tx, patientIdx);
        if (open) {
          // A more urgent reason (a lower number) raises the waiting call; anything else returns it.
          if (priority < open.priority)
            return {
              call: await repo.raise(tx, open.idx, body.data.reason, priority, now()),
              outcome: 'raised' as const,
            };
          return { call: open, outcome: 'existing' as const };
        }
        const call = await repo.insert(tx, {
          hospitalIdx: admission.hospitalIdx,
          patientIdx,
          admissionIdx: admission.idx,
          patientName: admission.patientName,
          ward: admission.ward,
          bed: admission.bed,
          identityConfirmed: admission.identityConfirmed,
          reason: body.data.reason,
          priority,
          // Only 기타 carries words: the other reasons say it all.
          note: body.data.reason === 'OTHER' ? (body.data.note ?? '') : '',
          clientCallId: body.data.clientCallId,
          requestedAt: now(),
        });
        return { call, outcome: 'created' as const };
      });
    },

    async acknowledge(staffIdx: number, callIdx: number): Promise<NurseCall> {
      const staff = await staffOf(staffIdx);
      const call = await deps.db.transaction(async (tx) => {
        const open = await openCallOfHospital(tx, callIdx, staff.hospitalIdx);
        // Acknowledging twice keeps the first nurse and time.
        return open.status === 'REQUESTED' ? repo.acknowledge(tx, callIdx, staff, now()) : open;
      });
      await announce(call, 'update');
      return call;
    },

    async complete(staffIdx: number, callIdx: number): Promise<NurseCall> {
      const staff = await staffOf(staffIdx);
      const call = await deps.db.transaction(async (tx) => {
        await openCallOfHospital(tx, callIdx, staff.hospitalIdx);
        return repo.complete(tx, callIdx, staff, now());
      });
      await announce(call, 'update');
      return call;
    },

    async cancel(patientIdx: number, callIdx: number): Promise<NurseCall> {
      const call = await deps.db.transaction(async (tx) => {
        const own = await repo.find(tx, callIdx, true);
        if (!own) throw new DomainError('NOT_FOUND');
        if (own.patientIdx !== patientIdx) throw new AccessRefused(own.patientIdx, 'NOT_FOUND');
        if (!isOpen(own)) throw new DomainError('NURSE_CALL_NOT_OPEN');
        return repo.cancel(tx, callIdx, now());
      });
      await announce(call, 'update');
      return call;
    },

    async myCalls(patientIdx: number): Promise<NurseCall[]> {
      return repo.listForPatient(deps.db, patientIdx);
    },

    /** The ward board: a read of every listed patient's call (name, bed, reason), audited per patient. */
    async openCalls(staffIdx: number): Promise<NurseCall[]> {
      const staff = await staffOf(staffIdx);
      const calls = await repo.listOpen(deps.db, staff.hospitalIdx);
      const byPatient = new Map<number, NurseCall[]>();
      for (const call of calls)
        byPatient.set(call.patientIdx, [...(byPatient.get(call.patientIdx) ?? []), call]);
      await Promise.all(
        [...byPatient].map(([patientIdx, theirs]) =>
          deps.audit.record({
            actorType: 'staff',
            actorIdx: staff.idx,
            action: 'nurseCall.board.read',
            patientIdx,
            detail: { hospitalIdx: staff.hospitalIdx, callIdxs: theirs.map((call) => call.idx) },
          }),
        ),
      );
      return calls;
    },

    /** This shift's handled calls of the staff member's hospital, for response times. */
    async handledCalls(staffIdx: number): Promise<NurseCall[]> {
      const staff = await staffOf(staffIdx);
      return repo.listHandled(deps.db, staff.hospitalIdx, shiftStart(now()));
    },

    /** Escalates overdue calls and tells the board with its own, louder event; returns how many. */
    async escalateOverdue(): Promise<number> {
      const escalated = await repo.escalateOverdue(deps.db, now(), deps.escalationMinutes);
      for (const call of escalated) await announce(call, 'escalate');
      return escalated.length;
    },

    /**
     * Account deletion: a nurse call is the ward's record of care asked for and given (nursing
     * records are kept by law, domain.md), so the call stays with its time, reason, ward, bed
     * and status — an open call still brings a nurse to the bed — but loses the patient's name
     * and the words they typed.
     */
    async erasePatient(tx: Pick<SqlQueryable, 'query'>, patientIdx: number): Promise<void> {
      await repo.forgetPatient(tx, patientIdx);
    },
  };
}

export type NurseCallService = ReturnType<typeof createNurseCallService>;
