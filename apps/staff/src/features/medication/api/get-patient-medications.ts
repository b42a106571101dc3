import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PatientMedications } from '@smartcare/contract/medication';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

export const patientMedicationsKey = (patientIdx: number) => ['medication', 'patient', patientIdx] as const;

/** A patient's medications, adherence of the last 7 and 30 days, and the missed doses (issue 15). */
export function getPatientMedications(client: ApiClient, patientIdx: number): Promise<PatientMedications> {
  return client.api.medication.getPatientMedications({ query: { patientIdx } });
}

export function usePatientMedications(patientIdx: number) {
  const client = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: patientMedicationsKey(patientIdx),
      queryFn: () => getPatientMedications(client, patientIdx),
      enabled: Number.isInteger(patientIdx) && patientIdx > 0,
      // Doses are taken and missed while the page is open.
      refetchInterval: 60_000,
    }),
  );
}
