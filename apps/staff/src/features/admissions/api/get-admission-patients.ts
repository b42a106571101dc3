import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdmissionPatient } from '@smartcare/contract/admission';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

export const admissionPatientsKey = (keyword: string) => ['admission', 'patients', keyword] as const;

/** The hospital's patients with their active admission; `keyword` is a name part or patient number. */
export function getAdmissionPatients(client: ApiClient, keyword: string): Promise<AdmissionPatient[]> {
  return client.api.admission.getPatients({
    query: { keyword: keyword || undefined },
  });
}

export function useAdmissionPatients(keyword: string) {
  const client = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: admissionPatientsKey(keyword),
      queryFn: () => getAdmissionPatients(client, keyword),
      placeholderData: keepPreviousData,
    }),
  );
}
