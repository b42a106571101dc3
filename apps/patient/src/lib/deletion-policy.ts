import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * `GET /patient/deletionPolicy` (public): the grace period the server applies. Shared by
 * the in-app deletion screen and the public /account-deletion page, which must state the
 * same number of days the server then schedules (issue 10 point 7).
 */
export function deletionPolicyQueryOptions() {
  return queryOptions({
    queryKey: ['deletionPolicy'] as const,
    queryFn: () => api.patientPolicy.deletionPolicy(),
    staleTime: 60 * 60_000,
  });
}

export function useDeletionPolicy() {
  return useQuery(deletionPolicyQueryOptions());
}
