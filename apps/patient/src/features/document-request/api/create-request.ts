import type { CreateDocumentRequestBody, DocumentRequest } from '@smartcare/contract/document-request';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { documentRequestsRoot } from './get-my-requests';

/** `POST /documentRequest/create`: the same `clientRequestId` twice gives one request. */
export function createRequest(body: CreateDocumentRequestBody): Promise<DocumentRequest> {
  return api.documentRequest.create({ body });
}

export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRequest,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: documentRequestsRoot }),
  });
}
