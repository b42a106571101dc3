import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eraseContentReadsOfPatient } from './hospital-content.erasure.ts';
import { hospitalContentRoutes } from './hospital-content.routes.ts';
import type { HospitalContentService } from './hospital-content.service.ts';

export const HOSPITAL_CONTENT_PURGE_JOB = 'hospitalContent.purgeExpired';
/** Important notices to the hospital's patients, once each (decision 022). */
export const HOSPITAL_CONTENT_PUSH_JOB = 'hospitalContent.pushImportant';

/** Hospital information: notices, FAQ, guides (issue 14). The service is built in app.ts. */
export const hospitalContentModule: FastifyPluginAsyncZod<{
  contents: HospitalContentService;
}> = async (app, { contents }) => {
  // Deleted items are kept 30 days for restoring, then removed.
  app.jobs.register({ name: HOSPITAL_CONTENT_PURGE_JOB, run: () => contents.purgeExpired() });
  app.jobs.register({ name: HOSPITAL_CONTENT_PUSH_JOB, run: () => contents.pushDueImportant() });
  app.patientErasure.register('hospitalContentReads', eraseContentReadsOfPatient);
  await app.register(hospitalContentRoutes, { contents });
};
