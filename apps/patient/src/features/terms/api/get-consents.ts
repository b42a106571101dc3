import type { Consent } from '@smartcare/contract/terms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /patient/getConsents`: what the patient agreed to, and when. */
export const consentsQueryKey = ['consents'] as const;

export function getConsents(): Promise<Consent[]> {
  return api.patient.getConsents();
}

export function getConsentsQueryOptions() {
  return queryOptions({ queryKey: consentsQueryKey, queryFn: getConsents });
}

export function useConsents() {
  return useQuery(getConsentsQueryOptions());
}
