import { apiPaths } from '@smartcare/contract/api-paths';
import { describe, expect, it, vi } from 'vitest';
import { ok, patientProfile } from '../../../testing/factories';
import { mockApi } from '../../../testing/mock-api';
import {
  installAndroidBridge,
  installIosMessageHandler,
  resetNativeWrappersAfterEach,
  useUserAgent,
  userAgents,
} from '../../../testing/native-wrappers';
import { login, loginPath } from './login';
import { session } from '../../../lib/session';
import { toast } from '../../../lib/toast';

const UPDATE_FCM_TOKEN = `PUT ${apiPaths.patient.updateFcmToken}`;

resetNativeWrappersAfterEach();

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
    useUserAgent(userAgents.android);
    installAndroidBridge('android-fcm');
    const api = loginApi();

    await login({ loginId: 'demo', password: 'Demo1234!' });

    await vi.waitFor(() => expect(api.calls(UPDATE_FCM_TOKEN)).toBe(1));
    const upload = api.seen.find((r) => r.path === apiPaths.patient.updateFcmToken)!;
    expect(upload.body).toEqual({ fcmToken: 'android-fcm', platform: 'android' });
    expect(upload.headers.get('Authorization')).toBe('Bearer access-1');
    expect(api.calls(`POST ${apiPaths.patient.login}`)).toBe(1);
  });

  it('logs in through iosLogin and uploads the token the iOS message handler answers with', async () => {
    useUserAgent(userAgents.iphone);
    const asked = installIosMessageHandler('ios-fcm');
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
    useUserAgent(userAgents.desktop);
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

describe('the login call by platform (spec §6)', () => {
  it('picks the login call by the platform', () => {
    expect(loginPath('ios')).toBe('/patient/iosLogin');
    expect(loginPath('android')).toBe('/patient/login');
    expect(loginPath('unknown')).toBe('/patient/login');
  });
});
