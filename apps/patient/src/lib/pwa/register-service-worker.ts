import { navigateTo } from '../navigation';
import { isOpenDeepLinkMessage } from './push-message';

/**
 * Registers the service worker (service-worker/sw.ts) once the first screen has loaded and
 * the browser is idle, so it never competes with the first screen for the network (issue 3's
 * budget). Production builds only: the dev server has no worker. Also listens for the
 * worker's "open this deep link" after a notification tap while the app is open.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (isOpenDeepLinkMessage(event.data)) navigateTo(event.data.deepLink.replace(/^#/, ''));
  });
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Without a worker the app still works online; it only cannot open offline.
    });
  };
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(register, { timeout: 5_000 })
      : setTimeout(register, 1_000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
