import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hospitalRoutes } from './hospital.routes.ts';
import type { HospitalService } from './hospital.service.ts';

/** Hospitals: the public list the apps choose from. */
export const hospitalModule: FastifyPluginAsyncZod<{ hospitals: Pick<HospitalService, 'list'> }> = async (
  app,
  { hospitals },
) => {
  await app.register(hospitalRoutes, { hospitals });
};
