import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DietDay } from '@smartcare/contract/diet';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

export type PatientDiet = DietDay & { patientName: string };
export const patientDietKey = (patientIdx: number) => ['diet', 'patient', patientIdx] as const;

/** `GET /diet/getPatientDiet`: a patient's day (today when no date) and the week to it. */
export function getPatientDiet(client: ApiClient, patientIdx: number, date?: string): Promise<PatientDiet> {
  return client.api.diet.getPatientDiet({ query: { patientIdx, date } });
}

export function usePatientDiet(patientIdx: number, date: string | undefined) {
  const client = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: [...patientDietKey(patientIdx), date ?? 'today'],
      queryFn: () => getPatientDiet(client, patientIdx, date),
    }),
  );
}
