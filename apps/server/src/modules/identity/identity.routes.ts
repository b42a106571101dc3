import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '@smartcare/contract/api-paths';
import { loginBodySchema, REFRESH_HEADERS, tokenPairSchema } from '@smartcare/contract/auth';
import { emptyDataSchema, envelopeSchema } from '@smartcare/contract/envelope';
import { ok } from '../../lib/envelope.ts';
import type { RouteAuth } from '../../plugins/auth/auth.plugin.ts';
import { ACCOUNT_LOCKED_RESPONSE } from '../../plugins/route-defaults.plugin.ts';
import type { DeviceCookies } from './device-cookie.ts';
import type { IdentityService } from './identity.service.ts';

export interface IdentityRoutesOptions {
  identity: IdentityService;
  deviceCookies: DeviceCookies;
}

const bearer = [{ bearerAuth: [] }];
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

  for (const path of [apiPaths.patient.login, apiPaths.patient.iosLogin]) {
    app.post(
      path,
      {
        onRequest: app.loginRateLimit,
        schema: {
          tags: ['patient'],
          summary:
            path === apiPaths.patient.iosLogin
              ? 'Patient login from the iOS wrapper'
              : 'Patient login (Android or browser)',
          body: loginBodySchema,
          response: { 200: envelopeSchema(tokenPairSchema), 423: ACCOUNT_LOCKED_RESPONSE },
        },
      },
      async (request, reply) =>
        ok(
          request,
          await identity.patientLogin(
            request.body.loginId,
            request.body.password,
            deviceCookies.of(request, reply, 'patient'),
          ),
        ),
    );
  }

  app.post(
    apiPaths.patient.refresh,
    {
      config: refreshConfig,
      schema: {
        tags: ['patient'],
        summary:
          'New token pair; headers AccessToken (may be expired) and RefreshToken; HTTP 400 when it cannot refresh',
        headers: refreshHeadersSchema,
        response: { 200: envelopeSchema(tokenPairSchema) },
      },
    },
    async (request) => ok(request, await identity.patientRefresh(refreshHeaders(request.headers))),
  );

  app.post(
    apiPaths.staff.login,
    {
      onRequest: app.loginRateLimit,
      schema: {
        tags: ['staff'],
        summary: 'Staff login',
        body: loginBodySchema,
        response: { 200: envelopeSchema(tokenPairSchema), 423: ACCOUNT_LOCKED_RESPONSE },
      },
    },
    async (request, reply) =>
      ok(
        request,
        await identity.staffLogin(
          request.body.loginId,
          request.body.password,
          deviceCookies.of(request, reply, 'staff'),
        ),
      ),
  );

  app.post(
    apiPaths.staff.refresh,
    {
      config: refreshConfig,
      schema: {
        tags: ['staff'],
        summary: 'New staff token pair (headers AccessToken and RefreshToken)',
        headers: refreshHeadersSchema,
        response: { 200: envelopeSchema(tokenPairSchema) },
      },
    },
    async (request) => ok(request, await identity.staffRefresh(refreshHeaders(request.headers))),
  );

  /**
   * Logout for both apps (decision 012): ends the caller's login — its refresh-token family, its
   * access tokens from this moment on every process (within SESSION_RECHECK_S elsewhere) and
   * its open broker connections. Other logins of the same person stay on.
   */
  const logouts: { path: string; auth: Extract<RouteAuth, 'patient' | 'staff'>; tags: string[] }[] = [
    { path: apiPaths.patient.logout, auth: 'patient', tags: ['patient'] },
    { path: apiPaths.staff.logout, auth: 'staff', tags: ['staff'] },
  ];
  for (const route of logouts) {
    app.post(
      route.path,
      {
        config: { auth: route.auth },
        schema: {
          tags: route.tags,
          security: bearer,
          summary: 'Log out: this login’s tokens stop working and its real-time connections close',
          response: { 200: envelopeSchema(emptyDataSchema) },
        },
      },
      async (request) => {
        // The auth hook has verified the token, so the principal and its login are known.
        await identity.logout(request.principal!);
        return ok(request, {});
      },
    );
  }
};
