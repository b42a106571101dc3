import { apiPaths } from '@smartcare/contract/api-paths';
import type { Terms } from '@smartcare/contract/terms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** `GET /terms/getTerms?termsCode=`: one document with its body. */
export function getTerms(termsCode: string): Promise<Terms> {
  return callApi<Terms>('GET', apiPaths.terms.getTerms, { query: { termsCode } });
}

export function getTermsQueryOptions(termsCode: string) {
  return queryOptions({
    queryKey: ['terms', termsCode],
    queryFn: () => getTerms(termsCode),
    staleTime: 10 * 60_000,
  });
}

export function useTerms(termsCode: string) {
  return useQuery(getTermsQueryOptions(termsCode));
}
