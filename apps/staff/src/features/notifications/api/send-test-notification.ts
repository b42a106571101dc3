import { useMutation } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

/** `POST /notification/sendTest`: a test notification to one patient of the hospital (issue 12). */
export function sendTestNotification(client: ApiClient, patientIdx: number) {
  return client.api.notification.sendTest({ body: { patientIdx } });
}

export function useSendTestNotification() {
  const client = useApiClient();
  return useMutation({ mutationFn: (patientIdx: number) => sendTestNotification(client, patientIdx) });
}
