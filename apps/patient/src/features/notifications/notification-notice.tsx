import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/use-session';
import { useMarkNotificationRead } from './api/mark-read';
import { routeOf } from './notification-realtime';
import { useNotificationLive } from './use-notification-live';
import './notifications.css';

/** How long the banner stays when it is not tapped. */
const NOTICE_MS = 8000;

/**
 * The in-app notice: a new notification as a banner at the top while the app is open.
 * Tapping it opens its screen and marks it read; it also goes away by itself.
 */
export function NotificationNotice() {
  const { accessToken } = useSession();
  if (!accessToken) return null;
  return <LiveNotice />;
}

function LiveNotice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { notice, dismiss } = useNotificationLive();
  const markRead = useMarkNotificationRead();

  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(dismiss, NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice, dismiss]);

  if (!notice) return null;
  const open = () => {
    markRead.mutate(notice.idx);
    dismiss();
    const route = routeOf(notice.deepLink);
    if (route) void navigate(route);
  };
  return (
    <div className="notification-notice" role="status" aria-live="polite">
      <button type="button" className="notification-notice-open" onClick={open}>
        <span className="notification-notice-title">{notice.title}</span>
        <span className="notification-notice-body">{notice.body}</span>
      </button>
      <button
        type="button"
        className="notification-notice-close"
        onClick={dismiss}
        aria-label={t('notifications.closeNotice')}
      >
        ×
      </button>
    </div>
  );
}
