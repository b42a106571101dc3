import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiCalls } from '@smartcare/contract/api-calls';
import { ok } from '../../lib/envelope.ts';
import { routeOf } from '../../lib/route-of.ts';
import { staffOf } from '../../plugins/auth/auth.plugin.ts';
import type { StaffService } from './staff.service.ts';

export interface StaffRoutesOptions {
  staff: Pick<StaffService, 'getMyData'>;
}

/** GET /staff/getMyData. One service call per handler. */
export const staffRoutes: FastifyPluginAsyncZod<StaffRoutesOptions> = async (app, { staff }) => {
  app.route({
    ...routeOf(apiCalls.staff.getMyData, { auth: 'staff', summary: 'The signed-in staff member' }),
    handler: async (request) => ok(request, await staff.getMyData(staffOf(request).idx)),
  });
};
