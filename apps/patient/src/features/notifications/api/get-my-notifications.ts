import type { Notification } from '@smartcare/contract/notification';
import type { Page } from '@smartcare/contract/paging';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every notification query starts with this (the live notice refreshes them all). */
export const notificationsQueryRoot = ['notification'] as const;
export const myNotificationsQueryKey = [...notificationsQueryRoot, 'list'] as const;
export const NOTIFICATION_PAGE_SIZE = 20;

/** `GET /notification/getMyNotifications`: the push history, newest first, a page at a time. */
export function getMyNotifications(pNum: number): Promise<Page<Notification>> {
  return api.notification.getMyNotifications({ query: { pNum, pSize: NOTIFICATION_PAGE_SIZE } });
}

export function myNotificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: myNotificationsQueryKey,
    queryFn: ({ pageParam }) => getMyNotifications(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pNum * last.pSize < last.totalCount ? last.pNum + 1 : undefined),
    staleTime: 0,
  });
}

export function useMyNotifications() {
  return useInfiniteQuery(myNotificationsQueryOptions());
}
