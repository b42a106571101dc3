import type { DocumentRequest } from '@smartcare/contract/document-request';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { documentRequestsRoot } from './get-my-requests';
import { myRequestQueryKey } from './get-my-request';

/** `PUT /documentRequest/cancel` with `{ idx }`: only while the hospital has not started the review. */
export function cancelRequest(idx: number): Promise<DocumentRequest> {
  return api.documentRequest.cancel({ body: { idx } });
}

export function useCancelRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRequest,
    onSuccess: (request) => {
      queryClient.setQueryData(myRequestQueryKey(request.idx), request);
      void queryClient.invalidateQueries({ queryKey: documentRequestsRoot });
    },
    // Already in review (DOCUMENT_REQUEST_STATE): show what the hospital did.
    onError: () => void queryClient.invalidateQueries({ queryKey: documentRequestsRoot }),
  });
}
