import { notificationSchema } from '@smartcare/contract/notification';
import { topics } from '@smartcare/contract/topics';
import { useOnReconnect, useRealtimeTopic } from '@smartcare/web-core/use-realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../lib/use-session';
import { documentRequestsRoot } from './api/get-my-requests';

/**
 * Live status: 검토 중, 발급 완료 and 반려 reach the patient as `document` notifications on their
 * own notification topic (decision 026); each one refreshes the requests on screen.
 */
export function useDocumentLive(): void {
  const queryClient = useQueryClient();
  const { accessToken, myData } = useSession();
  useRealtimeTopic(accessToken && myData ? topics.notificationPatient(myData.idx) : null, (payload) => {
    const parsed = notificationSchema.safeParse(payload);
    if (parsed.success && parsed.data.kind === 'document')
      void queryClient.invalidateQueries({ queryKey: documentRequestsRoot });
  });
  useOnReconnect(() => void queryClient.invalidateQueries({ queryKey: documentRequestsRoot }));
}
