import { notificationSchema } from '@smartcare/contract/notification';
import { topics } from '@smartcare/contract/topics';
import { useOnReconnect, useRealtime, useRealtimeTopic } from '@smartcare/web-core/use-realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../../lib/use-session';
import { appointmentsRoot } from './api/get-my-appointments';

/**
 * Live appointments: the hospital's decisions (a new booking, a change or cancel accepted or
 * declined, an edit) reach the patient as `schedule` notifications on their own notification
 * topic; each one refreshes the appointments on screen, as the document requests do (decision 026).
 */
export function useAppointmentLive(): void {
  const queryClient = useQueryClient();
  const { accessToken, myData } = useSession();
  const rt = useRealtime();
  useEffect(() => {
    // A screen opened before the session's start (a resumed session): connect now (start is idempotent).
    if (accessToken) rt.start();
  }, [rt, accessToken]);
  useRealtimeTopic(accessToken && myData ? topics.notificationPatient(myData.idx) : null, (payload) => {
    const parsed = notificationSchema.safeParse(payload);
    if (parsed.success && parsed.data.kind === 'schedule')
      void queryClient.invalidateQueries({ queryKey: appointmentsRoot });
  });
  useOnReconnect(() => void queryClient.invalidateQueries({ queryKey: appointmentsRoot }));
}
