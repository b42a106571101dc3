import { apiPaths } from '@smartcare/contract/api-paths';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, patientProfile } from '../testing/factories';
import { mockApi } from '../testing/mock-api';
import { login } from './auth';
import { session } from './session';
import { toast } from './toast';

const UPDATE_FCM_TOKEN = `PUT ${apiPaths.patient.updateFcmToken}`;
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; SM-A546N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete window.AndroidBridge;
  delete window.webkit;
});

function userAgent(value: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(value);
}

/** The server side of a login: either login call, the profile, and the push-token upload. */
function loginApi() {
  const pair = { body: ok({ accessToken: 'access-1', refreshToken: 'refresh-1' }) };
  return mockApi({
    [`POST ${apiPaths.patient.login}`]: () => pair,
    [`POST ${apiPaths.patient.iosLogin}`]: () => pair,
    [`GET ${apiPaths.patient.getPatient}`]: () => ({ body: ok(patientProfile()) }),
    [UPDATE_FCM_TOKEN]: () => ({ body: ok(null) }),
  });
}

describe('the push token after login (spec §4, docs/native-bridge.md)', () => {
  it('uploads the Android bridge token with the new access token', async () => {
    userAgent(ANDROID_UA);
    window.AndroidBridge = { getFcmToken: () => 'android-fcm' };
    const api = loginApi();

    await login({ loginId: 'demo', password: 'Demo1234!' });

    await vi.waitFor(() => expect(api.calls(UPDATE_FCM_TOKEN)).toBe(1));
    const upload = api.seen.find((r) => r.path === apiPaths.patient.updateFcmToken)!;
    expect(upload.body).toEqual({ fcmToken: 'android-fcm', platform: 'android' });
    expect(upload.headers.get('Authorization')).toBe('Bearer access-1');
    expect(api.calls(`POST ${apiPaths.patient.login}`)).toBe(1);
  });

  it('logs in through iosLogin and uploads the token the iOS message handler answers with', async () => {
    userAgent(IPHONE_UA);
    const asked: unknown[] = [];
    window.webkit = {
      messageHandlers: {
        smartcare: {
          postMessage: (message) => {
            asked.push(message);
            setTimeout(() => window.smartcareNative!.resolve(message.requestId, 'ios-fcm'), 5);
          },
        },
      },
    };
    const api = loginApi();

    await login({ loginId: 'demo', password: 'Demo1234!' });

    await vi.waitFor(() => expect(api.calls(UPDATE_FCM_TOKEN)).toBe(1));
    expect(api.calls(`POST ${apiPaths.patient.iosLogin}`)).toBe(1);
    expect(asked).toEqual([{ type: 'getFcmToken', requestId: expect.stringMatching(/^fcm-/) }]);
    const upload = api.seen.find((r) => r.path === apiPaths.patient.updateFcmToken)!;
    expect(upload.body).toEqual({ fcmToken: 'ios-fcm', platform: 'ios' });
    expect(upload.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('in a plain browser logs in, sends nothing and shows nothing', async () => {
    userAgent(DESKTOP_UA);
    const api = loginApi();

    await expect(login({ loginId: 'demo', password: 'Demo1234!' })).resolves.toMatchObject({
      loginId: 'demo',
    });
    // The upload would start right after the profile; give it a few turns to (not) happen.
    await new Promise((resolve) => setTimeout(resolve, 30));

    expect(session.tokens()).toEqual({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    expect(api.calls(UPDATE_FCM_TOKEN)).toBe(0);
    expect(toast.items()).toEqual([]);
  });
});
