import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * `GET /notification/getUnreadCount` for the home's 알림함 tile. The notifications feature
 * updates the same key when something is read or arrives (issue 12).
 */
export const unreadCountQueryKey = ['notification', 'unreadCount'] as const;

export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: unreadCountQueryKey,
    queryFn: () => api.notification.getUnreadCount(),
    staleTime: 30_000,
  });
}

export function useUnreadCount(enabled = true) {
  return useQuery({ ...unreadCountQueryOptions(), enabled });
}
