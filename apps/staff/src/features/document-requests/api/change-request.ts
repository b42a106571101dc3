import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentRequest } from '@smartcare/contract/document-request';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { documentQueueRoot } from './get-queue';

/** 검토 중: staff take the request (the patient can no longer cancel it). */
export function reviewRequest(client: ApiClient, idx: number): Promise<DocumentRequest> {
  return client.api.documentRequest.review({ body: { idx } });
}

/** 발급 완료: the server generates the PDF with this content and tells the patient. */
export function issueRequest(
  client: ApiClient,
  body: { idx: number; content: string },
): Promise<DocumentRequest> {
  return client.api.documentRequest.issue({ body });
}

/** 반려 with the reason the patient reads. */
export function rejectRequest(
  client: ApiClient,
  body: { idx: number; reason: string },
): Promise<DocumentRequest> {
  return client.api.documentRequest.reject({ body });
}

function useChange<V>(run: (client: ApiClient, vars: V) => Promise<DocumentRequest>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => run(client, vars),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: documentQueueRoot }),
  });
}

export const useReviewRequest = () => useChange(reviewRequest);
export const useIssueRequest = () => useChange(issueRequest);
export const useRejectRequest = () => useChange(rejectRequest);
