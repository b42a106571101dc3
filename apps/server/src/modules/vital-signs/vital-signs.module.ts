import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PeopleService } from '../people/people.service.ts';
import { eraseVitalSignsOfPatient } from './vital-signs.erasure.ts';
import { vitalSignRoutes } from './vital-signs.routes.ts';
import { createVitalSignService } from './vital-signs.service.ts';

/** Home-care vital signs (issue 13): readings, summaries, the native bridge's imports, targets. */
export const vitalSignModule: FastifyPluginAsyncZod<{
  people: Pick<PeopleService, 'patient' | 'staff'>;
}> = async (app, { people }) => {
  const vitalSigns = createVitalSignService({ db: app.db, people, audit: app.audit });
  app.patientErasure.register('vitalSigns', eraseVitalSignsOfPatient);
  await app.register(vitalSignRoutes, { vitalSigns });
};
