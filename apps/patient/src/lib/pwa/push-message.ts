/**
 * What a Web Push message carries (the server's notification service sends it with
 * web-push) and how the service worker turns it into a notification. Kept free of DOM and
 * worker types so both the worker and the unit tests read it.
 */
export interface PushMessage {
  notificationIdx: number;
  kind: string;
  title: string;
  body: string;
  /** A hash route of this app, e.g. `#/hospital/consulting/chat`. */
  deepLink: string;
}

export interface NotificationToShow {
  title: string;
  options: {
    body: string;
    tag: string;
    icon: string;
    badge: string;
    lang: string;
    data: { deepLink: string; notificationIdx: number | null };
  };
}

/** A deep link is only ever one of our hash routes: anything else (another site, a script) opens home. */
export function safeDeepLink(value: unknown): string {
  return typeof value === 'string' && /^#\/[\w\-/?=&%.]*$/.test(value) ? value : '#/';
}

/** Parses the push's JSON; a payload that does not fit still shows the app's name, never nothing (Chrome requires a notification). */
export function readPushMessage(json: unknown, fallbackTitle: string): NotificationToShow {
  const message = (json !== null && typeof json === 'object' ? json : {}) as Partial<
    Record<keyof PushMessage, unknown>
  >;
  const idx =
    typeof message.notificationIdx === 'number' && Number.isInteger(message.notificationIdx)
      ? message.notificationIdx
      : null;
  const title = typeof message.title === 'string' && message.title.trim() ? message.title : fallbackTitle;
  return {
    title,
    options: {
      body: typeof message.body === 'string' ? message.body : '',
      // One notification per stored notification: a repeated delivery replaces it instead of stacking.
      tag: idx === null ? 'smartcare' : `smartcare-${idx}`,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'ko',
      data: { deepLink: safeDeepLink(message.deepLink), notificationIdx: idx },
    },
  };
}

/** The address a notification opens: the app's start page with the deep link's hash. */
export function deepLinkUrl(origin: string, deepLink: unknown): string {
  return `${origin}/${safeDeepLink(deepLink)}`;
}

/** The message a notification click sends to an open window, which then navigates itself. */
export interface OpenDeepLinkMessage {
  type: 'smartcare:open-deep-link';
  deepLink: string;
}

export function isOpenDeepLinkMessage(data: unknown): data is OpenDeepLinkMessage {
  return (
    data !== null &&
    typeof data === 'object' &&
    (data as { type?: unknown }).type === 'smartcare:open-deep-link' &&
    typeof (data as { deepLink?: unknown }).deepLink === 'string'
  );
}
