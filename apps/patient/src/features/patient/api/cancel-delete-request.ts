import { apiPaths } from '@smartcare/contract/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { loadPatient } from '../../../lib/auth';
import { patientQueryKey } from './get-patient';

/** `POST /patient/cancelDeleteRequest`: the patient withdraws a pending deletion request. */
export async function cancelDeleteRequest(): Promise<void> {
  await callApi<unknown>('POST', apiPaths.patient.cancelDeleteRequest);
  await loadPatient();
}

export function useCancelDeleteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelDeleteRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientQueryKey }),
  });
}
