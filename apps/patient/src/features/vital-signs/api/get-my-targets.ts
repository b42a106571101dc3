import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { vitalSignsQueryKey } from './record-vital-sign';

/** `GET /vitalSign/getMyTargets`: the personal targets a nurse set (empty: the guidelines apply). */
export function useMyTargets() {
  return useQuery(
    queryOptions({
      queryKey: [...vitalSignsQueryKey, 'targets'],
      queryFn: () => api.vitalSign.getMyTargets(),
    }),
  );
}
