import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VitalSignKind, VitalSignSummary } from '@smartcare/contract/vital-signs';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

export const patientSummaryKey = (patientIdx: number, kind: VitalSignKind, from: string, to: string) =>
  ['homeCare', 'patient', patientIdx, 'summary', kind, from, to] as const;

/** One kind's chart over a period (the server averages long periods into buckets). */
export function getPatientSummary(
  client: ApiClient,
  patientIdx: number,
  kind: VitalSignKind,
  from: string,
  to: string,
): Promise<VitalSignSummary> {
  return client.api.homeCare.getPatientSummary({ query: { patientIdx, kind, from, to } });
}

export function usePatientSummary(patientIdx: number, kind: VitalSignKind, from: string, to: string) {
  const client = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: patientSummaryKey(patientIdx, kind, from, to),
      queryFn: () => getPatientSummary(client, patientIdx, kind, from, to),
      placeholderData: keepPreviousData,
    }),
  );
}
