import type { KakaoSettings } from '../../config.ts';
import { DomainError } from '../../lib/errors.ts';

/** What the login needs from Kakao's user info: the app-scoped id (as text) and a name. */
export interface KakaoUser {
  id: string;
  nickname: string | null;
  /** Only an address Kakao has verified. */
  email: string | null;
}

export interface KakaoClient {
  /** The authorisation code for this redirect URI → Kakao's user (the tokens stay here). */
  userOfCode(code: string, redirectUri: string): Promise<KakaoUser>;
  /** Disconnects the app from the user at Kakao, with the admin key (account deletion, unlink). */
  unlink(kakaoId: string): Promise<void>;
}

const TIMEOUT_MS = 5_000;
const failed = (why: string) => new DomainError('KAKAO_LOGIN_FAILED', null, why);

async function json(response: Response, what: string): Promise<Record<string, unknown>> {
  if (!response.ok) throw failed(`Kakao ${what} answered HTTP ${response.status}`);
  const body: unknown = await response.json().catch(() => null);
  if (!body || typeof body !== 'object') throw failed(`Kakao ${what} answered no JSON object`);
  return body as Record<string, unknown>;
}

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;

/**
 * Kakao Login's REST calls (domain.md), each URL from configuration so tests talk to a
 * local stand-in. Kakao's access token is used once for the user info and never stored or
 * sent on: the app gets our own tokens.
 */
export function createKakaoClient(settings: KakaoSettings, fetchFn: typeof fetch = fetch): KakaoClient {
  const call = (url: string, init: RequestInit) =>
    fetchFn(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) }).catch((error: unknown) => {
      throw failed(`Kakao unreachable at ${new URL(url).origin}: ${String(error)}`);
    });

  return {
    async userOfCode(code, redirectUri) {
      const form = new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: settings.restApiKey,
        redirect_uri: redirectUri,
        code,
      });
      if (settings.clientSecret) form.set('client_secret', settings.clientSecret);
      const token = await json(
        await call(settings.tokenUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
          body: form,
        }),
        'token',
      );
      const accessToken = text(token.access_token, 4096);
      if (!accessToken) throw failed('Kakao token answer without access_token');
      const me = await json(
        await call(settings.userUrl, { headers: { authorization: `Bearer ${accessToken}` } }),
        'user info',
      );
      const id = typeof me.id === 'number' || typeof me.id === 'string' ? String(me.id) : '';
      if (!/^\d{1,20}$/.test(id)) throw failed('Kakao user info without a numeric id');
      const account = (me.kakao_account ?? {}) as Record<string, unknown>;
      const profile = (account.profile ?? {}) as Record<string, unknown>;
      const properties = (me.properties ?? {}) as Record<string, unknown>;
      const verifiedEmail = account.is_email_valid === true && account.is_email_verified === true;
      return {
        id,
        nickname: text(profile.nickname, 50) ?? text(properties.nickname, 50),
        email: verifiedEmail ? text(account.email, 254) : null,
      };
    },

    async unlink(kakaoId) {
      const response = await call(settings.unlinkUrl, {
        method: 'POST',
        headers: {
          authorization: `KakaoAK ${settings.adminKey}`,
          'content-type': 'application/x-www-form-urlencoded;charset=utf-8',
        },
        body: new URLSearchParams({ target_id_type: 'user_id', target_id: kakaoId }),
      });
      // Already disconnected at Kakao (-101 "not registered user") is the outcome we want.
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { code?: number } | null;
        if (body?.code !== -101) throw failed(`Kakao unlink answered HTTP ${response.status}`);
      }
    },
  };
}
