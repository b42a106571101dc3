import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WatchPatientPage } from '@smartcare/contract/home-care-watch';
import { useApiClient } from '../../../lib/api-client';

/** The patient's latest readings beside the question: the home-care patient page's own call. */
export function usePatientReadings(patientIdx: number | null) {
  const client = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: ['qna', 'readings', patientIdx],
      queryFn: (): Promise<WatchPatientPage> =>
        client.api.homeCare.getPatient({ query: { patientIdx: patientIdx! } }),
      enabled: patientIdx !== null,
    }),
  );
}
