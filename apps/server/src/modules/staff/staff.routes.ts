import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '@smartcare/contract/api-paths';
import { loginBodySchema, REFRESH_HEADERS, tokenPairSchema } from '@smartcare/contract/auth';
import { envelopeSchema } from '@smartcare/contract/envelope';
import { staffProfileSchema } from '@smartcare/contract/staff';
import type { Config } from '../../config.ts';
import { ok } from '../../lib/envelope.ts';
import { staffOf } from '../../plugins/auth/auth.plugin.ts';
import { ACCOUNT_LOCKED_RESPONSE } from '../../plugins/route-defaults.plugin.ts';
import { createStaffService } from './staff.service.ts';

export interface StaffModuleOptions {
  config: Config;
}

const tags = ['staff'];
const refreshHeadersSchema = z.object({
  [REFRESH_HEADERS.accessToken.toLowerCase()]: z.string().optional(),
  [REFRESH_HEADERS.refreshToken.toLowerCase()]: z.string().optional(),
});

/** Staff sign-in for the console: the same token pair shape and refresh rules as patients. */
export const staffModule: FastifyPluginAsyncZod<StaffModuleOptions> = async (app, { config }) => {
  const staff = createStaffService({ db: app.db, tokens: app.tokens, config });

  app.post(
    apiPaths.staff.login,
    {
      onRequest: app.loginRateLimit,
      schema: {
        tags,
        summary: 'Staff login',
        body: loginBodySchema,
        response: { 200: envelopeSchema(tokenPairSchema), 423: ACCOUNT_LOCKED_RESPONSE },
      },
    },
    async (request) => ok(request, await staff.login(request.body.loginId, request.body.password)),
  );

  app.post(
    apiPaths.staff.refresh,
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'New staff token pair (headers AccessToken and RefreshToken)',
        headers: refreshHeadersSchema,
        response: { 200: envelopeSchema(tokenPairSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await staff.refresh({
          accessToken: request.headers.accesstoken as string | undefined,
          refreshToken: request.headers.refreshtoken as string | undefined,
        }),
      ),
  );

  app.get(
    apiPaths.staff.getMyData,
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary: 'The signed-in staff member',
        response: { 200: envelopeSchema(staffProfileSchema) },
      },
    },
    async (request) => ok(request, await staff.getMyData(staffOf(request).idx)),
  );
};
