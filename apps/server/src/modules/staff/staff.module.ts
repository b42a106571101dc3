import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRoutes } from './staff.routes.ts';
import type { StaffService } from './staff.service.ts';

/** The signed-in staff member (login and refresh are identity's). */
export const staffModule: FastifyPluginAsyncZod<{ staff: Pick<StaffService, 'getMyData'> }> = async (
  app,
  { staff },
) => {
  await app.register(staffRoutes, { staff });
};
