import { notificationSchema, type Notification } from '@smartcare/contract/notification';
import { parseTopic } from '@smartcare/contract/topics';
import type { Realtime } from '../../lib/realtime';

/**
 * The in-app notice from `notification/patient/{idx}`, read with the contract's schema.
 * The one place this feature touches the real-time client (its generic `onTopic`), so the
 * client can move (web-core) by changing this file only.
 */
export function onNotification(
  rt: Pick<Realtime, 'onTopic'>,
  listener: (n: Notification) => void,
): () => void {
  return rt.onTopic((topic, payload) => {
    if (parseTopic(topic)?.kind !== 'notificationPatient') return;
    const parsed = notificationSchema.safeParse(payload);
    if (parsed.success) listener(parsed.data);
  });
}

/** The app's route a deep link opens (`#/hospital/consulting/chat` → `/hospital/consulting/chat`); null if it is not ours. */
export function routeOf(deepLink: string): string | null {
  const route = deepLink.startsWith('#') ? deepLink.slice(1) : deepLink;
  return route.startsWith('/') && !route.startsWith('//') ? route : null;
}
