import type { QnaQuestion } from '@smartcare/contract/qna';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { qnaRoot } from './get-my-questions';
import { questionQueryKey } from './get-question';

/** `PUT /qna/closeQuestion`: the patient ends the question. */
export function closeQuestion(idx: number): Promise<QnaQuestion> {
  return api.qna.closeQuestion({ body: { idx } });
}

export function useCloseQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeQuestion,
    onSuccess: (question) => {
      queryClient.setQueryData(questionQueryKey(question.idx), question);
      void queryClient.invalidateQueries({ queryKey: qnaRoot });
    },
  });
}
