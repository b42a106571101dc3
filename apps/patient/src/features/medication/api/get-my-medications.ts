import type { Medication } from '@smartcare/contract/medication';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { medicationQueryKey } from './keys';

/** `GET /medication/getMyMedications`: active first (a nurse's prescriptions included). */
export function getMyMedications(): Promise<Medication[]> {
  return api.medication.getMyMedications();
}

export function useMyMedications() {
  return useQuery(
    queryOptions({ queryKey: [...medicationQueryKey, 'list'], queryFn: getMyMedications, staleTime: 0 }),
  );
}
