import { z } from 'zod';
import { pageSchema } from './paging.ts';
import { int4, int4Id, safeText } from './safe-input.ts';
import { ValidationMessage as V } from './validation-messages.ts';

/**
 * The notification service (issue 12): every feature sends through one `notify`, which
 * stores the notification (the push history), publishes it live to the open app and pushes
 * it to the patient's devices.
 */
export const NOTIFICATION_KINDS = [
  'chat',
  'nurseCall',
  'medication',
  'qna',
  'document',
  'schedule',
  'notice',
  'marketing',
  'test',
  // issue 17 — telemedicine: the waiting room opens, the doctor starts, the summary, request answers
  'telemedicine',
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/**
 * The alarm-settings switch that decides each kind's push (`/common/alarm`). A test
 * notification from the console has none: staff send it to check a phone receives pushes.
 */
export const NOTIFICATION_SWITCH = {
  chat: 'chat',
  nurseCall: 'nurseCall',
  medication: 'medication',
  qna: 'qna',
  document: 'document',
  schedule: 'schedule',
  notice: 'notice',
  marketing: 'marketing',
  test: null,
  // issue 17 — telemedicine visits are appointments: the schedule switch
  telemedicine: 'schedule',
} as const satisfies Record<NotificationKind, string | null>;

/** Kinds whose push is not held by quiet hours: the patient is waiting for it now. */
export const URGENT_NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'nurseCall',
  'test',
  // issue 17 — "the waiting room is open" / "the doctor starts": the patient is expected now
  'telemedicine',
];

/** The label Korean law requires at the start of an advertising push's title (domain.md). */
export const ADVERTISING_LABEL = '(광고)';

/** One entry of the push history. `deepLink` is a hash route of the patient app, e.g. `#/hospital/consulting/chat`. */
export const notificationSchema = z.object({
  idx: z.number().int(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  deepLink: z.string(),
  /** Small facts the app acts on (e.g. the chat room a message came from). */
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /notification/getMyNotifications`: newest first. */
export const notificationPageSchema = pageSchema(notificationSchema);

export const unreadCountSchema = z.object({ unreadCount: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** `PUT /notification/markRead`. */
export const markNotificationReadBodySchema = z.strictObject({ notificationIdx: int4Id() });
export type MarkNotificationReadBody = z.infer<typeof markNotificationReadBodySchema>;

/** The browser's PushSubscription.toJSON(), as `POST /notification/saveWebPush` receives it. */
export const webPushSubscriptionBodySchema = z.strictObject({
  endpoint: safeText()
    .max(2048, V.invalid)
    .regex(/^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/, V.invalid),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: safeText().min(1, V.empty).max(256, V.invalid),
    auth: safeText().min(1, V.empty).max(128, V.invalid),
  }),
});
export type WebPushSubscriptionBody = z.infer<typeof webPushSubscriptionBodySchema>;

/** `DELETE /notification/deleteWebPush`: the browser unsubscribed (or the patient turned pushes off). */
export const deleteWebPushBodySchema = z.strictObject({
  endpoint: safeText().min(1, V.empty).max(2048, V.invalid),
});
export type DeleteWebPushBody = z.infer<typeof deleteWebPushBodySchema>;

export const vapidPublicKeySchema = z.object({ publicKey: z.string() });

/**
 * `PUT /notification/presence`: the open app says it is in the foreground (and which chat
 * room it shows) while it is visible, again every PRESENCE_HEARTBEAT_S, and that it is
 * not when it is hidden (decision 015). The device id is random per app install.
 */
export const presenceBodySchema = z.strictObject({
  deviceId: safeText().regex(/^[A-Za-z0-9_-]{8,64}$/, V.invalid),
  foreground: z.boolean(),
  chatRoomIdx: int4().nullable().optional(),
});
export type PresenceBody = z.infer<typeof presenceBodySchema>;
/** How often a visible app renews its presence; the server trusts it for twice as long. */
export const PRESENCE_HEARTBEAT_S = 45;

/** `POST /notification/sendTest` (staff): a test notification to one patient of their hospital. */
export const sendTestNotificationBodySchema = z.strictObject({ patientIdx: int4Id() });
export type SendTestNotificationBody = z.infer<typeof sendTestNotificationBodySchema>;

/** What `notify` did: the stored notification (null when nothing may be sent, e.g. advertising without consent). */
export const sendTestNotificationResultSchema = z.object({ notificationIdx: z.number().int().nullable() });

/** The Web Push payload the service worker displays (the `pwa` branch's worker reads it). */
export interface WebPushPayload {
  notificationIdx: number;
  kind: NotificationKind;
  title: string;
  body: string;
  deepLink: string;
}
