import { apiPaths } from '@smartcare/contract/api-paths';
import type { DeletePatientBody } from '@smartcare/contract/patient';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, endSession } from '../../../lib/api-client';

/** `DELETE /patient/delete`: immediate deletion, password confirmed; the session ends with it. */
export async function deletePatient(body: DeletePatientBody): Promise<void> {
  await callApi<unknown>('DELETE', apiPaths.patient.delete, { body });
  await endSession();
}

export function useDeletePatient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePatient, onSuccess: () => queryClient.clear() });
}
