import type { UpdateConsentsBody } from '@smartcare/contract/terms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { consentsQueryKey } from './get-consents';

/** `PUT /patient/updateConsents`: optional consents only (required ones end with the account). */
export function updateConsents(body: UpdateConsentsBody): Promise<unknown> {
  return api.patient.updateConsents({ body });
}

export function useUpdateConsents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConsents,
    // The marketing consents are the alarm settings' advertising switches (issue 10 point 6):
    // the alarm screen's query (features/patient, key ['myData']) is out of date with them.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: consentsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['myData'] }),
      ]),
  });
}
