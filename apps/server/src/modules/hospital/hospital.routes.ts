import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiCalls } from '@smartcare/contract/api-calls';
import { ok } from '../../lib/envelope.ts';
import { routeOf } from '../../lib/route-of.ts';
import type { HospitalService } from './hospital.service.ts';

/** The hospital list for choosing a hospital; public, shown before and after login. */
export const hospitalRoutes: FastifyPluginAsyncZod<{ hospitals: Pick<HospitalService, 'list'> }> = async (
  app,
  { hospitals },
) => {
  app.route({
    ...routeOf(apiCalls.hospital.getHospitalList, {
      summary: 'Hospitals, optionally filtered by a keyword in the name or address',
    }),
    handler: async (request) => ok(request, await hospitals.list(request.query.keyword || undefined)),
  });
};
