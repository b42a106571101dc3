import type { Hospital } from '@smartcare/contract/hospital';
import type { SqlQueryable } from '../../plugins/db/database.ts';
import { createHospitalRepository } from './hospital.repository.ts';

export interface HospitalServiceDeps {
  db: SqlQueryable;
}

/** Hospitals as other modules and the hospital list see them. */
export function createHospitalService({ db }: HospitalServiceDeps) {
  const hospitals = createHospitalRepository(db);
  return {
    /** Hospitals whose name or address contains the keyword (all without one). */
    list(keyword: string | undefined): Promise<Hospital[]> {
      return hospitals.list(keyword);
    },
    find(idx: number): Promise<Hospital | null> {
      return hospitals.findByIdx(idx);
    },
  };
}

export type HospitalService = ReturnType<typeof createHospitalService>;
