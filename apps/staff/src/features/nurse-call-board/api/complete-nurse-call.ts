import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NurseCallActionBody } from '@smartcare/contract/nurse-call';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { applyCallResult } from './acknowledge-nurse-call';

export function completeNurseCall(client: ApiClient, body: NurseCallActionBody): Promise<unknown> {
  return client.api.nurseCall.complete({ body });
}

export function useCompleteNurseCall() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NurseCallActionBody) => completeNurseCall(client, body),
    onSuccess: (data) => applyCallResult(queryClient, data),
  });
}
