import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { VitalSignAlert } from '@smartcare/contract/home-care-watch';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { openAlertsKey } from './get-open-alerts';

/** One click: the server records who and when and tells every colleague's console. */
export function acknowledgeAlert(client: ApiClient, alertIdx: number): Promise<VitalSignAlert> {
  return client.api.homeCare.acknowledgeAlert({ body: { alertIdx } });
}

/** Writes an alert's new state into the open list and the patient's page (live events use it too). */
export function applyAlert(queryClient: QueryClient, alert: VitalSignAlert): void {
  queryClient.setQueryData<VitalSignAlert[]>(openAlertsKey, (alerts) => {
    if (!alerts) return alerts;
    const others = alerts.filter((a) => a.idx !== alert.idx);
    return alert.acknowledgedAt ? others : [alert, ...others];
  });
  void queryClient.invalidateQueries({ queryKey: ['homeCare', 'patient', alert.patientIdx] });
  void queryClient.invalidateQueries({ queryKey: ['homeCare', 'watchList'] });
}

export function useAcknowledgeAlert() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alertIdx: number) => acknowledgeAlert(client, alertIdx),
    onSuccess: (alert) => applyAlert(queryClient, alert),
    // A colleague was first: the list is refreshed so the alert leaves it.
    onError: () => void queryClient.invalidateQueries({ queryKey: openAlertsKey }),
  });
}
