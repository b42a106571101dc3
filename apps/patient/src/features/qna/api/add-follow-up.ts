import type { QnaQuestion } from '@smartcare/contract/qna';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { qnaRoot } from './get-my-questions';
import { questionQueryKey } from './get-question';

/** `POST /qna/addFollowUp`: the question waits for the care team again. */
export function addFollowUp(idx: number, text: string): Promise<QnaQuestion> {
  return api.qna.addFollowUp({ body: { idx, text } });
}

export function useAddFollowUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idx, text }: { idx: number; text: string }) => addFollowUp(idx, text),
    onSuccess: (question) => {
      queryClient.setQueryData(questionQueryKey(question.idx), question);
      void queryClient.invalidateQueries({ queryKey: qnaRoot });
    },
  });
}
