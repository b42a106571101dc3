import type { Terms, TermsCode } from '@smartcare/contract/terms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /terms/getTerms?termsCode=`: one document with its body. */
export function getTerms(termsCode: string): Promise<Terms> {
  // The code comes from the route; the server answers an unknown one with NOT_FOUND.
  return api.terms.getTerms({ query: { termsCode: termsCode as TermsCode } });
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
