/// <reference lib="webworker" />
/**
 * The patient app's service worker (decision 017). Precaches only the shell and the first
 * screens (vite.config.ts chooses them); every other chunk is cached the first time a screen
 * uses it. API answers are never cached here: what the app shows offline is kept by the app
 * itself and forgotten at logout (lib/pwa/offline-queries.ts).
 *
 * Updates: no skipWaiting. A new version installs in the background and waits until no
 * window of the old one is open, so a patient filling in a form is never switched to new
 * code mid-way; the next time the app is opened it runs the new version.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { deepLinkUrl, readPushMessage, type OpenDeepLinkMessage } from '../src/lib/pwa/push-message.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

const APP_NAME = '스마트 헬스케어';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The first install has no older version to wait for: take the open window at once, so the
// screens opened during this first visit are cached on use and work offline next time.
if (!self.registration.active) clientsClaim();

// The app's own navigations (hash routes: always `/`) get the precached shell, online or not.
// The console at /staff/, the API and the broker are not this app's pages.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/staff(\/|$)/, /^\/medical2\//, /^\/mqtt/],
  }),
);

// Feature chunks, styles and icons: hashed names never change content, so the cached copy is
// always right. Kept to a bounded number so old releases' chunks go.
registerRoute(
  ({ request, url }) =>
    url.origin === self.location.origin &&
    (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/icons/')) &&
    ['script', 'style', 'image', 'font'].includes(request.destination),
  new CacheFirst({
    cacheName: 'smartcare-assets',
    plugins: [new ExpirationPlugin({ maxEntries: 80, purgeOnQuotaError: true })],
  }),
);

self.addEventListener('push', (event) => {
  const { title, options } = readPushMessage(pushJson(event.data), APP_NAME);
  event.waitUntil(self.registration.showNotification(title, options));
});

/** The push's JSON; a payload that is not JSON reads as nothing (the app's name is shown). */
function pushJson(data: PushMessageData | null): unknown {
  try {
    return data?.json() ?? null;
  } catch {
    return null;
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { deepLink?: unknown } | null;
  event.waitUntil(openDeepLink(data?.deepLink));
});

/** An open window of the app navigates itself (it keeps its state); otherwise a new one opens at the link. */
async function openDeepLink(deepLink: unknown): Promise<void> {
  const url = deepLinkUrl(self.location.origin, deepLink);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const appWindow = windows.find((client) => new URL(client.url).pathname === '/');
  if (appWindow) {
    const message: OpenDeepLinkMessage = { type: 'smartcare:open-deep-link', deepLink: new URL(url).hash };
    appWindow.postMessage(message);
    await appWindow.focus();
    return;
  }
  await self.clients.openWindow(url);
}
