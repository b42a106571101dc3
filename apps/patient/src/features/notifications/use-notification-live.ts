import { PRESENCE_HEARTBEAT_S, type Notification } from '@smartcare/contract/notification';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { randomId, useRealtime } from '../../lib/realtime';
import { useSession } from '../../lib/use-session';
import { notificationsQueryRoot } from './api/get-my-notifications';
import { reportPresence } from './api/presence';
import { onNotification, routeOf } from './notification-realtime';

/** This open app (tab), for the server's foreground presence (decision 015). */
const deviceId = randomId(12);

/**
 * While the app is open: new notifications refresh the history and the 알림함 count, and show
 * as a banner unless the patient is on the very screen they point to (the chat room they came
 * from). The app also tells the server it is in the foreground, so no push repeats the banner.
 */
export function useNotificationLive(): { notice: Notification | null; dismiss: () => void } {
  const rt = useRealtime();
  const queryClient = useQueryClient();
  const { accessToken } = useSession();
  const location = useLocation();
  const [notice, setNotice] = useState<Notification | null>(null);
  const pathRef = useRef(location.pathname);
  useEffect(() => {
    pathRef.current = location.pathname;
  }, [location.pathname]);
  const inChat = location.pathname === paths.hospital.consultingChat.path;

  useEffect(() => {
    if (!accessToken) return undefined;
    return onNotification(rt, (n) => {
      void queryClient.invalidateQueries({ queryKey: notificationsQueryRoot });
      if (routeOf(n.deepLink) === pathRef.current) return;
      setNotice(n);
    });
  }, [rt, queryClient, accessToken]);

  useEffect(() => {
    if (!accessToken) return undefined;
    const report = () => {
      const foreground = document.visibilityState === 'visible';
      const chatRoomIdx = foreground && inChat ? rt.snapshot().roomIdx : null;
      // Best effort: without it the server simply pushes as well.
      void reportPresence({ deviceId, foreground, chatRoomIdx }).catch(() => undefined);
    };
    report();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') report();
    }, PRESENCE_HEARTBEAT_S * 1000);
    document.addEventListener('visibilitychange', report);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', report);
    };
  }, [rt, accessToken, inChat]);

  return { notice, dismiss: () => setNotice(null) };
}
