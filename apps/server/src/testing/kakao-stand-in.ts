import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Kakao user as the stand-in's user info answers it. */
export interface StandInKakaoUser {
  id: number;
  nickname?: string;
  email?: string;
}

export interface KakaoStandIn {
  /** e.g. http://127.0.0.1:40123 (no trailing slash). */
  url: string;
  restApiKey: string;
  clientSecret: string;
  adminKey: string;
  /** The environment that points the server at this stand-in (KAKAO_* variables). */
  env: Record<string, string>;
  /** Who consents on the next authorize; the stand-in's login page is skipped. */
  nextUser: StandInKakaoUser;
  /** The next authorize answers access_denied (the user pressed 취소). */
  denyNext: boolean;
  /** Every request, in order: method, path and the form or query it carried. */
  requests: { method: string; path: string; params: Record<string, string>; authorization?: string }[];
  /** Kakao user ids unlinked with the admin key. */
  unlinked: string[];
  close(): Promise<void>;
}

/**
 * A local stand-in for Kakao Login's REST endpoints (domain.md), for the server tests and
 * the browser tests: authorize consents at once and redirects with a code; the token call
 * checks the client id, secret, redirect URI and that the code is used once; the user info
 * needs the bearer token it issued; unlink needs the admin key.
 */
export async function startKakaoStandIn(): Promise<KakaoStandIn> {
  const restApiKey = `rest-${randomBytes(6).toString('hex')}`;
  const clientSecret = `secret-${randomBytes(12).toString('hex')}`;
  const adminKey = `admin-${randomBytes(12).toString('hex')}`;
  const codes = new Map<string, { user: StandInKakaoUser; redirectUri: string }>();
  const accessTokens = new Map<string, StandInKakaoUser>();

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
    response.end(JSON.stringify(body));
  };
  const readForm = (request: IncomingMessage) =>
    new Promise<Record<string, string>>((resolve, reject) => {
      let text = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (text += chunk));
      request.on('end', () => resolve(Object.fromEntries(new URLSearchParams(text))));
      request.on('error', reject);
    });

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const params =
        request.method === 'POST' ? await readForm(request) : Object.fromEntries(url.searchParams);
      standIn.requests.push({
        method: request.method ?? 'GET',
        path: url.pathname,
        params,
        ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
      });

      if (request.method === 'GET' && url.pathname === '/oauth/authorize') {
        const redirectUri = params.redirect_uri ?? '';
        if (params.client_id !== restApiKey || params.response_type !== 'code' || !redirectUri)
          return send(response, 400, { error: 'invalid_request' });
        const back = new URL(redirectUri);
        if (standIn.denyNext) {
          standIn.denyNext = false;
          back.searchParams.set('error', 'access_denied');
          back.searchParams.set('error_description', 'User denied access');
        } else {
          const code = randomBytes(16).toString('hex');
          codes.set(code, { user: standIn.nextUser, redirectUri });
          back.searchParams.set('code', code);
        }
        if (params.state) back.searchParams.set('state', params.state);
        response.writeHead(302, { location: back.toString() });
        return response.end();
      }

      if (request.method === 'POST' && url.pathname === '/oauth/token') {
        const issued = codes.get(params.code ?? '');
        codes.delete(params.code ?? '');
        if (
          params.grant_type !== 'authorization_code' ||
          params.client_id !== restApiKey ||
          params.client_secret !== clientSecret ||
          !issued ||
          issued.redirectUri !== params.redirect_uri
        )
          return send(response, 400, { error: 'invalid_grant', error_code: 'KOE320' });
        const accessToken = randomBytes(16).toString('hex');
        accessTokens.set(accessToken, issued.user);
        return send(response, 200, {
          token_type: 'bearer',
          access_token: accessToken,
          expires_in: 21599,
          refresh_token: randomBytes(16).toString('hex'),
          refresh_token_expires_in: 5183999,
        });
      }

      if (request.method === 'GET' && url.pathname === '/v2/user/me') {
        const user = accessTokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
        if (!user) return send(response, 401, { msg: 'this access token does not exist', code: -401 });
        return send(response, 200, {
          id: user.id,
          connected_at: new Date().toISOString(),
          properties: user.nickname ? { nickname: user.nickname } : {},
          kakao_account: {
            profile: user.nickname ? { nickname: user.nickname } : {},
            ...(user.email
              ? { email: user.email, is_email_valid: true, is_email_verified: true, has_email: true }
              : {}),
          },
        });
      }

      if (request.method === 'POST' && url.pathname === '/v1/user/unlink') {
        if (request.headers.authorization !== `KakaoAK ${adminKey}`)
          return send(response, 401, { msg: 'wrong admin key', code: -401 });
        if (params.target_id_type !== 'user_id' || !/^\d+$/.test(params.target_id ?? ''))
          return send(response, 400, { msg: 'bad target', code: -2 });
        standIn.unlinked.push(params.target_id!);
        return send(response, 200, { id: Number(params.target_id) });
      }

      send(response, 404, { msg: 'not found', code: -404 });
    })().catch((error: unknown) => send(response, 500, { msg: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn: KakaoStandIn = {
    url,
    restApiKey,
    clientSecret,
    adminKey,
    env: {
      KAKAO_REST_API_KEY: restApiKey,
      KAKAO_CLIENT_SECRET: clientSecret,
      KAKAO_ADMIN_KEY: adminKey,
      KAKAO_AUTHORIZE_URL: `${url}/oauth/authorize`,
      KAKAO_TOKEN_URL: `${url}/oauth/token`,
      KAKAO_USER_URL: `${url}/v2/user/me`,
      KAKAO_UNLINK_URL: `${url}/v1/user/unlink`,
    },
    nextUser: { id: 1_000_001, nickname: '카카오환자' },
    denyNext: false,
    requests: [],
    unlinked: [],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return standIn;
}
