import type { Notification, UnreadCount } from '@smartcare/contract/notification';
import type { Page } from '@smartcare/contract/paging';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { myNotificationsQueryKey } from './get-my-notifications';
import { unreadCountQueryKey } from './unread-count-key';

/** `PUT /notification/markRead`: tapping a notification marks it read. */
export function markNotificationRead(notificationIdx: number): Promise<UnreadCount> {
  return api.notification.markRead({ body: { notificationIdx } });
}

/** `PUT /notification/markAllRead` (모두 읽음). */
export function markAllNotificationsRead(): Promise<UnreadCount> {
  return api.notification.markAllRead();
}

/** Writes the read marks into the cached history and the new count into the tile's query. */
function applyRead(queryClient: QueryClient, read: (n: Notification) => boolean, count: UnreadCount) {
  const at = new Date().toISOString();
  queryClient.setQueryData<InfiniteData<Page<Notification>>>(myNotificationsQueryKey, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            dataList: page.dataList.map((n) => (n.readAt === null && read(n) ? { ...n, readAt: at } : n)),
          })),
        }
      : data,
  );
  queryClient.setQueryData(unreadCountQueryKey, count);
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (count, notificationIdx) => applyRead(queryClient, (n) => n.idx === notificationIdx, count),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: (count) => applyRead(queryClient, () => true, count),
  });
}
