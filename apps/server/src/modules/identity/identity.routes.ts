import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiCalls } from '@smartcare/contract/api-calls';
import { REFRESH_HEADERS } from '@smartcare/contract/auth';
import { ok } from '../../lib/envelope.ts';
import { routeOf } from '../../lib/route-of.ts';
import { ACCOUNT_LOCKED_RESPONSE } from '../../plugins/route-defaults.plugin.ts';
import type { DeviceCookies } from './device-cookie.ts';
import type { IdentityService } from './identity.service.ts';

export interface IdentityRoutesOptions {
  identity: IdentityService;
  deviceCookies: DeviceCookies;
}

const refreshHeadersSchema = z.object({
  [REFRESH_HEADERS.accessToken.toLowerCase()]: z.string().optional(),
  [REFRESH_HEADERS.refreshToken.toLowerCase()]: z.string().optional(),
});
const refreshConfig = { rateLimit: { max: 60, timeWindow: 60_000 } };

/** Spec §7 login, iosLogin and refresh of both apps, and logout (decision 012). One service call per handler. */
export const identityRoutes: FastifyPluginAsyncZod<IdentityRoutesOptions> = async (
  app,
  { identity, deviceCookies },
) => {
  const refreshHeaders = (headers: Record<string, unknown>) => ({
    accessToken: headers.accesstoken as string | undefined,
    refreshToken: headers.refreshtoken as string | undefined,
  });

  const logins = [
    { call: apiCalls.patient.login, summary: 'Patient login (Android or browser)' },
    { call: apiCalls.patient.iosLogin, summary: 'Patient login from the iOS wrapper' },
  ];
  for (const { call, summary } of logins) {
    app.route({
      ...routeOf(call, { summary, responses: { 423: ACCOUNT_LOCKED_RESPONSE } }),
      onRequest: app.loginRateLimit,
      handler: async (request, reply) =>
        ok(
          request,
          await identity.patientLogin(
            request.body.loginId,
            request.body.password,
            deviceCookies.of(request, reply, 'patient'),
          ),
        ),
    });
  }

  app.route({
    ...routeOf(apiCalls.patient.refresh, {
      config: refreshConfig,
      summary:
        'New token pair; headers AccessToken (may be expired) and RefreshToken; HTTP 400 when it cannot refresh',
      headers: refreshHeadersSchema,
    }),
    handler: async (request) => ok(request, await identity.patientRefresh(refreshHeaders(request.headers))),
  });

  app.route({
    ...routeOf(apiCalls.staff.login, { summary: 'Staff login', responses: { 423: ACCOUNT_LOCKED_RESPONSE } }),
    onRequest: app.loginRateLimit,
    handler: async (request, reply) =>
      ok(
        request,
        await identity.staffLogin(
          request.body.loginId,
          request.body.password,
          deviceCookies.of(request, reply, 'staff'),
        ),
      ),
  });

  app.route({
    ...routeOf(apiCalls.staff.refresh, {
      config: refreshConfig,
      summary: 'New staff token pair (headers AccessToken and RefreshToken)',
      headers: refreshHeadersSchema,
    }),
    handler: async (request) => ok(request, await identity.staffRefresh(refreshHeaders(request.headers))),
  });

  /**
   * Logout for both apps (decision 012): ends the caller's login — its refresh-token family, its
   * access tokens from this moment on every process (within SESSION_RECHECK_S elsewhere) and
   * its open broker connections. Other logins of the same person stay on.
   */
  const logouts = [
    { call: apiCalls.patient.logout, auth: 'patient' },
    { call: apiCalls.staff.logout, auth: 'staff' },
  ] as const;
  for (const { call, auth } of logouts) {
    app.route({
      ...routeOf(call, {
        auth,
        summary: 'Log out: this login’s tokens stop working and its real-time connections close',
      }),
      handler: async (request) => {
        // The auth hook has verified the token, so the principal and its login are known.
        await identity.logout(request.principal!);
        return ok(request, {});
      },
    });
  }
};
