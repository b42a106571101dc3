import type { SqlQueryable } from '../../plugins/db/database.ts';

/**
 * Account deletion (PIPA Art. 21): the patient's consultation chats go with the account, as
 * the app's deletion page promises. Messages, persons and read marks cascade with the rooms;
 * the audit log keeps only ids, never content.
 */
export async function eraseChatOfPatient(tx: SqlQueryable, patientIdx: number): Promise<void> {
  await tx.query('DELETE FROM chat_rooms WHERE patient_idx = $1', [patientIdx]);
}
