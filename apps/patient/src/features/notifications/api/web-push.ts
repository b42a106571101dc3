import { api } from '../../../lib/api-client';

/** `GET /notification/getVapidPublicKey`: the key the browser's subscription is made for. */
export async function getVapidPublicKey(): Promise<string> {
  return (await api.notification.getVapidPublicKey()).publicKey;
}

/** `POST /notification/saveWebPush`: this browser's subscription, so pushes reach it. */
export async function saveWebPushSubscription(subscription: PushSubscription): Promise<void> {
  const json = subscription.toJSON();
  await api.notification.saveWebPush({
    body: {
      endpoint: subscription.endpoint,
      expirationTime: json.expirationTime ?? null,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    },
  });
}

/** `DELETE /notification/deleteWebPush`: no more pushes to this browser. */
export async function deleteWebPushSubscription(endpoint: string): Promise<void> {
  await api.notification.deleteWebPush({ body: { endpoint } });
}
