import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loadPatient } from '../../../lib/auth';
import { patientQueryKey } from './get-patient';

/** `POST /patient/cancelDeleteRequest`: the patient withdraws a pending deletion request. */
export async function cancelDeleteRequest(): Promise<void> {
  await api.patient.cancelDeleteRequest();
  await loadPatient();
}

export function useCancelDeleteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelDeleteRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientQueryKey }),
  });
}
