import type {
  Notification,
  NotificationKind,
  WebPushSubscriptionBody,
} from '@smartcare/contract/notification';
import type { Page } from '@smartcare/contract/paging';
import type { SqlQueryable } from '../../plugins/db/database.ts';

type Sql = Pick<SqlQueryable, 'query' | 'one' | 'maybeOne'>;

interface NotificationRow {
  idx: number;
  kind: NotificationKind;
  title: string;
  body: string;
  deep_link: string;
  data: Notification['data'] | string;
  created_at: Date | string;
  read_at: Date | string | null;
}

const COLUMNS = 'idx, kind, title, body, deep_link, data, created_at, read_at';

function toNotification(row: NotificationRow): Notification {
  return {
    idx: row.idx,
    kind: row.kind,
    title: row.title,
    body: row.body,
    deepLink: row.deep_link,
    data: typeof row.data === 'string' ? (JSON.parse(row.data) as Notification['data']) : row.data,
    createdAt: new Date(row.created_at).toISOString(),
    readAt: row.read_at === null ? null : new Date(row.read_at).toISOString(),
  };
}

export interface NewNotification {
  kind: NotificationKind;
  title: string;
  body: string;
  deepLink: string;
  data: Notification['data'];
}

export type PushChannel = 'fcm' | 'webpush';

export interface DeliveryTarget {
  channel: PushChannel;
  /** The FCM registration token, or the Web Push endpoint. */
  target: string;
}

export interface ClaimedDelivery {
  idx: number;
  notificationIdx: number;
  patientIdx: number;
  channel: PushChannel;
  target: string;
  attempts: number;
  kind: NotificationKind;
  title: string;
  body: string;
  deepLink: string;
  data: Notification['data'];
  /** The Web Push keys of the endpoint (null for FCM, or when the subscription was deleted). */
  p256dh: string | null;
  auth: string | null;
  platform: string | null;
}

/** SQL of the notification service only; the same on PGlite and PostgreSQL (decision 001). */
export const notificationRepository = {
  async insert(db: Sql, patientIdx: number, n: NewNotification, at: Date): Promise<Notification> {
    const row = await db.one<NotificationRow>(
      `INSERT INTO notifications (patient_idx, kind, title, body, deep_link, data, created_at)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7) RETURNING ${COLUMNS}`,
      [patientIdx, n.kind, n.title, n.body, n.deepLink, JSON.stringify(n.data), at],
    );
    return toNotification(row);
  },

  async page(db: Sql, patientIdx: number, pNum: number, pSize: number): Promise<Page<Notification>> {
    const { rows } = await db.query<NotificationRow>(
      `SELECT ${COLUMNS} FROM notifications WHERE patient_idx = $1 ORDER BY idx DESC LIMIT $2 OFFSET $3`,
      [patientIdx, pSize, (pNum - 1) * pSize],
    );
    const { total } = await db.one<{ total: number }>(
      'SELECT count(*)::int AS total FROM notifications WHERE patient_idx = $1',
      [patientIdx],
    );
    return { dataList: rows.map(toNotification), totalCount: total, pNum, pSize };
  },

  async unreadCount(db: Sql, patientIdx: number): Promise<number> {
    const { count } = await db.one<{ count: number }>(
      'SELECT count(*)::int AS count FROM notifications WHERE patient_idx = $1 AND read_at IS NULL',
      [patientIdx],
    );
    return count;
  },

  /** Marks one of the patient's own notifications read; false when it is not theirs (or gone). */
  async markRead(db: Sql, patientIdx: number, notificationIdx: number, at: Date): Promise<boolean> {
    const { rows } = await db.query<{ idx: number }>(
      `UPDATE notifications SET read_at = coalesce(read_at, $3)
        WHERE idx = $1 AND patient_idx = $2 RETURNING idx`,
      [notificationIdx, patientIdx, at],
    );
    return rows.length > 0;
  },

  async markAllRead(db: Sql, patientIdx: number, at: Date): Promise<void> {
    await db.query('UPDATE notifications SET read_at = $2 WHERE patient_idx = $1 AND read_at IS NULL', [
      patientIdx,
      at,
    ]);
  },

  /** The 90-day retention; deliveries go with their notification (ON DELETE CASCADE). */
  async pruneOlderThan(db: Sql, before: Date): Promise<number> {
    const { rowCount } = await db.query('DELETE FROM notifications WHERE created_at < $1', [before]);
    return rowCount;
  },

  /** Every device a push may reach: the wrapper's FCM token and the browsers' subscriptions. */
  async targets(db: Sql, patientIdx: number): Promise<DeliveryTarget[]> {
    const { rows } = await db.query<DeliveryTarget>(
      `SELECT 'fcm' AS channel, fcm_token AS target FROM push_tokens WHERE patient_idx = $1
       UNION ALL
       SELECT 'webpush' AS channel, endpoint AS target FROM web_push_subscriptions WHERE patient_idx = $1`,
      [patientIdx],
    );
    return rows;
  },

  async addDeliveries(
    db: Sql,
    notificationIdx: number,
    targets: DeliveryTarget[],
    dueAt: Date,
  ): Promise<void> {
    for (const t of targets) {
      await db.query(
        `INSERT INTO push_deliveries (notification_idx, channel, target, due_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (notification_idx, channel, target) DO NOTHING`,
        [notificationIdx, t.channel, t.target, dueAt],
      );
    }
  },

  /**
   * Takes due deliveries for this process: marked `sending` (and counted) before the push goes
   * out, so no other process or later pass sends them again (SKIP LOCKED, decision 002).
   */
  async claimDue(db: Sql, now: Date, limit: number): Promise<ClaimedDelivery[]> {
    const { rows } = await db.query<{
      idx: number;
      notification_idx: number;
      patient_idx: number;
      channel: PushChannel;
      target: string;
      attempts: number;
      kind: NotificationKind;
      title: string;
      body: string;
      deep_link: string;
      data: Notification['data'] | string;
      p256dh: string | null;
      auth: string | null;
      platform: string | null;
    }>(
      `WITH due AS (
         SELECT idx FROM push_deliveries
          WHERE status = 'pending' AND due_at <= $1
          ORDER BY due_at, idx LIMIT $2
          FOR UPDATE SKIP LOCKED
       ), claimed AS (
         UPDATE push_deliveries d SET status = 'sending', attempts = d.attempts + 1, claimed_at = $1
           FROM due WHERE d.idx = due.idx
         RETURNING d.idx, d.notification_idx, d.channel, d.target, d.attempts
       )
       SELECT c.idx, c.notification_idx, n.patient_idx, c.channel, c.target, c.attempts,
              n.kind, n.title, n.body, n.deep_link, n.data, w.p256dh, w.auth, t.platform
         FROM claimed c
         JOIN notifications n ON n.idx = c.notification_idx
         LEFT JOIN web_push_subscriptions w ON c.channel = 'webpush' AND w.endpoint = c.target
         LEFT JOIN push_tokens t ON c.channel = 'fcm' AND t.fcm_token = c.target
        ORDER BY c.idx`,
      [now, limit],
    );
    return rows.map((r) => ({
      idx: r.idx,
      notificationIdx: r.notification_idx,
      patientIdx: r.patient_idx,
      channel: r.channel,
      target: r.target,
      attempts: r.attempts,
      kind: r.kind,
      title: r.title,
      body: r.body,
      deepLink: r.deep_link,
      data: typeof r.data === 'string' ? (JSON.parse(r.data) as Notification['data']) : r.data,
      p256dh: r.p256dh,
      auth: r.auth,
      platform: r.platform,
    }));
  },

  async finish(db: Sql, idx: number, status: 'sent' | 'failed' | 'dropped', at: Date, error?: string) {
    await db.query('UPDATE push_deliveries SET status = $2, done_at = $3, last_error = $4 WHERE idx = $1', [
      idx,
      status,
      at,
      error ?? null,
    ]);
  },

  async retryAt(db: Sql, idx: number, dueAt: Date, error: string) {
    await db.query(
      `UPDATE push_deliveries SET status = 'pending', due_at = $2, last_error = $3 WHERE idx = $1`,
      [idx, dueAt, error],
    );
  },

  /**
   * A push claimed by a process that died before it recorded the answer may or may not have
   * gone out: it is given up rather than sent again (never twice, decision 015).
   */
  async abandonStale(db: Sql, claimedBefore: Date, at: Date): Promise<number> {
    const { rowCount } = await db.query(
      `UPDATE push_deliveries SET status = 'failed', done_at = $2, last_error = 'outcome unknown (process ended)'
        WHERE status = 'sending' AND claimed_at < $1`,
      [claimedBefore, at],
    );
    return rowCount;
  },

  /** The FCM service said the token no longer exists: the wrapper registers a new one on next login. */
  async removeFcmToken(db: Sql, fcmToken: string): Promise<void> {
    await db.query('DELETE FROM push_tokens WHERE fcm_token = $1', [fcmToken]);
  },

  async saveWebPush(db: Sql, patientIdx: number, s: WebPushSubscriptionBody): Promise<void> {
    await db.query(
      `INSERT INTO web_push_subscriptions (patient_idx, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)
       ON CONFLICT (endpoint) DO UPDATE
         SET patient_idx = EXCLUDED.patient_idx, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, updated_at = now()`,
      [patientIdx, s.endpoint, s.keys.p256dh, s.keys.auth],
    );
  },

  async deleteWebPush(db: Sql, patientIdx: number, endpoint: string): Promise<void> {
    await db.query('DELETE FROM web_push_subscriptions WHERE patient_idx = $1 AND endpoint = $2', [
      patientIdx,
      endpoint,
    ]);
  },

  async removeWebPushEndpoint(db: Sql, endpoint: string): Promise<void> {
    await db.query('DELETE FROM web_push_subscriptions WHERE endpoint = $1', [endpoint]);
  },

  async savePresence(
    db: Sql,
    patientIdx: number,
    p: { deviceId: string; foreground: boolean; chatRoomIdx: number | null },
    at: Date,
  ): Promise<void> {
    await db.query(
      `INSERT INTO notification_presence (patient_idx, device_id, foreground, chat_room_idx, seen_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (patient_idx, device_id) DO UPDATE
         SET foreground = EXCLUDED.foreground, chat_room_idx = EXCLUDED.chat_room_idx, seen_at = EXCLUDED.seen_at`,
      [patientIdx, p.deviceId, p.foreground, p.chatRoomIdx, at],
    );
  },

  async prunePresence(db: Sql, before: Date): Promise<void> {
    await db.query('DELETE FROM notification_presence WHERE seen_at < $1', [before]);
  },

  /** The patient's apps in the foreground now (fresh presence only), with the chat room each shows. */
  async foregroundApps(
    db: Sql,
    patientIdx: number,
    freshSince: Date,
  ): Promise<{ chatRoomIdx: number | null }[]> {
    const { rows } = await db.query<{ chatRoomIdx: number | null }>(
      `SELECT chat_room_idx AS "chatRoomIdx" FROM notification_presence
        WHERE patient_idx = $1 AND foreground AND seen_at >= $2`,
      [patientIdx, freshSince],
    );
    return rows;
  },

  /** The switches and advertising consents (with when they were answered) that decide a push. */
  async preferences(db: Sql, patientIdx: number) {
    return db.maybeOne<{
      chat: boolean;
      nurseCall: boolean;
      medication: boolean;
      qna: boolean;
      document: boolean;
      schedule: boolean;
      notice: boolean;
      quietHoursEnabled: boolean;
      quietHoursStart: string;
      quietHoursEnd: string;
      marketingAgreedAt: Date | string | null;
      marketingNightAgreedAt: Date | string | null;
      areas: string[];
    }>(
      `SELECT coalesce(a.chat, true) AS chat, coalesce(a.nurse_call, true) AS "nurseCall",
              coalesce(a.medication, true) AS medication, coalesce(a.qna, true) AS qna,
              coalesce(a.document, true) AS document, coalesce(a.schedule, true) AS schedule,
              coalesce(a.notice, true) AS notice,
              coalesce(a.quiet_hours_enabled, false) AS "quietHoursEnabled",
              coalesce(a.quiet_hours_start, '22:00') AS "quietHoursStart",
              coalesce(a.quiet_hours_end, '07:00') AS "quietHoursEnd",
              CASE WHEN m.agreed THEN m.answered_at END AS "marketingAgreedAt",
              CASE WHEN m.agreed AND n.agreed THEN n.answered_at END AS "marketingNightAgreedAt",
              p.areas
         FROM patients p
         LEFT JOIN alarm_settings a ON a.patient_idx = p.idx
         LEFT JOIN consents m ON m.patient_idx = p.idx AND m.terms_code = 'MARKETING'
         LEFT JOIN consents n ON n.patient_idx = p.idx AND n.terms_code = 'MARKETING_NIGHT'
        WHERE p.idx = $1 AND p.deleted_at IS NULL`,
      [patientIdx],
    );
  },
};
