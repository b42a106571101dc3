import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, apiPaths } from '@smartcare/contract/api-paths';

/**
 * The staff console's refresh token lives in an HttpOnly, SameSite=Strict cookie scoped to
 * the staff refresh call (issue 10 point 19): script on the console's page — an XSS, a
 * compromised dependency — can use the short-lived access token but never take the login
 * with it. The routes stay as they are: these hooks move the token from the answers of login
 * and refresh into the cookie (the body's `refreshToken` is then empty), give it back to the
 * refresh call as its RefreshToken header when the console sends none, and clear it on logout.
 * The patient app keeps its tokens in localStorage (spec §3: the native wrappers read them).
 */
export const STAFF_REFRESH_COOKIE = 'smartcareStaffRefresh';

const LOGIN = `${API_PREFIX}${apiPaths.staff.login}`;
const REFRESH = `${API_PREFIX}${apiPaths.staff.refresh}`;
const LOGOUT = `${API_PREFIX}${apiPaths.staff.logout}`;

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

function setCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAgeS: number) {
  const attributes = [
    `${STAFF_REFRESH_COOKIE}=${encodeURIComponent(value)}`,
    `Path=${REFRESH}`,
    `Max-Age=${maxAgeS}`,
    'HttpOnly',
    'SameSite=Strict',
    // Over HTTPS only when served so (a browser drops a Secure cookie sent over plain http).
    ...(request.protocol === 'https' ? ['Secure'] : []),
  ];
  reply.header('set-cookie', attributes.join('; '));
}

export const staffRefreshCookiePlugin = fp<{ refreshTtlS: number }>(
  async (app, { refreshTtlS }) => {
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.url !== REFRESH || request.headers.refreshtoken) return;
      const token = readCookie(request.headers.cookie, STAFF_REFRESH_COOKIE);
      if (token) request.headers.refreshtoken = token;
    });

    app.addHook(
      'preSerialization',
      async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        const url = request.routeOptions.url;
        if (url === LOGOUT) {
          setCookie(request, reply, '', 0);
          return payload;
        }
        if (url !== LOGIN && url !== REFRESH) return payload;
        const envelope = payload as { data?: { refreshToken?: unknown } | null } | null;
        const token = envelope?.data?.refreshToken;
        if (typeof token !== 'string' || token === '') return payload;
        setCookie(request, reply, token, refreshTtlS);
        return { ...envelope, data: { ...envelope!.data, refreshToken: '' } };
      },
    );
  },
  { name: 'staff-refresh-cookie' },
);
