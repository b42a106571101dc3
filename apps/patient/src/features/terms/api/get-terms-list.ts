import type { TermsSummary } from '@smartcare/contract/terms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /terms/getTermsList` (no login needed: sign-up shows it). */
export function getTermsList(): Promise<TermsSummary[]> {
  return api.terms.getTermsList();
}

export function getTermsListQueryOptions() {
  return queryOptions({ queryKey: ['terms'], queryFn: getTermsList, staleTime: 10 * 60_000 });
}

export function useTermsList() {
  return useQuery(getTermsListQueryOptions());
}
