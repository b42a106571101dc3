import type { SqlQueryable } from '../../plugins/db/database.ts';
import { hospitalContentRepository } from './hospital-content.repository.ts';

/** Account deletion: which notices the patient opened or was pushed is theirs alone and goes with them. */
export function eraseContentReadsOfPatient(tx: SqlQueryable, patientIdx: number): Promise<void> {
  return hospitalContentRepository.eraseReadsOfPatient(tx, patientIdx);
}
