import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '@smartcare/contract/api-paths';

/**
 * The browser a Kakao login belongs to (issue 12): a random value in an HttpOnly cookie sent
 * only to the Kakao calls. The server keeps only its hash next to the `state` and the
 * ticket, so a state or ticket taken from a URL or a log is useless in another browser.
 */
export const KAKAO_BROWSER_COOKIE = 'sc_kakao';
const COOKIE_PATH = `${API_PREFIX}/kakao/`;
const MAX_AGE_S = 60 * 60;
const VALUE = /^[A-Za-z0-9_-]{43}$/;

export function browserOf(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === KAKAO_BROWSER_COOKIE) {
      const value = part.slice(at + 1).trim();
      return VALUE.test(value) ? value : null;
    }
  }
  return null;
}

/** This browser's value, made and set on first use. Lax: it must come back after Kakao's pages. */
export function ensureBrowser(request: FastifyRequest, reply: FastifyReply): string {
  const value = browserOf(request) ?? randomBytes(32).toString('base64url');
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${KAKAO_BROWSER_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Lax${secure}`,
  );
  return value;
}
