import type { VitalSignKind, VitalSignSummary } from '@smartcare/contract/vital-signs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Period } from './get-readings';
import { vitalSignsQueryKey } from './record-vital-sign';

/** `GET /vitalSign/getSummary`: averages, min/max, count and the chart's series of a period. */
export function getSummary(kind: VitalSignKind, period: Period): Promise<VitalSignSummary> {
  return api.vitalSign.getSummary({ query: { kind, from: period.from, to: period.to } });
}

export function useSummary(kind: VitalSignKind, period: Period) {
  return useQuery(
    queryOptions({
      queryKey: [...vitalSignsQueryKey, 'summary', kind, period.from, period.to],
      queryFn: () => getSummary(kind, period),
    }),
  );
}
