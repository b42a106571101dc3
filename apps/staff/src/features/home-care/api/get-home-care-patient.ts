import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WatchPatientPage } from '@smartcare/contract/home-care-watch';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

export const homeCarePatientKey = (patientIdx: number) => ['homeCare', 'patient', patientIdx] as const;

/** A home-care patient's latest readings, targets, note and alerts. */
export function getHomeCarePatient(client: ApiClient, patientIdx: number): Promise<WatchPatientPage> {
  return client.api.homeCare.getPatient({ query: { patientIdx } });
}

export function getHomeCarePatientQueryOptions(client: ApiClient, patientIdx: number) {
  return queryOptions({
    queryKey: homeCarePatientKey(patientIdx),
    queryFn: () => getHomeCarePatient(client, patientIdx),
  });
}

export function useHomeCarePatient(patientIdx: number) {
  return useQuery(getHomeCarePatientQueryOptions(useApiClient(), patientIdx));
}
