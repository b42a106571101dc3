import type { QnaQuestion } from '@smartcare/contract/qna';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { qnaRoot } from './get-my-questions';

export const questionQueryKey = (idx: number) => [...qnaRoot, 'one', idx] as const;

/** `GET /qna/getQuestion?idx=`: one question with the care team's answers. */
export function getQuestion(idx: number): Promise<QnaQuestion> {
  return api.qna.getQuestion({ query: { idx } });
}

export function getQuestionQueryOptions(idx: number) {
  return queryOptions({ queryKey: questionQueryKey(idx), queryFn: () => getQuestion(idx), staleTime: 0 });
}

export function useQuestion(idx: number) {
  return useQuery({ ...getQuestionQueryOptions(idx), enabled: idx > 0 });
}
