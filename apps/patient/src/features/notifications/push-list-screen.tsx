import type { Notification } from '@smartcare/contract/notification';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../components/ui/page';
import { EmptyView, ErrorView, LoadingView } from '../../components/ui/state-views';
import { areaConfig, type Area } from '../../config/area';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/date-format';
import { toast } from '../../lib/toast';
import { useMyNotifications } from './api/get-my-notifications';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from './api/mark-read';
import { routeOf } from './notification-realtime';
import './notifications.css';

/**
 * `/…/setting/pushlist`: the push history, newest first, a page at a time. Unread ones are
 * marked; a tap opens the notification's screen and marks it read; 모두 읽음 marks them all.
 */
export function PushListScreen({ area }: { area: Area }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const list = useMyNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const items = list.data?.pages.flatMap((page) => page.dataList) ?? [];
  const unread = items.some((n) => n.readAt === null);

  const open = (n: Notification) => {
    if (n.readAt === null) markRead.mutate(n.idx);
    const route = routeOf(n.deepLink);
    if (route) void navigate(route);
  };

  const readAll = () =>
    markAll.mutate(undefined, {
      onSuccess: () => toast.success(t('notifications.allRead')),
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <Page title={t('notifications.title')} back={areaConfig[area].settingHome}>
      {list.isPending && <LoadingView />}
      {list.isError && <ErrorView message={errorMessage(list.error)} onRetry={() => void list.refetch()} />}
      {list.isSuccess && items.length === 0 && <EmptyView>{t('notifications.empty')}</EmptyView>}
      {items.length > 0 && (
        <>
          <div className="push-list-actions">
            <p>{t('notifications.keepDays')}</p>
            <button
              type="button"
              className="btn btn-outline"
              onClick={readAll}
              disabled={!unread || markAll.isPending}
            >
              {t('notifications.markAllRead')}
            </button>
          </div>
          <ul className="push-list">
            {items.map((n) => (
              <li key={n.idx}>
                <button
                  type="button"
                  className={n.readAt === null ? 'push-item unread' : 'push-item'}
                  onClick={() => open(n)}
                >
                  <span className="push-item-dot" aria-hidden="true" />
                  <span className="push-item-text">
                    <span className="push-item-title">
                      {n.readAt === null && (
                        <span className="push-item-unread-label">{t('notifications.unread')} </span>
                      )}
                      {n.title}
                    </span>
                    <span className="push-item-body">{n.body}</span>
                    <span className="push-item-time">{formatDateTime(n.createdAt, i18n.language)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {list.hasNextPage && (
            <button
              type="button"
              className="btn btn-outline push-list-more"
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
            >
              {list.isFetchingNextPage ? t('common.loading') : t('notifications.more')}
            </button>
          )}
          {list.isFetchNextPageError && <p role="alert">{errorMessage(list.error)}</p>}
        </>
      )}
    </Page>
  );
}
