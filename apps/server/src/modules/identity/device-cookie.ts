import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, apiPaths } from '@smartcare/contract/api-paths';
import type { Principal } from '@smartcare/contract/auth';
import type { Config } from '../../config.ts';
import type { Database } from '../../plugins/db/database.ts';
import { resolveTokenSecret } from '../../plugins/auth/token-secret.ts';

/**
 * OWASP's device cookies (decision 013): a browser or web view that logged in to an
 * account before gets a cookie, signed by the server and bound to that login id, and keeps
 * an allowance of its own. Someone else's wrong passwords for the id lock untrusted clients
 * only, so the owner is never locked out of the devices they use.
 */
export interface LoginDevice {
  /** The device id of a valid cookie for this login id, or null: an untrusted client. */
  trustedId(loginId: string): string | null;
  /** After a successful login: (re)issue the cookie for this login id, keeping a trusted device's id. */
  remember(loginId: string, deviceId: string | null): void;
}

/** The device cookies of login calls: `of(request, reply, principal)` gives that caller's device. */
export interface DeviceCookies {
  of(request: FastifyRequest, reply: FastifyReply, principal: Principal): LoginDevice;
}

/** Half a year: a device used at least that often stays trusted. */
export const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 3600;

/** Only sent to the login calls of its kind (the patient's two live under /patient/). */
const COOKIE_PATH: Record<Principal, string> = {
  patient: `${API_PREFIX}/patient/`,
  staff: `${API_PREFIX}${apiPaths.staff.login}`,
};

/** One cookie per login id, so a shared ward PC keeps every nurse who used it trusted. */
export function deviceCookieName(principal: Principal, loginId: string): string {
  const id = createHash('sha256').update(loginId).digest('base64url').slice(0, 16);
  return `sc_dev_${principal === 'patient' ? 'p' : 's'}_${id}`;
}

function cookiesOf(request: FastifyRequest): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) jar.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return jar;
}

export async function createDeviceCookies(
  config: Pick<Config, 'tokenSecret' | 'dataDir'>,
  db: Database,
): Promise<DeviceCookies> {
  // Its own key, derived from the token secret: a cookie is never a token, nor the reverse.
  const key = createHmac('sha256', await resolveTokenSecret(config, db))
    .update('smartcare device cookie v1')
    .digest();
  const macOf = (principal: Principal, loginId: string, deviceId: string) =>
    createHmac('sha256', key).update(`${principal}\n${loginId}\n${deviceId}`).digest();

  return {
    of(request, reply, principal) {
      return {
        trustedId(loginId) {
          const value = cookiesOf(request).get(deviceCookieName(principal, loginId));
          const match = value ? /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
          if (!match) return null;
          const [, deviceId, mac] = match as unknown as [string, string, string];
          const given = Buffer.from(mac, 'base64url');
          const expected = macOf(principal, loginId, deviceId);
          return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : null;
        },
        remember(loginId, deviceId) {
          const id = deviceId ?? randomBytes(16).toString('base64url');
          const value = `${id}.${macOf(principal, loginId, id).toString('base64url')}`;
          const secure = request.protocol === 'https' ? '; Secure' : '';
          // HttpOnly: script cannot take it; Strict: no other site can make it count.
          reply.header(
            'set-cookie',
            `${deviceCookieName(principal, loginId)}=${value}; Path=${COOKIE_PATH[principal]}; ` +
              `Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Strict${secure}`,
          );
        },
      };
    },
  };
}
