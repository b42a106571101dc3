import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadPatient } from '../../../lib/auth';
import { session } from '../../../lib/session';

/** `GET /patient/getPatient`: the profile, also kept as `myData` (spec §3). */
export const patientQueryKey = ['patient'] as const;

export function getPatientQueryOptions() {
  return queryOptions({
    queryKey: patientQueryKey,
    queryFn: loadPatient,
    // What the last visit stored shows at once; the fresh copy replaces it.
    placeholderData: () => session.snapshot().myData ?? undefined,
    // The home screen opens offline with the last profile (decision 017).
    meta: { offline: true },
  });
}

export function usePatient() {
  return useQuery(getPatientQueryOptions());
}
