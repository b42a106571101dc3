import { apiPaths } from '@smartcare/contract/api-paths';
import { ResultCode } from '@smartcare/contract/result-codes';
import { onlineManager } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, patientProfile } from '../testing/factories';
import { mockApi } from '../testing/mock-api';
import {
  installAndroidBridge,
  installIosMessageHandler,
  resetNativeWrappersAfterEach,
  useUserAgent,
  userAgents,
} from '../testing/native-wrappers';
import { apiRequest, callApi } from './api-client';
import { ApiError, errorMessage, NetworkError } from './api-error';
import { session } from './session';
import { toast } from './toast';

const GET_PATIENT = `GET ${apiPaths.patient.getPatient}`;
const REFRESH = `POST ${apiPaths.patient.refresh}`;
const UPDATE_FCM_TOKEN = `PUT ${apiPaths.patient.updateFcmToken}`;

function loggedIn(accessToken = 'access-1', refreshToken = 'refresh-1') {
  session.setTokens({ accessToken, refreshToken });
  session.setLoginId('demo');
  session.setMyData(patientProfile());
}

function bearerOf(headers: Headers) {
  return headers.get('Authorization');
}

beforeEach(() => {
  window.location.hash = '#/hospital/home';
});
resetNativeWrappersAfterEach();

/** An API where the first getPatient has expired and the refresh hands out a new pair. */
function expiringApi() {
  return mockApi({
    [GET_PATIENT]: (request) =>
      bearerOf(request.headers) === 'Bearer new-access'
        ? { body: ok(patientProfile()) }
        : { status: 401, body: fail(ResultCode.TOKEN_EXPIRED, '만료') },
    [REFRESH]: () => ({ body: ok({ accessToken: 'new-access', refreshToken: 'new-refresh' }) }),
    [UPDATE_FCM_TOKEN]: () => ({ body: ok(null) }),
  });
}

describe('the API client', () => {
  it('sends the bearer token, the query and the JSON body under the fixed prefix', async () => {
    loggedIn();
    const api = mockApi({ 'PUT /patient/alarmUpdate': () => ({ body: ok({}) }) });
    await apiRequest('PUT', apiPaths.patient.alarmUpdate, {
      query: { a: 1, skip: undefined },
      body: { chat: false },
    });
    const [request] = api.seen;
    expect(api.fetchMock.mock.calls[0]![0]).toBe('/medical2/app/api/patient/alarmUpdate?a=1');
    expect(bearerOf(request!.headers)).toBe('Bearer access-1');
    expect(request!.headers.get('Content-Type')).toBe('application/json');
    expect(request!.body).toEqual({ chat: false });
  });

  it('sends login without a bearer token, even when an old one is stored', async () => {
    loggedIn();
    const api = mockApi({
      'POST /patient/login': () => ({ body: ok({ accessToken: 'a', refreshToken: 'r' }) }),
    });
    await apiRequest('POST', apiPaths.patient.login, { body: { loginId: 'demo', password: 'x' } });
    expect(bearerOf(api.seen[0]!.headers)).toBeNull();
  });

  it('uses the API address stored in localStorage instead of the page origin', async () => {
    window.localStorage.setItem('apiAddress', 'https://api.example.org/');
    const api = mockApi({});
    await apiRequest('GET', apiPaths.terms.getTermsList);
    expect(api.fetchMock.mock.calls[0]![0]).toBe(
      'https://api.example.org/medical2/app/api/terms/getTermsList',
    );
  });

  it('turns an empty body into {}', async () => {
    loggedIn();
    mockApi({ [GET_PATIENT]: () => ({ status: 204 }) });
    await expect(apiRequest('GET', apiPaths.patient.getPatient)).resolves.toEqual({});
  });

  it('returns other failures as they came, and callApi turns them into an ApiError', async () => {
    loggedIn();
    mockApi({ [GET_PATIENT]: () => ({ status: 404, body: fail(ResultCode.NOT_FOUND, '없음') }) });
    await expect(apiRequest('GET', apiPaths.patient.getPatient)).resolves.toEqual(
      fail(ResultCode.NOT_FOUND, '없음'),
    );
    await expect(callApi('GET', apiPaths.patient.getPatient)).rejects.toBeInstanceOf(ApiError);
  });

  it('refreshes ONCE when three requests expire together, then retries each with the new token', async () => {
    loggedIn('old-access', 'old-refresh');
    const api = mockApi({
      [GET_PATIENT]: (request) =>
        bearerOf(request.headers) === 'Bearer new-access'
          ? { body: ok(patientProfile()) }
          : { status: 401, body: fail(ResultCode.TOKEN_EXPIRED, '만료') },
      [REFRESH]: async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { body: ok({ accessToken: 'new-access', refreshToken: 'new-refresh' }) };
      },
    });

    const answers = await Promise.all([1, 2, 3].map(() => callApi('GET', apiPaths.patient.getPatient)));

    expect(answers).toHaveLength(3);
    expect(api.calls(REFRESH)).toBe(1);
    const refresh = api.seen.find((r) => r.path === apiPaths.patient.refresh)!;
    // Spec §7: the pair travels in its own headers, with no bearer and no body.
    expect(refresh.headers.get('AccessToken')).toBe('old-access');
    expect(refresh.headers.get('RefreshToken')).toBe('old-refresh');
    expect(bearerOf(refresh.headers)).toBeNull();
    expect(refresh.body).toBeUndefined();
    expect(api.calls(GET_PATIENT)).toBe(6);
    expect(session.tokens()).toEqual({ accessToken: 'new-access', refreshToken: 'new-refresh' });
  });

  it('retries only once: a second expiry is returned as it is', async () => {
    loggedIn();
    const api = mockApi({
      [GET_PATIENT]: () => ({ status: 401, body: fail(ResultCode.TOKEN_EXPIRED, '만료') }),
      [REFRESH]: (_r, n) => ({
        body: ok({ accessToken: `access-${n + 1}`, refreshToken: `refresh-${n + 1}` }),
      }),
    });
    const answer = await apiRequest('GET', apiPaths.patient.getPatient);
    expect(answer).toMatchObject({ code: ResultCode.TOKEN_EXPIRED });
    expect(api.calls(REFRESH)).toBe(1);
    expect(api.calls(GET_PATIENT)).toBe(2);
  });

  it('sends the patient to the area login when the refresh says login is needed, returning that response', async () => {
    window.location.hash = '#/homecare/home';
    loggedIn();
    mockApi({
      [GET_PATIENT]: () => ({ status: 401, body: fail(ResultCode.TOKEN_EXPIRED, '만료') }),
      [REFRESH]: () => ({ status: 400, body: fail(ResultCode.REFRESH_TOKEN_REUSED, '재사용') }),
    });
    const answer = await apiRequest('GET', apiPaths.patient.getPatient);
    expect(answer).toMatchObject({ code: ResultCode.TOKEN_EXPIRED });
    expect(window.location.hash).toBe('#/homeCare/login');
    expect(session.tokens()).toEqual({ accessToken: null, refreshToken: null });
  });

  it('says once that the session ended when a refresh of several expired requests is refused', async () => {
    window.location.hash = '#/homecare/home';
    loggedIn();
    const shown = vi.spyOn(toast, 'error');
    const api = mockApi({
      [GET_PATIENT]: () => ({ status: 401, body: fail(ResultCode.TOKEN_EXPIRED, '만료') }),
      [REFRESH]: async () => {
        // Slow enough that all three expiries arrive while it is under way.
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { status: 400, body: fail(ResultCode.REFRESH_TOKEN_REUSED, '재사용') };
      },
    });

    await Promise.all([1, 2, 3].map(() => apiRequest('GET', apiPaths.patient.getPatient)));

    expect(api.calls(REFRESH)).toBe(1);
    expect(shown).toHaveBeenCalledTimes(1);
    expect(shown).toHaveBeenCalledWith('로그인 후 이용 부탁드립니다');
    expect(toast.items().map((item) => [item.type, item.message])).toEqual([
      ['error', '로그인 후 이용 부탁드립니다'],
    ]);
    expect(session.snapshot()).toEqual({
      accessToken: null,
      refreshToken: null,
      loginId: null,
      myData: null,
    });
    expect(window.location.hash).toBe('#/homeCare/login');
  });

  it('treats a refresh without data as "login needed" too', async () => {
    loggedIn();
    mockApi({
      [GET_PATIENT]: () => ({ status: 401, body: fail(ResultCode.TOKEN_EXPIRED, '만료') }),
      [REFRESH]: () => ({ body: ok(null) }),
    });
    await apiRequest('GET', apiPaths.patient.getPatient);
    expect(window.location.hash).toBe('#/hospital/login');
    expect(session.isLoggedIn()).toBe(false);
  });

  it('uses the pair another tab already rotated instead of presenting a used refresh token', async () => {
    loggedIn('stale-access', 'stale-refresh');
    // The other tab held the lock and rotated the pair while this request was in flight.
    const locks = {
      request: vi.fn(async (_name: string, work: () => Promise<unknown>) => {
        session.setTokens({ accessToken: 'rotated-access', refreshToken: 'rotated-refresh' });
        return work();
      }),
    };
    vi.stubGlobal('navigator', { ...navigator, locks });
    const api = mockApi({
      [GET_PATIENT]: (request) =>
        bearerOf(request.headers) === 'Bearer rotated-access'
          ? { body: ok(patientProfile()) }
          : { status: 401, body: fail(ResultCode.TOKEN_EXPIRED, '만료') },
      [REFRESH]: () => ({ status: 400, body: fail(ResultCode.REFRESH_TOKEN_REUSED, '재사용') }),
    });
    await expect(callApi('GET', apiPaths.patient.getPatient)).resolves.toMatchObject({ loginId: 'demo' });
    expect(locks.request).toHaveBeenCalledWith('smartcare-patient-token-refresh', expect.any(Function));
    expect(api.calls(REFRESH)).toBe(0);
  });

  it('on 30002007 shows the Korean notice, clears the session and goes to the area login', async () => {
    loggedIn();
    const shown = vi.spyOn(toast, 'error');
    mockApi({ [GET_PATIENT]: () => ({ status: 401, body: fail(ResultCode.NOT_LOGGED_IN, 'x') }) });
    const answer = await apiRequest('GET', apiPaths.patient.getPatient);
    expect(answer).toMatchObject({ code: ResultCode.NOT_LOGGED_IN });
    expect(shown).toHaveBeenCalledWith('로그인 후 이용 부탁드립니다');
    expect(session.snapshot()).toEqual({
      accessToken: null,
      refreshToken: null,
      loginId: null,
      myData: null,
    });
    expect(window.location.hash).toBe('#/hospital/login');
  });
});

describe('the push token after a refresh (docs/native-bridge.md)', () => {
  it('uploads the Android bridge token once the pair is rotated', async () => {
    useUserAgent(userAgents.android);
    installAndroidBridge('android-fcm');
    loggedIn('old-access', 'old-refresh');
    const api = expiringApi();

    await callApi('GET', apiPaths.patient.getPatient);

    await vi.waitFor(() => expect(api.calls(UPDATE_FCM_TOKEN)).toBe(1));
    const upload = api.seen.find((r) => r.path === apiPaths.patient.updateFcmToken)!;
    expect(upload.body).toEqual({ fcmToken: 'android-fcm', platform: 'android' });
    // Sent with the new token, after the refresh.
    expect(bearerOf(upload.headers)).toBe('Bearer new-access');
    expect(api.seen.findIndex((r) => r.path === apiPaths.patient.refresh)).toBeLessThan(
      api.seen.indexOf(upload),
    );
  });

  it("uploads the token the iOS wrapper's message handler answers with", async () => {
    useUserAgent(userAgents.iphone);
    const asked = installIosMessageHandler('ios-fcm');
    loggedIn('old-access', 'old-refresh');
    const api = expiringApi();

    await callApi('GET', apiPaths.patient.getPatient);

    await vi.waitFor(() => expect(api.calls(UPDATE_FCM_TOKEN)).toBe(1));
    expect(asked).toEqual([{ type: 'getFcmToken', requestId: expect.stringMatching(/^fcm-/) }]);
    const upload = api.seen.find((r) => r.path === apiPaths.patient.updateFcmToken)!;
    expect(upload.body).toEqual({ fcmToken: 'ios-fcm', platform: 'ios' });
    expect(bearerOf(upload.headers)).toBe('Bearer new-access');
  });

  it('in a plain browser sends nothing and shows nothing', async () => {
    useUserAgent(userAgents.desktop);
    loggedIn('old-access', 'old-refresh');
    const api = expiringApi();
    // Bridges of the wrong platform are not asked either.
    const android = vi.fn(() => 'stray-token');
    window.AndroidBridge = { getFcmToken: android };

    await expect(callApi('GET', apiPaths.patient.getPatient)).resolves.toMatchObject({ loginId: 'demo' });
    // The upload would start right after the refresh; give it a few turns to (not) happen.
    await new Promise((resolve) => setTimeout(resolve, 30));

    expect(api.calls(REFRESH)).toBe(1);
    expect(api.calls(UPDATE_FCM_TOKEN)).toBe(0);
    expect(android).not.toHaveBeenCalled();
    expect(toast.items()).toEqual([]);
  });
});

// issue 12: changes made without a network are refused with the reason (decision 017)
describe('the API client without a network', () => {
  it('refuses a change at once without sending it, and the patient reads why; reads still go out', async () => {
    loggedIn();
    const api = mockApi({
      [`PUT ${apiPaths.patient.alarmUpdate}`]: () => ({ body: ok({}) }),
      [GET_PATIENT]: () => ({ body: ok(patientProfile()) }),
    });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onlineManager.setOnline(false);
    try {
      const refused = callApi('PUT', apiPaths.patient.alarmUpdate, { body: { chat: false } });
      await expect(refused).rejects.toBeInstanceOf(NetworkError);
      expect(errorMessage(await refused.catch((error: unknown) => error))).toBe(
        '인터넷에 연결되어 있지 않아 지금은 할 수 없습니다. 연결된 뒤 다시 시도해 주세요.',
      );
      expect(api.seen).toHaveLength(0);
      // A read is the query layer's to pause or fail; the client itself still sends it.
      await callApi('GET', apiPaths.patient.getPatient);
      expect(api.seen).toHaveLength(1);
    } finally {
      vi.restoreAllMocks();
      onlineManager.setOnline(true);
    }
    // Online again, the same change goes through.
    await callApi('PUT', apiPaths.patient.alarmUpdate, { body: { chat: false } });
    expect(api.seen).toHaveLength(2);
  });
});
