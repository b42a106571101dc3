import { apiPaths } from '@smartcare/contract/api-paths';
import type { UpdateConsentsBody } from '@smartcare/contract/terms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { consentsQueryKey } from './get-consents';

/** `PUT /patient/updateConsents`: optional consents only (required ones end with the account). */
export function updateConsents(body: UpdateConsentsBody): Promise<unknown> {
  return callApi<unknown>('PUT', apiPaths.patient.updateConsents, { body });
}

export function useUpdateConsents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConsents,
    onSettled: () => queryClient.invalidateQueries({ queryKey: consentsQueryKey }),
  });
}
