import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PeopleService } from '../people/people.service.ts';
import { eraseContentReadsOfPatient } from './hospital-content.erasure.ts';
import { hospitalContentRoutes } from './hospital-content.routes.ts';
import { createHospitalContentService } from './hospital-content.service.ts';

export const HOSPITAL_CONTENT_PURGE_JOB = 'hospitalContent.purgeExpired';

/** Hospital information: notices, FAQ, guides (issue 14). */
export const hospitalContentModule: FastifyPluginAsyncZod<{
  people: Pick<PeopleService, 'patient' | 'staff'>;
}> = async (app, { people }) => {
  const contents = createHospitalContentService({ db: app.db, people });
  // Deleted items are kept 30 days for restoring, then removed.
  app.jobs.register({ name: HOSPITAL_CONTENT_PURGE_JOB, run: () => contents.purgeExpired() });
  app.patientErasure.register('hospitalContentReads', eraseContentReadsOfPatient);
  await app.register(hospitalContentRoutes, { contents });
};
