import type { MedicationDetail } from '@smartcare/contract/medication';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { medicationQueryKey } from './keys';

/** `GET /medication/getMedication`: one medicine with its recent doses. */
export function getMedication(idx: number): Promise<MedicationDetail> {
  return api.medication.getMedication({ query: { idx } });
}

export function useMedication(idx: number) {
  return useQuery(
    queryOptions({
      queryKey: [...medicationQueryKey, 'detail', idx],
      queryFn: () => getMedication(idx),
      enabled: Number.isInteger(idx) && idx > 0,
    }),
  );
}
