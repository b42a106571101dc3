import type { CreateQuestionBody, QnaQuestion } from '@smartcare/contract/qna';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { qnaRoot } from './get-my-questions';

/** `POST /qna/createQuestion`: the same `clientRequestId` twice gives one question. */
export function createQuestion(body: CreateQuestionBody): Promise<QnaQuestion> {
  return api.qna.createQuestion({ body });
}

export function useCreateQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuestion,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: qnaRoot }),
  });
}
