import type { Dashboard } from '@smartcare/contract/vital-signs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { vitalSignsQueryKey } from './record-vital-sign';

/** `GET /vitalSign/getDashboard`: the latest reading of each kind and its last 7 days. */
export function getDashboard(): Promise<Dashboard> {
  return api.vitalSign.getDashboard();
}

export function useDashboard() {
  return useQuery(
    queryOptions({
      queryKey: [...vitalSignsQueryKey, 'dashboard'],
      queryFn: getDashboard,
      staleTime: 0,
      // The health dashboard opens offline with its last answer (issue 12, decision 017).
      meta: { offline: true },
    }),
  );
}
