import { AccessRefused, DomainError } from '../../lib/errors.ts';
import type { SqlQueryable } from '../../plugins/db/db.plugin.ts';
import {
  peopleRepository as repo,
  type PatientBasics,
  type PatientEntry,
  type StaffEntry,
} from './people.repository.ts';

export type { PatientBasics, PatientEntry, StaffEntry } from './people.repository.ts';

export interface PeopleServiceDeps {
  db: Pick<SqlQueryable, 'query'>;
}

/**
 * The one place that answers "who is this patient / staff member" for every module, read
 * now (names, hospitals and deletions change after login). Pass `tx` to read inside a
 * transaction (e.g. after locking the patient).
 */
export function createPeopleService(deps: PeopleServiceDeps) {
  return {
    /**
     * A staff member and one of their hospital's home-care patients (decision 021), for the
     * home-care pages (medication, diet). Another hospital's patient, or one not in home care,
     * is as if absent, refused with the patient named so the refusal is audited with them.
     */
    async homeCarePatientOf(
      staffIdx: number,
      patientIdx: number,
    ): Promise<{ staff: StaffEntry; patient: PatientEntry }> {
      const staff = await repo.findStaff(deps.db, staffIdx);
      if (!staff) throw new DomainError('NOT_LOGGED_IN');
      const patient = await repo.findPatient(deps.db, patientIdx);
      if (!patient || !patient.homeCare || patient.chosenHospitalIdx !== staff.hospitalIdx)
        throw new AccessRefused(patient ? patientIdx : null, 'NOT_FOUND');
      return { staff, patient };
    },
    patient(idx: number, tx: Pick<SqlQueryable, 'query'> = deps.db): Promise<PatientEntry | null> {
      return repo.findPatient(tx, idx);
    },
    staff(idx: number, tx: Pick<SqlQueryable, 'query'> = deps.db): Promise<StaffEntry | null> {
      return repo.findStaff(tx, idx);
    },
    /** Every active staff member of a hospital (e.g. whose live inbox a room's change may reach). */
    activeStaffOf(hospitalIdx: number): Promise<number[]> {
      return repo.activeStaffOf(deps.db, hospitalIdx);
    },
    // issue 15 — diet defaults by sex and age
    patientBasics(idx: number, tx: Pick<SqlQueryable, 'query'> = deps.db): Promise<PatientBasics | null> {
      return repo.findPatientBasics(tx, idx);
    },
  };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
