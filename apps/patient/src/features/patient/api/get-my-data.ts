import { apiPaths } from '@smartcare/contract/api-paths';
import type { MyData } from '@smartcare/contract/patient';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** `GET /patient/getMyData`: profile, body information, alarm settings and consents together. */
export const myDataQueryKey = ['myData'] as const;

export function getMyData(): Promise<MyData> {
  return callApi<MyData>('GET', apiPaths.patient.getMyData);
}

export function getMyDataQueryOptions() {
  return queryOptions({ queryKey: myDataQueryKey, queryFn: getMyData });
}

export function useMyData() {
  return useQuery(getMyDataQueryOptions());
}
