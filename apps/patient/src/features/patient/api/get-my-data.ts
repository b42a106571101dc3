import type { MyData } from '@smartcare/contract/patient';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /patient/getMyData`: profile, body information, alarm settings and consents together. */
export const myDataQueryKey = ['myData'] as const;

export function getMyData(): Promise<MyData> {
  return api.patient.getMyData();
}

export function getMyDataQueryOptions() {
  // Settings and alarm switches open offline with the last answer (decision 017).
  return queryOptions({ queryKey: myDataQueryKey, queryFn: getMyData, meta: { offline: true } });
}

export function useMyData() {
  return useQuery(getMyDataQueryOptions());
}
