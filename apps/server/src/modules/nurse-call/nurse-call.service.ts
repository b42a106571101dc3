import {
  nurseCallPriority,
  nurseCallRequestSchema,
  OPEN_NURSE_CALL_STATUSES,
  type NurseCall,
  type NurseCallEvent,
} from '@smartcare/contract/nurse-call';
import { topics } from '@smartcare/contract/topics';
import { DomainError } from '../../lib/errors.ts';
import type { Database } from '../../plugins/db/db.plugin.ts';
import { nurseCallRepository as repo } from './nurse-call.repository.ts';

export interface NurseCallIdentities {
  patient(idx: number): Promise<{
    idx: number;
    name: string;
    chosenHospitalIdx: number | null;
    ward: string | null;
    bed: string | null;
  } | null>;
  staff(idx: number): Promise<{ idx: number; name: string; hospitalIdx: number } | null>;
}

export interface NurseCallServiceDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  identities: NurseCallIdentities;
  publisher: { publish(topic: string, payload: unknown): Promise<void> };
  now?: () => Date;
}

const isOpen = (call: NurseCall) => OPEN_NURSE_CALL_STATUSES.includes(call.status);

export function createNurseCallService(deps: NurseCallServiceDeps) {
  const now = deps.now ?? (() => new Date());

  /** Both sides hear about every change at once: the ward board and the patient's own topic. */
  async function announce(call: NurseCall, event: NurseCallEvent['event']) {
    const payload: NurseCallEvent = { event, call };
    await deps.publisher.publish(topics.nurseCalling(call.hospitalIdx), payload);
    await deps.publisher.publish(topics.nurseCallingPatient(call.hospitalIdx, call.patientIdx), payload);
  }

  async function staffOf(staffIdx: number) {
    const staff = await deps.identities.staff(staffIdx);
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
    if (!call || call.hospitalIdx !== hospitalIdx) throw new DomainError('NOT_FOUND');
    if (!isOpen(call)) throw new DomainError('NURSE_CALL_NOT_OPEN');
    return call;
  }

  return {
    announce,

    /**
     * A patient's call published to `nurseCalling/{hospitalIdx}`: ward, bed and name come from
     * the profile, the priority from the reason. While a call is open a second one returns it.
     */
    async request(
      patientIdx: number,
      hospitalIdx: number,
      payload: unknown,
    ): Promise<{ call: NurseCall; created: boolean }> {
      const body = nurseCallRequestSchema.safeParse(payload);
      if (!body.success) throw new DomainError('VALIDATION_FAILED');
      const patient = await deps.identities.patient(patientIdx);
      if (!patient) throw new DomainError('NOT_LOGGED_IN');
      if (patient.chosenHospitalIdx !== hospitalIdx) throw new DomainError('HOSPITAL_NOT_CHOSEN');
      return deps.db.transaction(async (tx) => {
        await repo.lockPatient(tx, patientIdx);
        const earlier =
          (await repo.findByClientCallId(tx, patientIdx, body.data.clientCallId)) ??
          (await repo.findOpen(tx, patientIdx, hospitalIdx));
        if (earlier) return { call: earlier, created: false };
        const call = await repo.insert(tx, {
          hospitalIdx,
          patientIdx,
          patientName: patient.name,
          ward: patient.ward,
          bed: patient.bed,
          reason: body.data.reason,
          priority: nurseCallPriority[body.data.reason],
          note: body.data.note ?? '',
          clientCallId: body.data.clientCallId,
          requestedAt: now(),
        });
        return { call, created: true };
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
        if (!own || own.patientIdx !== patientIdx) throw new DomainError('NOT_FOUND');
        if (!isOpen(own)) throw new DomainError('NURSE_CALL_NOT_OPEN');
        return repo.cancel(tx, callIdx, now());
      });
      await announce(call, 'update');
      return call;
    },

    async myCalls(patientIdx: number): Promise<NurseCall[]> {
      return repo.listForPatient(deps.db, patientIdx);
    },

    async openCalls(staffIdx: number): Promise<NurseCall[]> {
      const staff = await staffOf(staffIdx);
      return repo.listOpen(deps.db, staff.hospitalIdx);
    },

    /** Escalates overdue calls and tells the board; returns how many. */
    async escalateOverdue(): Promise<number> {
      const escalated = await repo.escalateOverdue(deps.db, now());
      for (const call of escalated) await announce(call, 'update');
      return escalated.length;
    },
  };
}

export type NurseCallService = ReturnType<typeof createNurseCallService>;
