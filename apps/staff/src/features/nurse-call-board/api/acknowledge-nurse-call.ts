import { useMutation, useQueryClient } from '@tanstack/react-query';
import { nurseCallSchema, type NurseCall, type NurseCallActionBody } from '@smartcare/contract/nurse-call';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { upsertCall } from '../sort-calls';
import { openCallsKey } from './get-open-calls';

/** "I am on my way": the patient sees the acknowledgement at once (the server publishes it). */
export function acknowledgeNurseCall(client: ApiClient, body: NurseCallActionBody): Promise<unknown> {
  return client.api.nurseCall.acknowledge({ body });
}

export function useAcknowledgeNurseCall() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NurseCallActionBody) => acknowledgeNurseCall(client, body),
    onSuccess: (data) => applyCallResult(queryClient, data),
  });
}

/** Writes the changed call into the board when the server returned it; otherwise refetches. */
export function applyCallResult(queryClient: ReturnType<typeof useQueryClient>, data: unknown): void {
  const parsed = nurseCallSchema.safeParse(data);
  if (parsed.success) {
    queryClient.setQueryData<NurseCall[]>(openCallsKey, (calls) =>
      calls ? upsertCall(calls, parsed.data) : calls,
    );
  } else {
    void queryClient.invalidateQueries({ queryKey: openCallsKey });
  }
}
