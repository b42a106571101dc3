import type { DeletionRequest } from '@smartcare/contract/patient';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loadPatient } from '../../../lib/auth';
import { patientQueryKey } from './get-patient';

/** `DELETE /patient/deleteRequest`: deletion after the grace period, unless withdrawn. */
export async function deleteRequest(body: { reason?: string }): Promise<DeletionRequest> {
  const request = await api.patient.deleteRequest({ body });
  await loadPatient();
  return request;
}

export function useDeleteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientQueryKey }),
  });
}
