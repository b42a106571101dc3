import type { Hospital } from '@smartcare/contract/hospital';
import type { SqlQueryable } from '../../plugins/db/database.ts';
import { hospitalRepository as repo } from './hospital.repository.ts';

export interface HospitalServiceDeps {
  db: SqlQueryable;
}

/** Hospitals as other modules and the hospital list see them. */
export function createHospitalService({ db }: HospitalServiceDeps) {
  return {
    /** Hospitals whose name or address contains the keyword (all without one). */
    list(keyword: string | undefined): Promise<Hospital[]> {
      return repo.list(db, keyword);
    },
    find(idx: number): Promise<Hospital | null> {
      return repo.findByIdx(db, idx);
    },
  };
}

export type HospitalService = ReturnType<typeof createHospitalService>;
