import { afterEach, describe, expect, it, vi } from 'vitest';
import { getPushToken } from './native-bridge';

afterEach(() => {
  delete window.AndroidBridge;
  delete window.webkit;
  vi.useRealTimers();
});

describe('the native bridge (docs/native-bridge.md)', () => {
  it('asks the Android bridge object', async () => {
    window.AndroidBridge = { getFcmToken: () => 'android-token' };
    await expect(getPushToken('android')).resolves.toBe('android-token');
  });

  it('asks the iOS message handler and takes its answer', async () => {
    window.webkit = {
      messageHandlers: {
        smartcare: {
          postMessage: ({ requestId }) =>
            setTimeout(() => window.smartcareNative!.resolve(requestId, 'ios-token'), 5),
        },
      },
    };
    await expect(getPushToken('ios')).resolves.toBe('ios-token');
  });

  it('gives up on a silent iOS wrapper after 3 seconds', async () => {
    vi.useFakeTimers();
    window.webkit = { messageHandlers: { smartcare: { postMessage: () => undefined } } };
    const answer = getPushToken('ios');
    await vi.advanceTimersByTimeAsync(3000);
    await expect(answer).resolves.toBeNull();
  });

  it('is quiet in a plain browser and with a broken bridge', async () => {
    await expect(getPushToken('unknown')).resolves.toBeNull();
    await expect(getPushToken('android')).resolves.toBeNull();
    window.AndroidBridge = {
      getFcmToken: () => {
        throw new Error('bridge broken');
      },
    };
    await expect(getPushToken('android')).resolves.toBeNull();
  });
});
