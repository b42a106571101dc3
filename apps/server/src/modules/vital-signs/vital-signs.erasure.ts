import type { SqlQueryable } from '../../plugins/db/database.ts';
import { vitalSignRepository } from './vital-signs.repository.ts';

/**
 * Account deletion (PIPA Art. 21): every reading the patient typed or their phone sent goes.
 * A nurse's personal targets stay: they are the home-care team's record of care, and hold
 * nothing the patient entered.
 */
export async function eraseVitalSignsOfPatient(tx: SqlQueryable, patientIdx: number): Promise<void> {
  await vitalSignRepository.eraseOfPatient(tx, patientIdx);
}
