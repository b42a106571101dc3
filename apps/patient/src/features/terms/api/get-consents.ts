import { apiPaths } from '@smartcare/contract/api-paths';
import type { Consent } from '@smartcare/contract/terms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** `GET /patient/getConsents`: what the patient agreed to, and when. */
export const consentsQueryKey = ['consents'] as const;

export function getConsents(): Promise<Consent[]> {
  return callApi<Consent[]>('GET', apiPaths.patient.getConsents);
}

export function getConsentsQueryOptions() {
  return queryOptions({ queryKey: consentsQueryKey, queryFn: getConsents });
}

export function useConsents() {
  return useQuery(getConsentsQueryOptions());
}
