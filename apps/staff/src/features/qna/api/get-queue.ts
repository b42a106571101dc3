import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QnaQueueItem, QnaStaffQuestion, QnaStatus } from '@smartcare/contract/qna';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

export const qnaRoot = ['qna'] as const;

/** The hospital's questions: waiting first, the longest waiting on top (a status filter optional). */
export function getQueue(client: ApiClient, status: QnaStatus | undefined): Promise<QnaQueueItem[]> {
  return client.api.qna.getQueue({ query: status ? { status } : {} });
}

export function getQueueQueryOptions(client: ApiClient, status: QnaStatus | undefined) {
  return queryOptions({
    queryKey: [...qnaRoot, 'queue', status ?? null],
    queryFn: () => getQueue(client, status),
    // New questions have no staff topic of their own: a short poll keeps the queue fresh.
    refetchInterval: 20_000,
  });
}

export function useQnaQueue(status: QnaStatus | undefined) {
  return useQuery(getQueueQueryOptions(useApiClient(), status));
}

/** One question with its answers (audited as a read of the patient's record). */
export function getPatientQuestion(client: ApiClient, idx: number): Promise<QnaStaffQuestion> {
  return client.api.qna.getPatientQuestion({ query: { idx } });
}

export function usePatientQuestion(idx: number | null) {
  const client = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: [...qnaRoot, 'one', idx],
      queryFn: () => getPatientQuestion(client, idx!),
      enabled: idx !== null,
      refetchInterval: 20_000,
    }),
  );
}

/** A question's photo as a data URL (the call needs the login, an <img> cannot send it). */
export function usePatientPhoto(idx: number) {
  const client = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: ['qnaPhoto', idx],
      queryFn: async () => {
        const photo = await client.api.qna.getPatientPhoto({ query: { idx } });
        return `data:${photo.contentType};base64,${photo.dataBase64}`;
      },
      staleTime: 10 * 60_000,
    }),
  );
}
