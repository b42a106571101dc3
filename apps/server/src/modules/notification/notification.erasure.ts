import type { SqlQueryable } from '../../plugins/db/database.ts';

/** Account deletion: the history, the browsers and the presence go with the account. */
export async function eraseNotificationsOfPatient(tx: SqlQueryable, patientIdx: number): Promise<void> {
  await tx.query('DELETE FROM notifications WHERE patient_idx = $1', [patientIdx]);
  await tx.query('DELETE FROM web_push_subscriptions WHERE patient_idx = $1', [patientIdx]);
  await tx.query('DELETE FROM notification_presence WHERE patient_idx = $1', [patientIdx]);
}
