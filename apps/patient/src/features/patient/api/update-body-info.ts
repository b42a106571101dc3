import type { UpdateBodyInfoBody } from '@smartcare/contract/patient';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { myDataQueryKey } from './get-my-data';

/** `PUT /patient/updateBodyInfo` (extra / body information screens). */
export function updateBodyInfo(body: UpdateBodyInfoBody): Promise<unknown> {
  return api.patient.updateBodyInfo({ body });
}

export function useUpdateBodyInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBodyInfo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myDataQueryKey }),
  });
}
