import type { Job } from '../../plugins/jobs.plugin.ts';
import type { NotificationService } from './notification.service.ts';

export const NOTIFICATION_PUSH_JOB = 'notification-push';
export const NOTIFICATION_PRUNE_JOB = 'notification-prune';

/** Due pushes out, 429/5xx retried with backoff; the rows survive a restart (decision 002, SKIP LOCKED). */
export function notificationPushJob(notifications: Pick<NotificationService, 'deliverDue'>): Job {
  return { name: NOTIFICATION_PUSH_JOB, run: () => notifications.deliverDue() };
}

/** The push history keeps 90 days. */
export function notificationPruneJob(notifications: Pick<NotificationService, 'prune'>): Job {
  return { name: NOTIFICATION_PRUNE_JOB, run: () => notifications.prune() };
}
