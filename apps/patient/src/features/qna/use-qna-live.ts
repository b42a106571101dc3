import { notificationSchema } from '@smartcare/contract/notification';
import { topics } from '@smartcare/contract/topics';
import { useOnReconnect, useRealtime, useRealtimeTopic } from '@smartcare/web-core/use-realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../../lib/use-session';
import { qnaRoot } from './api/get-my-questions';

/**
 * "Your question was answered" reaches the patient as a `qna` notification on their own
 * notification topic (decision 027); each one refreshes the questions on screen.
 */
export function useQnaLive(): void {
  const queryClient = useQueryClient();
  const { accessToken, myData } = useSession();
  const rt = useRealtime();
  useEffect(() => {
    if (accessToken) rt.start();
  }, [rt, accessToken]);
  useRealtimeTopic(accessToken && myData ? topics.notificationPatient(myData.idx) : null, (payload) => {
    const parsed = notificationSchema.safeParse(payload);
    if (parsed.success && parsed.data.kind === 'qna')
      void queryClient.invalidateQueries({ queryKey: qnaRoot });
  });
  useOnReconnect(() => void queryClient.invalidateQueries({ queryKey: qnaRoot }));
}
