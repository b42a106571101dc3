import { notificationSchema } from '@smartcare/contract/notification';
import { topics } from '@smartcare/contract/topics';
import { useOnReconnect, useRealtime, useRealtimeTopic } from '@smartcare/web-core/use-realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../../lib/use-session';
import { documentRequestsRoot } from './api/get-my-requests';

/**
 * Live status: 검토 중, 발급 완료 and 반려 reach the patient as `document` notifications on their
 * own notification topic (decision 026); each one refreshes the requests on screen.
 */
export function useDocumentLive(): void {
  const queryClient = useQueryClient();
  const { accessToken, myData } = useSession();
  const rt = useRealtime();
  useEffect(() => {
    // A screen opened before the session's start (a resumed session): connect now (start is idempotent).
    if (accessToken) rt.start();
  }, [rt, accessToken]);
  useRealtimeTopic(accessToken && myData ? topics.notificationPatient(myData.idx) : null, (payload) => {
    const parsed = notificationSchema.safeParse(payload);
    if (parsed.success && parsed.data.kind === 'document')
      void queryClient.invalidateQueries({ queryKey: documentRequestsRoot });
  });
  useOnReconnect(() => void queryClient.invalidateQueries({ queryKey: documentRequestsRoot }));
}
