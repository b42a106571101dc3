import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dietRoutes } from './diet.routes.ts';
import type { DietService } from './diet.service.ts';

/** Diet logging (issue 15): routes and the erasure of meals and their photo files. */
export const dietModule: FastifyPluginAsyncZod<{ diet: DietService }> = async (app, { diet }) => {
  app.patientErasure.register('diet', (tx, patientIdx) => diet.erasePatient(tx, patientIdx));
  await app.register(dietRoutes, { diet });
};
