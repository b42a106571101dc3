import type { DeletePatientBody } from '@smartcare/contract/patient';
import { useMutation } from '@tanstack/react-query';
import { api, endSession } from '../../../lib/api-client';

/** `DELETE /patient/delete`: immediate deletion, password confirmed; the session ends with it. */
export async function deletePatient(body: DeletePatientBody): Promise<void> {
  await api.patient.delete({ body });
  await endSession();
}

/** The cache is cleared by the "deleted" screen, once the screens that observe it are gone. */
export function useDeletePatient() {
  return useMutation({ mutationFn: deletePatient });
}
