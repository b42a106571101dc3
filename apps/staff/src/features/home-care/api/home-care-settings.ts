import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HomeCareSettings } from '@smartcare/contract/home-care-watch';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { watchListRootKey } from './get-watch-list';

export const homeCareSettingsKey = ['homeCare', 'settings'] as const;

/** The hospital's N of "no reading for N days". */
export function getHomeCareSettings(client: ApiClient): Promise<HomeCareSettings> {
  return client.api.homeCare.getSettings();
}

export function useHomeCareSettings() {
  const client = useApiClient();
  return useQuery(
    queryOptions({ queryKey: homeCareSettingsKey, queryFn: () => getHomeCareSettings(client) }),
  );
}

export function setStaleDays(client: ApiClient, staleDays: number): Promise<HomeCareSettings> {
  return client.api.homeCare.setStaleDays({ body: { staleDays } });
}

/** Changing N regroups the list: it is fetched again. */
export function useSetStaleDays() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (staleDays: number) => setStaleDays(client, staleDays),
    onSuccess: (settings) => {
      queryClient.setQueryData(homeCareSettingsKey, settings);
      void queryClient.invalidateQueries({ queryKey: watchListRootKey });
    },
  });
}
