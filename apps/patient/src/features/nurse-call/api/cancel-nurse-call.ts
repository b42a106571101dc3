import type { NurseCall } from '@smartcare/contract/nurse-call';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { myCallsQueryKey, withCall } from './get-my-calls';

/** `PUT /nurseCall/cancel` with `{ callIdx }`: the patient takes back an open call. */
export function cancelNurseCall(callIdx: number): Promise<NurseCall> {
  return api.nurseCall.cancel({ body: { callIdx } });
}

export function useCancelNurseCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelNurseCall,
    onSuccess: (call) => {
      queryClient.setQueryData<NurseCall[]>(myCallsQueryKey, (calls) => withCall(calls, call));
    },
    // Already handled by a nurse (NURSE_CALL_NOT_OPEN): the list should show what happened.
    onError: () => void queryClient.invalidateQueries({ queryKey: myCallsQueryKey }),
  });
}
