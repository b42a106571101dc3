import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Toggle } from '../../components/ui/toggle';
import { errorMessage } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import { deleteWebPushSubscription, getVapidPublicKey, saveWebPushSubscription } from './api/web-push';

type DeviceState = 'checking' | 'unsupported' | 'noWorker' | 'denied' | 'off' | 'on';

const supported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** The VAPID key as the Push API wants it (base64url → bytes). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The app's service worker, if one is installed (the installable app's; none in a plain tab). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/**
 * "Notifications on this device" in the alarm settings: asks the browser's permission, then
 * subscribes with the server's VAPID key and stores the subscription (Web Push). Turning it
 * off unsubscribes and forgets it. The Android/iOS apps receive theirs through FCM instead.
 */
export function DevicePushToggle() {
  const { t } = useTranslation();
  const [state, setState] = useState<DeviceState>('checking');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void (async () => {
      if (!supported()) return setState('unsupported');
      if (Notification.permission === 'denied') return setState('denied');
      const sw = await registration();
      if (!live) return;
      if (!sw) return setState('noWorker');
      setState((await sw.pushManager.getSubscription()) ? 'on' : 'off');
    })();
    return () => {
      live = false;
    };
  }, []);

  const turnOn = async () => {
    if ((await Notification.requestPermission()) !== 'granted') return setState('denied');
    const sw = await registration();
    if (!sw) return setState('noWorker');
    const subscription = await sw.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(await getVapidPublicKey()),
    });
    await saveWebPushSubscription(subscription);
    setState('on');
    toast.success(t('notifications.deviceOn'));
  };

  const turnOff = async () => {
    const subscription = await (await registration())?.pushManager.getSubscription();
    if (subscription) {
      await deleteWebPushSubscription(subscription.endpoint);
      await subscription.unsubscribe();
    }
    setState('off');
    toast.success(t('notifications.deviceOff'));
  };

  const change = (on: boolean) => {
    setBusy(true);
    (on ? turnOn() : turnOff())
      .catch((error: unknown) => toast.error(errorMessage(error)))
      .finally(() => setBusy(false));
  };

  const help =
    state === 'unsupported' || state === 'noWorker'
      ? t('notifications.deviceUnavailable')
      : state === 'denied'
        ? t('notifications.deviceDenied')
        : t('notifications.deviceHelp');
  return (
    <Toggle
      label={t('notifications.device')}
      description={help}
      checked={state === 'on'}
      disabled={
        busy || state === 'checking' || state === 'unsupported' || state === 'noWorker' || state === 'denied'
      }
      onChange={change}
    />
  );
}
