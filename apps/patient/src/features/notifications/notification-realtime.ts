import { notificationSchema, type Notification } from '@smartcare/contract/notification';

/**
 * The in-app notice from `notification/patient/{idx}` (subscribed in use-notification-live.ts
 * with web-core's useRealtimeTopic), read with the contract's schema; anything else is ignored.
 */
export function readNotification(payload: unknown): Notification | null {
  const parsed = notificationSchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

/** The app's route a deep link opens (`#/hospital/consulting/chat` → `/hospital/consulting/chat`); null if it is not ours. */
export function routeOf(deepLink: string): string | null {
  const route = deepLink.startsWith('#') ? deepLink.slice(1) : deepLink;
  return route.startsWith('/') && !route.startsWith('//') ? route : null;
}
