import { PRESENCE_HEARTBEAT_S, type Notification } from '@smartcare/contract/notification';
import { topics } from '@smartcare/contract/topics';
import { useOnReconnect, useRealtimeTopic } from '@smartcare/web-core/use-realtime';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/use-session';
import { notificationsQueryRoot } from './api/get-my-notifications';
import { reportPresence } from './api/presence';
import { readNotification, routeOf } from './notification-realtime';

/** This open app (tab), for the server's foreground presence (decision 015). */
const deviceId = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) =>
  b.toString(16).padStart(2, '0'),
).join('');

/**
 * While the app is open: new notifications refresh the history and the 알림함 count, and show
 * as a banner unless the patient is on the very screen they point to (the chat room they came
 * from). The app also tells the server it is in the foreground, so no push repeats the banner.
 */
export function useNotificationLive(): { notice: Notification | null; dismiss: () => void } {
  const queryClient = useQueryClient();
  const { accessToken, myData } = useSession();
  const location = useLocation();
  const [notice, setNotice] = useState<Notification | null>(null);
  const pathRef = useRef(location.pathname);
  useEffect(() => {
    pathRef.current = location.pathname;
  }, [location.pathname]);
  const inChat = location.pathname === paths.hospital.consultingChat.path;

  // The room the chat screen shows, so the server skips notices for it (the screen shows the message).
  const chatRoom = useQuery({
    queryKey: [...notificationsQueryRoot, 'presenceRoom'],
    queryFn: () => api.chat.currentRoom(),
    enabled: Boolean(accessToken) && inChat,
    staleTime: 60_000,
  });
  const chatRoomIdx = inChat ? (chatRoom.data?.idx ?? null) : null;

  useRealtimeTopic(accessToken && myData ? topics.notificationPatient(myData.idx) : null, (payload) => {
    const n = readNotification(payload);
    if (!n) return;
    void queryClient.invalidateQueries({ queryKey: notificationsQueryRoot });
    if (routeOf(n.deepLink) === pathRef.current) return;
    setNotice(n);
  });
  // What arrived while the connection was down is in the history: refresh the count and list.
  useOnReconnect(() => void queryClient.invalidateQueries({ queryKey: notificationsQueryRoot }));

  useEffect(() => {
    if (!accessToken) return undefined;
    const report = () => {
      const foreground = document.visibilityState === 'visible';
      // Best effort: without it the server simply pushes as well.
      void reportPresence({ deviceId, foreground, chatRoomIdx: foreground ? chatRoomIdx : null }).catch(
        () => undefined,
      );
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
  }, [accessToken, chatRoomIdx]);

  return { notice, dismiss: () => setNotice(null) };
}
