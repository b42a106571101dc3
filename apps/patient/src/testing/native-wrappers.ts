import { afterEach, vi } from 'vitest';

/** User agents of the wrappers' web views and of a desktop browser (lib/platform.ts reads them). */
export const userAgents = {
  android:
    'Mozilla/5.0 (Linux; Android 14; SM-A546N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  desktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
} as const;

export function useUserAgent(value: string): void {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(value);
}

/** The Android wrapper's bridge object (docs/native-bridge.md) handing out `token`. */
export function installAndroidBridge(token: string): void {
  window.AndroidBridge = { getFcmToken: () => token };
}

/**
 * The iOS wrapper's message handler (docs/native-bridge.md): answers each getFcmToken
 * request a moment later with `token`, as the native side does. Returns what it was asked.
 */
export function installIosMessageHandler(token: string): unknown[] {
  const asked: unknown[] = [];
  window.webkit = {
    messageHandlers: {
      smartcare: {
        postMessage: (message) => {
          asked.push(message);
          setTimeout(() => window.smartcareNative!.resolve(message.requestId, token), 5);
        },
      },
    },
  };
  return asked;
}

/** Call once in a test file: each test starts with no wrapper and the real user agent. */
export function resetNativeWrappersAfterEach(): void {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    delete window.AndroidBridge;
    delete window.webkit;
  });
}
