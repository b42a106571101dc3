import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, apiPaths } from '@smartcare/contract/api-paths';
import type { TokenPair } from '@smartcare/contract/auth';
import type { KakaoConfig, KakaoLinkStatus, KakaoLoginResult, KakaoStart } from '@smartcare/contract/kakao';
import type { PatientProfile } from '@smartcare/contract/patient';
import { ResultCode } from '@smartcare/contract/result-codes';
import type { KakaoSettings } from '../../config.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { api, createPatient } from '../../testing/factories.ts';
import { startKakaoStandIn, type KakaoStandIn } from '../../testing/kakao-stand-in.ts';
import { KAKAO_PRUNE_JOB } from './kakao-login.module.ts';

const REQUIRED_TERMS = ['SERVICE', 'PRIVACY', 'HEALTH_DATA'];

function settingsOf(standIn: KakaoStandIn): KakaoSettings {
  return {
    restApiKey: standIn.restApiKey,
    clientSecret: standIn.clientSecret,
    adminKey: standIn.adminKey,
    appId: '424242',
    redirectOrigin: 'https://app.smartcare.test',
    authorizeUrl: standIn.env.KAKAO_AUTHORIZE_URL!,
    tokenUrl: standIn.env.KAKAO_TOKEN_URL!,
    userUrl: standIn.env.KAKAO_USER_URL!,
    unlinkUrl: standIn.env.KAKAO_UNLINK_URL!,
  };
}

describe('Kakao login against the stand-in', () => {
  let t: TestApp;
  let kakao: KakaoStandIn;
  let nextKakaoId = 7_000_000;
  /** Every answer the server gave in these tests, to prove no secret ever left it. */
  const answers: string[] = [];

  beforeAll(async () => {
    kakao = await startKakaoStandIn();
    t = await buildTestApp({ config: { kakao: settingsOf(kakao) } });
  });
  afterAll(async () => {
    await t?.close();
    await kakao?.close();
  });

  /** A browser: keeps the Kakao cookie, as the patient's browser would. */
  function browser() {
    let cookie: string | null = null;
    const client = api(t.baseUrl);
    const call = async <T>(
      method: 'GET' | 'POST',
      path: string,
      options: Parameters<typeof client.call>[2] = {},
    ) => {
      const response = await client.call<T>(method, path, {
        ...options,
        headers: { ...options.headers, ...(cookie ? { cookie } : {}) },
      });
      answers.push(JSON.stringify(response), [...response.headers].join('\n'));
      const set = /sc_kakao=([^;]+)/.exec(response.headers.get('set-cookie') ?? '');
      if (set) cookie = `sc_kakao=${set[1]}`;
      return response;
    };
    return {
      call,
      get cookie() {
        return cookie;
      },
      /** Start, then Kakao's consent: the code and state the redirect carries. */
      async authorize(area: 'hospital' | 'homecare' = 'hospital') {
        const started = await call<KakaoStart>('POST', apiPaths.kakao.start, { body: { area } });
        expect(started.code).toBe(ResultCode.SUCCESS);
        const back = await fetch(started.data!.authorizeUrl, { redirect: 'manual' });
        const location = new URL(back.headers.get('location')!);
        return {
          authorizeUrl: new URL(started.data!.authorizeUrl),
          location,
          code: location.searchParams.get('code')!,
          state: location.searchParams.get('state')!,
        };
      },
      async login(area: 'hospital' | 'homecare' = 'hospital') {
        const { code, state } = await this.authorize(area);
        return call<KakaoLoginResult>('POST', apiPaths.kakao.login, { body: { code, state } });
      },
    };
  }

  const asKakaoUser = (nickname = '카카오환자') => {
    kakao.nextUser = { id: ++nextKakaoId, nickname, email: `k${nextKakaoId}@kakao.test` };
    return String(nextKakaoId);
  };
  const profileOf = (tokens: TokenPair) =>
    api(t.baseUrl).get<PatientProfile>(apiPaths.patient.getPatient, { token: tokens.accessToken });
  const linkOf = (tokens: TokenPair) =>
    api(t.baseUrl).get<KakaoLinkStatus>(apiPaths.kakao.getMyLink, { token: tokens.accessToken });

  it('says it is configured; the authorize URL carries the key, redirect URI and state, never the secret', async () => {
    const config = await api(t.baseUrl).get<KakaoConfig>(apiPaths.kakao.getConfig);
    expect(config.data).toEqual({ enabled: true });
    const b = browser();
    const { authorizeUrl, location } = await b.authorize('homecare');
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(kakao.env.KAKAO_AUTHORIZE_URL);
    expect(authorizeUrl.searchParams.get('client_id')).toBe(kakao.restApiKey);
    expect(authorizeUrl.searchParams.get('response_type')).toBe('code');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(
      'https://app.smartcare.test/homecare/loginreceive/kakao',
    );
    expect(authorizeUrl.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorizeUrl.toString()).not.toContain(kakao.clientSecret);
    expect(location.pathname).toBe('/homecare/loginreceive/kakao');
    expect(b.cookie).toMatch(/^sc_kakao=/);
  });

  it('a new Kakao account becomes a new patient, without a password, who logs in with Kakao after', async () => {
    const kakaoId = asKakaoUser('새환자');
    const b = browser();
    const first = await b.login('homecare');
    expect(first.code).toBe(ResultCode.SUCCESS);
    expect(first.data).toMatchObject({ status: 'NEEDS_ACCOUNT', area: 'homecare', nickname: '새환자' });
    const ticket = (first.data as Extract<KakaoLoginResult, { status: 'NEEDS_ACCOUNT' }>).ticket;

    // The required terms first, as at sign-up; the refusal keeps the ticket.
    const unagreed = await b.call('POST', apiPaths.kakao.signUp, {
      body: { ticket, agreedTermsCodes: ['SERVICE'] },
    });
    expect(unagreed.code).toBe(ResultCode.VALIDATION_FAILED);
    const created = await b.call<TokenPair>('POST', apiPaths.kakao.signUp, {
      body: { ticket, agreedTermsCodes: [...REQUIRED_TERMS, 'MARKETING'] },
    });
    expect(created.code).toBe(ResultCode.SUCCESS);
    const profile = await profileOf(created.data!);
    expect(profile.data).toMatchObject({ name: '새환자', choseHospitalIdx: null });
    expect((await linkOf(created.data!)).data).toMatchObject({ linked: true, hasPassword: false });
    const row = await t.app.db.one<{ areas: string[]; password_hash: string | null; email: string }>(
      'SELECT areas, password_hash, email FROM patients WHERE idx = $1',
      [profile.data!.idx],
    );
    expect(row).toEqual({ areas: ['HOMECARE'], password_hash: null, email: `k${kakaoId}@kakao.test` });

    const consents = await api(t.baseUrl).get<{ termsCode: string; agreed: boolean }[]>(
      apiPaths.patient.getConsents,
      { token: created.data!.accessToken },
    );
    expect(consents.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ termsCode: 'HEALTH_DATA', agreed: true }),
        expect.objectContaining({ termsCode: 'MARKETING', agreed: true }),
        expect.objectContaining({ termsCode: 'MARKETING_NIGHT', agreed: false }),
      ]),
    );

    // The ticket worked once.
    const again = await b.call('POST', apiPaths.kakao.signUp, {
      body: { ticket, agreedTermsCodes: REQUIRED_TERMS },
    });
    expect(again.code).toBe(ResultCode.KAKAO_TICKET_INVALID);

    // Next time the same Kakao account is that patient, with the usual tokens.
    const next = await b.login('homecare');
    expect(next.data).toMatchObject({ status: 'LOGGED_IN', area: 'homecare' });
    const tokens = (next.data as Extract<KakaoLoginResult, { status: 'LOGGED_IN' }>).tokens;
    expect((await profileOf(tokens)).data!.idx).toBe(profile.data!.idx);
    const refreshed = await api(t.baseUrl).post<TokenPair>(apiPaths.patient.refresh, {
      headers: { AccessToken: tokens.accessToken, RefreshToken: tokens.refreshToken },
    });
    expect(refreshed.code).toBe(ResultCode.SUCCESS);
  });

  it('links to an existing patient after the password, once; a wrong password keeps the ticket', async () => {
    const patient = await createPatient(t.app.db, { name: '이연결' });
    asKakaoUser();
    const b = browser();
    const first = await b.login();
    const ticket = (first.data as Extract<KakaoLoginResult, { status: 'NEEDS_ACCOUNT' }>).ticket;

    const wrong = await b.call('POST', apiPaths.kakao.link, {
      body: { ticket, loginId: patient.loginId, password: 'Wrong-pass1!' },
    });
    expect(wrong.code).toBe(ResultCode.BAD_CREDENTIALS);

    const linked = await b.call<TokenPair>('POST', apiPaths.kakao.link, {
      body: { ticket, loginId: patient.loginId, password: patient.password },
    });
    expect(linked.code).toBe(ResultCode.SUCCESS);
    expect((await profileOf(linked.data!)).data!.idx).toBe(patient.idx);
    expect((await linkOf(linked.data!)).data).toMatchObject({ linked: true, hasPassword: true });

    const next = await b.login();
    expect(next.data?.status).toBe('LOGGED_IN');
    const tokens = (next.data as Extract<KakaoLoginResult, { status: 'LOGGED_IN' }>).tokens;
    expect((await profileOf(tokens)).data!.idx).toBe(patient.idx);

    // A second Kakao account cannot take over the same patient.
    asKakaoUser();
    const other = await b.login();
    const otherTicket = (other.data as Extract<KakaoLoginResult, { status: 'NEEDS_ACCOUNT' }>).ticket;
    const refused = await b.call('POST', apiPaths.kakao.link, {
      body: { ticket: otherTicket, loginId: patient.loginId, password: patient.password },
    });
    expect(refused.status).toBe(409);
    expect(refused.code).toBe(ResultCode.KAKAO_ALREADY_LINKED);
  });

  it('refuses a wrong, reused, expired or other browser’s state, before any exchange with Kakao', async () => {
    asKakaoUser();
    const b = browser();
    const tokenCalls = () => kakao.requests.filter((r) => r.path === '/oauth/token').length;

    const { code, state } = await b.authorize();
    const before = tokenCalls();
    const wrong = await b.call('POST', apiPaths.kakao.login, { body: { code, state: `${state}x` } });
    expect(wrong.status).toBe(400);
    expect(wrong.code).toBe(ResultCode.KAKAO_STATE_INVALID);

    // Another browser (no cookie, or its own) cannot use this browser's state.
    const thief = browser();
    await thief.call('POST', apiPaths.kakao.start, { body: { area: 'hospital' } });
    const stolen = await thief.call('POST', apiPaths.kakao.login, { body: { code, state } });
    expect(stolen.code).toBe(ResultCode.KAKAO_STATE_INVALID);
    expect(tokenCalls()).toBe(before);

    // The thief's try spent it: the state is single use, even for its own browser.
    const late = await b.call('POST', apiPaths.kakao.login, { body: { code, state } });
    expect(late.code).toBe(ResultCode.KAKAO_STATE_INVALID);

    const fresh = await b.authorize();
    const body = { code: fresh.code, state: fresh.state };
    const used = await b.call('POST', apiPaths.kakao.login, { body });
    expect(used.code).toBe(ResultCode.SUCCESS);
    const reused = await b.call('POST', apiPaths.kakao.login, { body });
    expect(reused.code).toBe(ResultCode.KAKAO_STATE_INVALID);

    const expiring = await b.authorize();
    await t.app.db.query(`UPDATE kakao_login_states SET expires_at = now() - interval '1 second'`);
    const expired = await b.call('POST', apiPaths.kakao.login, {
      body: { code: expiring.code, state: expiring.state },
    });
    expect(expired.code).toBe(ResultCode.KAKAO_STATE_INVALID);
    expect(tokenCalls()).toBe(before + 1);
  });

  it('a ticket works only in the browser that got it', async () => {
    asKakaoUser();
    const first = await browser().login();
    const ticket = (first.data as Extract<KakaoLoginResult, { status: 'NEEDS_ACCOUNT' }>).ticket;
    const other = browser();
    await other.call('POST', apiPaths.kakao.start, { body: { area: 'hospital' } });
    const refused = await other.call('POST', apiPaths.kakao.signUp, {
      body: { ticket, agreedTermsCodes: REQUIRED_TERMS },
    });
    expect(refused.code).toBe(ResultCode.KAKAO_TICKET_INVALID);
  });

  it('a code Kakao refuses is KAKAO_LOGIN_FAILED, and nothing is created', async () => {
    asKakaoUser();
    const b = browser();
    const { state } = await b.authorize();
    const before = await t.app.db.one<{ n: number }>('SELECT count(*)::int AS n FROM patients');
    const refused = await b.call('POST', apiPaths.kakao.login, { body: { code: 'not-a-code', state } });
    expect(refused.status).toBe(502);
    expect(refused.code).toBe(ResultCode.KAKAO_LOGIN_FAILED);
    expect(await t.app.db.one('SELECT count(*)::int AS n FROM patients')).toEqual(before);
  });

  it('unlink in settings: at Kakao with the admin key, then here; refused without a password', async () => {
    const patient = await createPatient(t.app.db);
    const kakaoId = asKakaoUser();
    const b = browser();
    const first = await b.login();
    const ticket = (first.data as Extract<KakaoLoginResult, { status: 'NEEDS_ACCOUNT' }>).ticket;
    const tokens = (
      await b.call<TokenPair>('POST', apiPaths.kakao.link, {
        body: { ticket, loginId: patient.loginId, password: patient.password },
      })
    ).data!;

    const unlinked = await api(t.baseUrl).post<KakaoLinkStatus>(apiPaths.kakao.unlink, {
      token: tokens.accessToken,
    });
    expect(unlinked.data).toMatchObject({ linked: false, hasPassword: true });
    expect(kakao.unlinked).toContain(kakaoId);
    expect(kakao.requests.at(-1)?.authorization).toBe(`KakaoAK ${kakao.adminKey}`);
    // The Kakao account is a stranger again.
    expect((await b.login()).data?.status).toBe('NEEDS_ACCOUNT');
    const twice = await api(t.baseUrl).post(apiPaths.kakao.unlink, { token: tokens.accessToken });
    expect(twice.code).toBe(ResultCode.KAKAO_NOT_LINKED);

    // A Kakao-only account would lose its only way in: refused, nothing sent to Kakao.
    const lone = asKakaoUser();
    const start = await b.login();
    const created = (
      await b.call<TokenPair>('POST', apiPaths.kakao.signUp, {
        body: {
          ticket: (start.data as Extract<KakaoLoginResult, { status: 'NEEDS_ACCOUNT' }>).ticket,
          agreedTermsCodes: REQUIRED_TERMS,
        },
      })
    ).data!;
    const refused = await api(t.baseUrl).post(apiPaths.kakao.unlink, { token: created.accessToken });
    expect(refused.code).toBe(ResultCode.KAKAO_UNLINK_NEEDS_PASSWORD);
    expect(kakao.unlinked).not.toContain(lone);
    expect((await linkOf(created)).data?.linked).toBe(true);
  });

  it('Kakao’s unlink callback needs the admin key and the app id, then unlinks here (form or query)', async () => {
    const linkedPatient = async () => {
      const kakaoId = asKakaoUser();
      const b = browser();
      const start = await b.login();
      const ticket = (start.data as Extract<KakaoLoginResult, { status: 'NEEDS_ACCOUNT' }>).ticket;
      await b.call('POST', apiPaths.kakao.signUp, { body: { ticket, agreedTermsCodes: REQUIRED_TERMS } });
      return { kakaoId, b };
    };
    const { kakaoId, b } = await linkedPatient();
    const form = (authorization: string, appId = '424242') =>
      fetch(`${t.baseUrl}${API_PREFIX}${apiPaths.kakao.unlinkCallback}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ app_id: appId, user_id: kakaoId, referrer_type: 'UNLINK_FROM_APPS' }),
      });
    for (const refused of [
      await form('KakaoAK wrong-key'),
      await form(`Bearer ${kakao.adminKey}`),
      await form(`KakaoAK ${kakao.adminKey}`, '999'),
    ]) {
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { code: number }).code).toBe(
        ResultCode.KAKAO_UNLINK_CALLBACK_REFUSED,
      );
    }
    expect((await b.login()).data?.status).toBe('LOGGED_IN');

    const accepted = await form(`KakaoAK ${kakao.adminKey}`);
    expect(accepted.status).toBe(200);
    expect((await b.login()).data?.status).toBe('NEEDS_ACCOUNT');

    const second = await linkedPatient();
    const query = new URLSearchParams({ app_id: '424242', user_id: second.kakaoId });
    const viaGet = await api(t.baseUrl).get(`${apiPaths.kakao.unlinkCallback}?${query}`, {
      headers: { authorization: `KakaoAK ${kakao.adminKey}` },
    });
    expect(viaGet.code).toBe(ResultCode.SUCCESS);
    expect((await second.b.login()).data?.status).toBe('NEEDS_ACCOUNT');
  });

  it('account deletion unlinks at Kakao and here', async () => {
    const patient = await createPatient(t.app.db);
    const kakaoId = asKakaoUser();
    const b = browser();
    const start = await b.login();
    const ticket = (start.data as Extract<KakaoLoginResult, { status: 'NEEDS_ACCOUNT' }>).ticket;
    const tokens = (
      await b.call<TokenPair>('POST', apiPaths.kakao.link, {
        body: { ticket, loginId: patient.loginId, password: patient.password },
      })
    ).data!;
    const deleted = await api(t.baseUrl).delete(apiPaths.patient.delete, {
      token: tokens.accessToken,
      body: { password: patient.password },
    });
    expect(deleted.code).toBe(ResultCode.SUCCESS);
    expect(kakao.unlinked).toContain(kakaoId);
    expect(await t.app.db.maybeOne('SELECT 1 FROM kakao_links WHERE kakao_id = $1', [kakaoId])).toBeNull();
  });

  it('sends Kakao’s redirect on to the app’s hash route with only the OAuth parameters', async () => {
    for (const area of ['hospital', 'homecare']) {
      const response = await fetch(
        `${t.baseUrl}/${area}/loginreceive/kakao?code=abc&state=def&next=https://evil.example`,
        { redirect: 'manual' },
      );
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`/#/${area}/loginreceive/kakao?code=abc&state=def`);
    }
  });

  it('prunes spent states and tickets past their time', async () => {
    await browser().authorize();
    await t.app.db.query(`UPDATE kakao_login_states SET expires_at = now() - interval '1 second'`);
    await t.app.db.query(`UPDATE kakao_pending_accounts SET expires_at = now() - interval '1 second'`);
    expect(await t.app.jobs.runNow(KAKAO_PRUNE_JOB)).toBeGreaterThan(0);
    expect(await t.app.db.one('SELECT count(*)::int AS n FROM kakao_login_states')).toEqual({ n: 0 });
  });

  it('never lets the client secret, the admin key or Kakao’s tokens out', () => {
    expect(answers.length).toBeGreaterThan(20);
    for (const answer of answers) {
      expect(answer).not.toContain(kakao.clientSecret);
      expect(answer).not.toContain(kakao.adminKey);
      expect(answer).not.toContain('refresh_token_expires_in');
    }
  });
});

describe('Kakao login not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('tells the app to hide the button and refuses to start', async () => {
    expect((await api(t.baseUrl).get<KakaoConfig>(apiPaths.kakao.getConfig)).data).toEqual({
      enabled: false,
    });
    const start = await api(t.baseUrl).post(apiPaths.kakao.start, { body: { area: 'hospital' } });
    expect(start.status).toBe(404);
    expect(start.code).toBe(ResultCode.KAKAO_NOT_CONFIGURED);
  });
});
