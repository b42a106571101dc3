import {
  PRESENCE_HEARTBEAT_S,
  URGENT_NOTIFICATION_KINDS,
  type Notification,
  type NotificationKind,
  type PresenceBody,
  type WebPushPayload,
  type WebPushSubscriptionBody,
} from '@smartcare/contract/notification';
import type { Page, PagingQuery } from '@smartcare/contract/paging';
import { topics } from '@smartcare/contract/topics';
import { AccessRefused, DomainError } from '../../lib/errors.ts';
import type { Audit } from '../../plugins/audit.plugin.ts';
import type { Database } from '../../plugins/db/database.ts';
import type { ActiveAdmission } from '../admission/admission.service.ts';
import {
  notificationRepository as repo,
  type ClaimedDelivery,
  type DeliveryTarget,
} from './notification.repository.ts';
import { decidePush, maySend, retryDelayMs, titleFor, type PushPreferences } from './notification.rules.ts';
import type { PushOutcome, PushSender, VapidKeys, WebPushTarget } from './push-senders.ts';

/** What a feature hands to `notify`. `deepLink` is the patient app's hash route, e.g. `#/hospital/consulting/chat`. */
export interface NotifyInput {
  kind: NotificationKind;
  title: string;
  body: string;
  deepLink: string;
  /** Small facts for the app; `roomIdx` on a chat notification names the room it came from. */
  data?: Notification['data'];
}

export interface NotificationLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface NotificationServiceDeps {
  db: Pick<Database, 'query' | 'one' | 'maybeOne' | 'transaction'>;
  publisher: { publish(topic: string, payload: unknown): Promise<void> };
  /** null when FCM_SERVICE_ACCOUNT is not set: wrapper pushes are skipped with a log line. */
  fcm: PushSender<string> | null;
  webPush: () => Promise<{ sender: PushSender<WebPushTarget>; keys: VapidKeys }>;
  people: {
    staff(idx: number): Promise<{ idx: number; hospitalIdx: number } | null>;
    patient(idx: number): Promise<{ idx: number; chosenHospitalIdx: number | null } | null>;
    admission(patientIdx: number): Promise<Pick<ActiveAdmission, 'hospitalIdx'> | null>;
  };
  audit: Pick<Audit, 'record'>;
  log: NotificationLog;
  maxAttempts: number;
  /** Asks the delivery job for a pass now (a push due at once need not wait for the next tick). */
  kick?: () => void;
  now?: () => Date;
}

/** A presence older than this is a closed or frozen app: pushes go out again. */
const PRESENCE_FRESH_MS = PRESENCE_HEARTBEAT_S * 2 * 1000;
/** The push history keeps 90 days (issue 12). */
export const NOTIFICATION_RETENTION_DAYS = 90;
/** A push claimed longer ago than this without an answer recorded: its process ended mid-send. */
const CLAIM_STALE_MS = 10 * 60_000;
const BATCH = 50;

export function createNotificationService(deps: NotificationServiceDeps) {
  const now = deps.now ?? (() => new Date());
  let fcmSkipLogged = false;

  function toPreferences(row: NonNullable<Awaited<ReturnType<typeof repo.preferences>>>): PushPreferences {
    const date = (value: Date | string | null) => (value === null ? null : new Date(value));
    return {
      ...row,
      marketingAgreedAt: date(row.marketingAgreedAt),
      marketingNightAgreedAt: date(row.marketingNightAgreedAt),
    };
  }

  /** The pushes of one notification: at most one row per device, ever (the table's unique key). */
  async function queuePushes(
    notification: Notification,
    patientIdx: number,
    dueAt: Date,
    tx: Parameters<Parameters<Database['transaction']>[0]>[0],
  ) {
    let targets: DeliveryTarget[] = await repo.targets(tx, patientIdx);
    if (!deps.fcm && targets.some((t) => t.channel === 'fcm')) {
      targets = targets.filter((t) => t.channel !== 'fcm');
      if (!fcmSkipLogged)
        deps.log.info(
          { notificationIdx: notification.idx },
          'FCM_SERVICE_ACCOUNT is not set: pushes to the Android/iOS apps are skipped',
        );
      fcmSkipLogged = true;
    }
    await repo.addDeliveries(tx, notification.idx, targets, dueAt);
    return targets.length;
  }

  async function sendOne(d: ClaimedDelivery): Promise<PushOutcome> {
    const payload: WebPushPayload = {
      notificationIdx: d.notificationIdx,
      kind: d.kind,
      title: d.title,
      body: d.body,
      deepLink: d.deepLink,
    };
    const urgent = URGENT_NOTIFICATION_KINDS.includes(d.kind);
    if (d.channel === 'fcm') {
      if (!deps.fcm) return { outcome: 'failed', error: 'FCM is not configured' };
      return deps.fcm.send(d.target, payload, { urgent });
    }
    if (d.p256dh === null || d.auth === null) return { outcome: 'gone', error: 'subscription deleted' };
    const { sender } = await deps.webPush();
    return sender.send({ endpoint: d.target, p256dh: d.p256dh, auth: d.auth }, payload, { urgent });
  }

  async function record(d: ClaimedDelivery, result: PushOutcome) {
    const at = now();
    switch (result.outcome) {
      case 'sent':
        return repo.finish(deps.db, d.idx, 'sent', at);
      case 'gone':
        // The device token or browser subscription is dead: nobody should push to it again.
        if (d.channel === 'fcm') await repo.removeFcmToken(deps.db, d.target);
        else await repo.removeWebPushEndpoint(deps.db, d.target);
        deps.log.info({ deliveryIdx: d.idx, channel: d.channel }, 'push target no longer exists: removed');
        return repo.finish(deps.db, d.idx, 'dropped', at, result.error);
      case 'retry':
        if (d.attempts >= deps.maxAttempts) {
          deps.log.warn(
            { deliveryIdx: d.idx, channel: d.channel, error: result.error },
            'push given up after retries',
          );
          return repo.finish(deps.db, d.idx, 'failed', at, result.error);
        }
        return repo.retryAt(
          deps.db,
          d.idx,
          new Date(at.getTime() + retryDelayMs(d.attempts, result.retryAfterMs)),
          result.error,
        );
      case 'failed':
        deps.log.warn({ deliveryIdx: d.idx, channel: d.channel, error: result.error }, 'push refused');
        return repo.finish(deps.db, d.idx, 'failed', at, result.error);
    }
  }

  async function notify(patientIdx: number, input: NotifyInput): Promise<Notification | null> {
    const at = now();
    const row = await repo.preferences(deps.db, patientIdx);
    if (!row) return null;
    const prefs = toPreferences(row);
    // Advertising without a current consent is not sent anywhere (정보통신망법 §50).
    if (!maySend(input.kind, prefs, at)) return null;
    const foreground = await repo.foregroundApps(
      deps.db,
      patientIdx,
      new Date(at.getTime() - PRESENCE_FRESH_MS),
    );
    // The patient is reading that very chat: the message itself is the notice.
    const roomIdx = input.data?.roomIdx;
    if (
      input.kind === 'chat' &&
      typeof roomIdx === 'number' &&
      foreground.some((app) => app.chatRoomIdx === roomIdx)
    )
      return null;

    const decision = decidePush(input.kind, prefs, at);
    const notification = await deps.db.transaction(async (tx) => {
      const stored = await repo.insert(
        tx,
        patientIdx,
        {
          kind: input.kind,
          title: titleFor(input.kind, input.title),
          body: input.body,
          deepLink: input.deepLink,
          data: input.data ?? {},
        },
        at,
      );
      // An app in the foreground shows the in-app notice; a push would only repeat it.
      if (decision.push && foreground.length === 0) await queuePushes(stored, patientIdx, decision.dueAt, tx);
      return stored;
    });
    // The stored row is the truth; the live notice is a courtesy to the open app.
    await deps.publisher
      .publish(topics.notificationPatient(patientIdx), notification)
      .catch((error: unknown) =>
        deps.log.warn({ err: error, notificationIdx: notification.idx }, 'in-app notice not published'),
      );
    if (decision.push && decision.dueAt <= at) deps.kick?.();
    return notification;
  }

  return {
    notify,

    /** `notify` for senders whose own work is done: a failure is logged, not thrown at them. */
    notifyOrLog: (patientIdx: number, input: NotifyInput): Promise<Notification | null> =>
      notify(patientIdx, input).catch((error: unknown) => {
        deps.log.warn({ err: error, patientIdx, kind: input.kind }, 'notification failed');
        return null;
      }),

    async myNotifications(patientIdx: number, paging: PagingQuery): Promise<Page<Notification>> {
      return repo.page(deps.db, patientIdx, paging.pNum, paging.pSize);
    },

    async unreadCount(patientIdx: number): Promise<{ unreadCount: number }> {
      return { unreadCount: await repo.unreadCount(deps.db, patientIdx) };
    },

    async markRead(patientIdx: number, notificationIdx: number): Promise<{ unreadCount: number }> {
      if (!(await repo.markRead(deps.db, patientIdx, notificationIdx, now())))
        throw new DomainError('NOT_FOUND');
      return { unreadCount: await repo.unreadCount(deps.db, patientIdx) };
    },

    async markAllRead(patientIdx: number): Promise<{ unreadCount: number }> {
      await repo.markAllRead(deps.db, patientIdx, now());
      return { unreadCount: 0 };
    },

    async vapidPublicKey(): Promise<{ publicKey: string }> {
      return { publicKey: (await deps.webPush()).keys.publicKey };
    },

    async saveWebPush(patientIdx: number, subscription: WebPushSubscriptionBody): Promise<void> {
      await repo.saveWebPush(deps.db, patientIdx, subscription);
    },

    async deleteWebPush(patientIdx: number, endpoint: string): Promise<void> {
      await repo.deleteWebPush(deps.db, patientIdx, endpoint);
    },

    async presence(patientIdx: number, body: PresenceBody): Promise<void> {
      await repo.savePresence(
        deps.db,
        patientIdx,
        { deviceId: body.deviceId, foreground: body.foreground, chatRoomIdx: body.chatRoomIdx ?? null },
        now(),
      );
    },

    /** The console's "test notification": to a patient of the staff member's hospital only. */
    async sendTest(staffIdx: number, patientIdx: number, text: { title: string; body: string }) {
      const staff = await deps.people.staff(staffIdx);
      if (!staff) throw new DomainError('NOT_LOGGED_IN');
      const patient = await deps.people.patient(patientIdx);
      if (!patient) throw new DomainError('NOT_FOUND');
      const ours =
        patient.chosenHospitalIdx === staff.hospitalIdx ||
        (await deps.people.admission(patientIdx))?.hospitalIdx === staff.hospitalIdx;
      if (!ours) throw new AccessRefused(patientIdx, 'NOT_FOUND');
      const row = await repo.preferences(deps.db, patientIdx);
      const area = row?.areas.includes('HOSPITAL') ? 'hospital' : 'homecare';
      const sent = await notify(patientIdx, {
        kind: 'test',
        ...text,
        deepLink: `#/${area}/setting/pushlist`,
      });
      await deps.audit.record({
        actorType: 'staff',
        actorIdx: staff.idx,
        action: 'notification.test',
        patientIdx,
        detail: { notificationIdx: sent?.idx ?? null },
      });
      return { notificationIdx: sent?.idx ?? null };
    },

    /** One pass of the delivery job: due pushes out, answers recorded, retries scheduled. */
    async deliverDue(): Promise<number> {
      await repo.abandonStale(deps.db, new Date(now().getTime() - CLAIM_STALE_MS), now());
      const claimed = await repo.claimDue(deps.db, now(), BATCH);
      for (const d of claimed) {
        let result: PushOutcome;
        try {
          result = await sendOne(d);
        } catch (error) {
          result = { outcome: 'retry', error: (error as Error).message };
        }
        await record(d, result);
      }
      return claimed.length;
    },

    /** The retention job: the history keeps 90 days; stale presence rows go too. */
    async prune(): Promise<number> {
      const at = now();
      const removed = await repo.pruneOlderThan(
        deps.db,
        new Date(at.getTime() - NOTIFICATION_RETENTION_DAYS * 86_400_000),
      );
      await repo.prunePresence(deps.db, new Date(at.getTime() - 86_400_000));
      return removed;
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
