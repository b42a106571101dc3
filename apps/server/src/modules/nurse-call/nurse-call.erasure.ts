import type { SqlQueryable } from '../../plugins/db/database.ts';

/**
 * Account deletion: a nurse call is the ward's record of care asked for and given (nursing
 * records are kept by law, domain.md), so the call stays with its time, reason, ward, bed and
 * status — an open call still brings a nurse to the bed — but loses the patient's name and
 * the words they typed.
 */
export async function eraseNurseCallsOfPatient(tx: SqlQueryable, patientIdx: number): Promise<void> {
  await tx.query(`UPDATE nurse_calls SET patient_name = '', note = '' WHERE patient_idx = $1`, [patientIdx]);
}
