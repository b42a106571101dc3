import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { patientDietKey } from './get-patient-diet';

/** `GET /diet/getPatientPhoto`: a meal's photo as a data URL (the call needs the login). */
export async function getPatientPhoto(client: ApiClient, patientIdx: number, idx: number): Promise<string> {
  const photo = await client.api.diet.getPatientPhoto({ query: { patientIdx, idx } });
  return `data:${photo.contentType};base64,${photo.dataBase64}`;
}

export function usePatientPhoto(patientIdx: number, idx: number, enabled: boolean) {
  const client = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: [...patientDietKey(patientIdx), 'photo', idx],
      queryFn: () => getPatientPhoto(client, patientIdx, idx),
      enabled,
      staleTime: 10 * 60_000,
    }),
  );
}
