import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QnaStaffQuestion } from '@smartcare/contract/qna';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { qnaRoot } from './get-queue';

export function assignToMe(client: ApiClient, idx: number): Promise<QnaStaffQuestion> {
  return client.api.qna.assignToMe({ body: { idx } });
}

/** The answer the patient reads; the server notifies them. */
export function answerQuestion(
  client: ApiClient,
  body: { idx: number; text: string },
): Promise<QnaStaffQuestion> {
  return client.api.qna.answer({ body });
}

function useChange<V>(run: (client: ApiClient, vars: V) => Promise<QnaStaffQuestion>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => run(client, vars),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: qnaRoot }),
  });
}

export const useAssignToMe = () => useChange(assignToMe);
export const useAnswerQuestion = () => useChange(answerQuestion);
