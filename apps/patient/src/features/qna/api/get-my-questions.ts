import type { Page } from '@smartcare/contract/paging';
import type { QnaSummary } from '@smartcare/contract/qna';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every query of the feature starts with this key: one invalidation refreshes them all. */
export const qnaRoot = ['qna'] as const;
export const QNA_PAGE_SIZE = 10;

/** `GET /qna/getMyQuestions`: the patient's questions, newest first, a page at a time. */
export function getMyQuestions(pNum: number): Promise<Page<QnaSummary>> {
  return api.qna.getMyQuestions({ query: { pNum, pSize: QNA_PAGE_SIZE } });
}

export function getMyQuestionsQueryOptions(pNum: number) {
  return queryOptions({
    queryKey: [...qnaRoot, 'mine', pNum],
    queryFn: () => getMyQuestions(pNum),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useMyQuestions(pNum: number) {
  return useQuery(getMyQuestionsQueryOptions(pNum));
}
