import { detectPlatform, type Platform } from './platform';

/**
 * The native wrappers hand over the push (FCM/APNs) token. Contract: docs/native-bridge.md.
 * - Android: `window.AndroidBridge.getFcmToken()` returns the token (or an empty string).
 * - iOS: `window.webkit.messageHandlers.smartcare.postMessage({ type: 'getFcmToken', requestId })`;
 *   the app answers by calling `window.smartcareNative.resolve(requestId, token)`.
 * In a plain browser there is no bridge and the answer is null, quietly.
 */
interface AndroidBridge {
  getFcmToken(): string | null | undefined;
}
interface WebkitHandler {
  postMessage(message: { type: 'getFcmToken'; requestId: string }): void;
}
declare global {
  interface Window {
    AndroidBridge?: AndroidBridge;
    webkit?: { messageHandlers?: { smartcare?: WebkitHandler } };
    smartcareNative?: { resolve(requestId: string, token: string | null): void };
  }
}

const IOS_ANSWER_TIMEOUT_MS = 3000;
const pending = new Map<string, (token: string | null) => void>();
let nextRequest = 0;

function installIosReceiver(): void {
  window.smartcareNative ??= {
    resolve(requestId, token) {
      pending.get(requestId)?.(token || null);
      pending.delete(requestId);
    },
  };
}

export async function getPushToken(platform: Platform = detectPlatform()): Promise<string | null> {
  try {
    if (platform === 'android' && window.AndroidBridge?.getFcmToken) {
      return window.AndroidBridge.getFcmToken() || null;
    }
    const handler = window.webkit?.messageHandlers?.smartcare;
    if (platform === 'ios' && handler) {
      installIosReceiver();
      const requestId = `fcm-${++nextRequest}`;
      return await new Promise<string | null>((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(requestId);
          resolve(null);
        }, IOS_ANSWER_TIMEOUT_MS);
        pending.set(requestId, (token) => {
          clearTimeout(timer);
          resolve(token);
        });
        handler.postMessage({ type: 'getFcmToken', requestId });
      });
    }
  } catch {
    // A broken bridge must not break login.
  }
  return null;
}
