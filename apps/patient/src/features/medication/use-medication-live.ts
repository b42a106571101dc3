import { topics } from '@smartcare/contract/topics';
import { useOnReconnect, useRealtimeTopic } from '@smartcare/web-core/use-realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../lib/use-session';
import { medicationQueryKey } from './api/keys';

/**
 * A nurse's prescription or change reaches the open screens at once: it comes with a medication
 * notification on the patient's own topic (issue 12), which refreshes every medication query.
 */
export function useMedicationLive(): void {
  const queryClient = useQueryClient();
  const { accessToken, myData } = useSession();
  useRealtimeTopic(accessToken && myData ? topics.notificationPatient(myData.idx) : null, (payload) => {
    if (payload && typeof payload === 'object' && (payload as { kind?: unknown }).kind === 'medication')
      void queryClient.invalidateQueries({ queryKey: medicationQueryKey });
  });
  useOnReconnect(() => void queryClient.invalidateQueries({ queryKey: medicationQueryKey }));
}
