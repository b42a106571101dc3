import type { MyAdmission } from '@smartcare/contract/admission';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /admission/getMyAdmission`: the bed staff registered, or null (no nurse call possible). */
export const myAdmissionQueryKey = ['admission', 'mine'] as const;

export function getMyAdmission(): Promise<MyAdmission> {
  return api.admission.getMyAdmission();
}

export function useMyAdmission(enabled = true) {
  return useQuery(
    queryOptions({ queryKey: myAdmissionQueryKey, queryFn: getMyAdmission, staleTime: 0, enabled }),
  );
}
