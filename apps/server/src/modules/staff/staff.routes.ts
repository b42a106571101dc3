import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '@smartcare/contract/api-paths';
import { envelopeSchema } from '@smartcare/contract/envelope';
import { staffProfileSchema } from '@smartcare/contract/staff';
import { ok } from '../../lib/envelope.ts';
import { staffOf } from '../../plugins/auth/auth.plugin.ts';
import type { StaffService } from './staff.service.ts';

export interface StaffRoutesOptions {
  staff: Pick<StaffService, 'getMyData'>;
}

const tags = ['staff'];

/** GET /staff/getMyData. One service call per handler. */
export const staffRoutes: FastifyPluginAsyncZod<StaffRoutesOptions> = async (app, { staff }) => {
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
