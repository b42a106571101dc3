import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VitalSignAlert } from '@smartcare/contract/home-care-watch';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

export const openAlertsKey = ['homeCare', 'openAlerts'] as const;

/** The hospital's unacknowledged urgent-reading alerts, newest first. */
export function getOpenAlerts(client: ApiClient): Promise<VitalSignAlert[]> {
  return client.api.homeCare.getOpenAlerts();
}

export function getOpenAlertsQueryOptions(client: ApiClient) {
  return queryOptions({ queryKey: openAlertsKey, queryFn: () => getOpenAlerts(client) });
}

export function useOpenAlerts() {
  return useQuery(getOpenAlertsQueryOptions(useApiClient()));
}
