import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffProfile } from '@smartcare/contract/staff';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

export function getMyData(client: ApiClient): Promise<StaffProfile> {
  return client.api.staff.getMyData();
}

export function getMyDataQueryOptions(client: ApiClient) {
  return queryOptions({ queryKey: ['staff', 'myData'], queryFn: () => getMyData(client) });
}

export function useMyData() {
  return useQuery(getMyDataQueryOptions(useApiClient()));
}
