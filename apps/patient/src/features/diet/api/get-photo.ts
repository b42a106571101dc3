import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dietQueryKey } from './get-day';

/** `GET /diet/getPhoto`: a meal's photo as a data URL (the call needs the login, an <img> cannot send it). */
export async function getPhoto(idx: number): Promise<string> {
  const photo = await api.diet.getPhoto({ query: { idx } });
  return `data:${photo.contentType};base64,${photo.dataBase64}`;
}

export function useMealPhoto(idx: number, hasPhoto: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...dietQueryKey, 'photo', idx],
      queryFn: () => getPhoto(idx),
      enabled: hasPhoto,
      staleTime: 10 * 60_000,
    }),
  );
}
