import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /qna/getPhoto`: a question's photo as a data URL (an <img> cannot send the login). */
export async function getQuestionPhoto(idx: number): Promise<string> {
  const photo = await api.qna.getPhoto({ query: { idx } });
  return `data:${photo.contentType};base64,${photo.dataBase64}`;
}

export function useQuestionPhoto(idx: number) {
  return useQuery(
    queryOptions({
      queryKey: ['qnaPhoto', idx],
      queryFn: () => getQuestionPhoto(idx),
      staleTime: 10 * 60_000,
    }),
  );
}
