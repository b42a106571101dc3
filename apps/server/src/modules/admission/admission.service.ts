import type {
  Admission,
  AdmissionPatient,
  AdmitBody,
  MoveBedBody,
  MyAdmission,
} from '@smartcare/contract/admission';
import { DomainError } from '../../lib/errors.ts';
import type { AuditEntry } from '../../plugins/audit.plugin.ts';
import type { Database, SqlQueryable } from '../../plugins/db/database.ts';
import type { PeopleService } from '../people/people.service.ts';
import { admissionRepository as repo, type ActiveAdmission } from './admission.repository.ts';

export type { ActiveAdmission } from './admission.repository.ts';

export interface AdmissionServiceDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  /** Who the staff member and the patient are (deleted accounts cannot be admitted). */
  people: Pick<PeopleService, 'patient' | 'staff'>;
  /** A change's entry is written in its transaction; a read's is group-committed (decision 005). */
  audit(entry: AuditEntry, db?: SqlQueryable): Promise<void>;
  now?: () => Date;
}

/** Where the patient lies now, for the staff chat list and header (issue 10 point 5). */
export interface AdmissionPlace {
  hospitalIdx: number;
  ward: string;
  bed: string;
}

/**
 * A patient's active admission as ward and bed, or null (home care, discharged). Exported for
 * other modules (the staff chat list); reads only, no audit of its own.
 */
export async function activeAdmissionOf(
  db: Pick<SqlQueryable, 'query'>,
  patientIdx: number,
): Promise<AdmissionPlace | null> {
  const admission = await repo.findActive(db, patientIdx);
  return admission ? { hospitalIdx: admission.hospitalIdx, ward: admission.ward, bed: admission.bed } : null;
}

/**
 * Admissions (issue 10 point 1): staff of a hospital admit the patients who chose it, move
 * their bed and discharge them; they never see or touch another hospital's admissions.
 */
export function createAdmissionService(deps: AdmissionServiceDeps) {
  const now = deps.now ?? (() => new Date());

  async function hospitalOf(staffIdx: number): Promise<number> {
    const staff = await deps.people.staff(staffIdx);
    if (!staff) throw new DomainError('NOT_LOGGED_IN');
    return staff.hospitalIdx;
  }

  /** An open admission of the staff member's own hospital, locked for the change. */
  async function ownOpenAdmission(
    tx: Pick<SqlQueryable, 'query'>,
    admissionIdx: number,
    hospitalIdx: number,
  ) {
    const admission = await repo.find(tx, admissionIdx, true);
    // Another hospital's admission is "not found": its existence is not ours to reveal.
    if (!admission || admission.hospitalIdx !== hospitalIdx) throw new DomainError('NOT_FOUND');
    if (admission.dischargedAt !== null) throw new DomainError('ADMISSION_CLOSED');
    return admission;
  }

  return {
    /**
     * Where the patient lies as staff recorded it, for a nurse call (identity confirmed or
     * not); null = no call possible. Reads only, no audit of its own.
     */
    activeForCall(patientIdx: number): Promise<ActiveAdmission | null> {
      return repo.findActiveForCall(deps.db, patientIdx);
    },

    async listPatients(staffIdx: number, keyword: string | undefined): Promise<AdmissionPatient[]> {
      const hospitalIdx = await hospitalOf(staffIdx);
      const patients = await repo.listPatients(deps.db, hospitalIdx, keyword);
      await deps.audit({
        actorType: 'staff',
        actorIdx: staffIdx,
        action: 'admission.patients.read',
        patientIdx: null,
        detail: { hospitalIdx, patientIdxs: patients.map((p) => p.patientIdx) },
      });
      return patients;
    },

    async admit(staffIdx: number, body: AdmitBody): Promise<Admission> {
      const hospitalIdx = await hospitalOf(staffIdx);
      return deps.db.transaction(async (tx) => {
        await repo.lockPatient(tx, body.patientIdx);
        const patient = await deps.people.patient(body.patientIdx, tx);
        // Only a patient who chose this hospital: staff cannot probe other hospitals' patients.
        if (!patient || patient.chosenHospitalIdx !== hospitalIdx) throw new DomainError('NOT_FOUND');
        if (await repo.findActive(tx, body.patientIdx)) throw new DomainError('ALREADY_ADMITTED');
        const at = now();
        const idx = await repo.insert(tx, {
          patientIdx: body.patientIdx,
          hospitalIdx,
          patientName: body.patientName ?? patient.name,
          ward: body.ward,
          bed: body.bed,
          identityConfirmedAt: body.identityConfirmed ? at : null,
          admittedAt: at,
          admittedByIdx: staffIdx,
        });
        await deps.audit(
          {
            actorType: 'staff',
            actorIdx: staffIdx,
            action: 'admission.admit',
            patientIdx: body.patientIdx,
            detail: { admissionIdx: idx, hospitalIdx, identityConfirmed: body.identityConfirmed },
          },
          tx,
        );
        return (await repo.find(tx, idx))!;
      });
    },

    async moveBed(staffIdx: number, body: MoveBedBody): Promise<Admission> {
      const hospitalIdx = await hospitalOf(staffIdx);
      return deps.db.transaction(async (tx) => {
        const admission = await ownOpenAdmission(tx, body.admissionIdx, hospitalIdx);
        await repo.moveBed(tx, admission.idx, body.ward, body.bed);
        await deps.audit(
          {
            actorType: 'staff',
            actorIdx: staffIdx,
            action: 'admission.moveBed',
            patientIdx: admission.patientIdx,
            detail: { admissionIdx: admission.idx },
          },
          tx,
        );
        return (await repo.find(tx, admission.idx))!;
      });
    },

    async discharge(staffIdx: number, admissionIdx: number): Promise<Admission> {
      const hospitalIdx = await hospitalOf(staffIdx);
      return deps.db.transaction(async (tx) => {
        const admission = await ownOpenAdmission(tx, admissionIdx, hospitalIdx);
        await repo.discharge(tx, admission.idx, now(), staffIdx);
        await deps.audit(
          {
            actorType: 'staff',
            actorIdx: staffIdx,
            action: 'admission.discharge',
            patientIdx: admission.patientIdx,
            detail: { admissionIdx: admission.idx },
          },
          tx,
        );
        return (await repo.find(tx, admission.idx))!;
      });
    },

    /** The patient's own active admission: the nurse-call screen shows it or says why it cannot call. */
    async myAdmission(patientIdx: number): Promise<MyAdmission> {
      const admission = await repo.findActive(deps.db, patientIdx);
      if (!admission) return null;
      const { hospitalIdx, hospitalName, ward, bed, admittedAt } = admission;
      return { hospitalIdx, hospitalName, ward, bed, admittedAt };
    },

    /** Account deletion: the stay stays (the hospital's record), the name goes. */
    async erasePatient(tx: Pick<SqlQueryable, 'query'>, patientIdx: number): Promise<void> {
      await repo.forgetPatientName(tx, patientIdx);
    },
  };
}

export type AdmissionService = ReturnType<typeof createAdmissionService>;
