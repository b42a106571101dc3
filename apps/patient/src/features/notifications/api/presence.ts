import type { PresenceBody } from '@smartcare/contract/notification';
import { api } from '../../../lib/api-client';

/** `PUT /notification/presence`: the app tells the server it is (or is no longer) on screen. */
export async function reportPresence(body: PresenceBody): Promise<void> {
  await api.notification.presence({ body });
}
