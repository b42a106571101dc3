import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eraseContentReadsOfPatient } from './hospital-content.erasure.ts';
import { hospitalContentRoutes } from './hospital-content.routes.ts';
import type { HospitalContentService } from './hospital-content.service.ts';

export const HOSPITAL_CONTENT_PURGE_JOB = 'hospitalContent.purgeExpired';

/** Hospital information: notices, FAQ, guides (issue 14). The service is built in app.ts. */
export const hospitalContentModule: FastifyPluginAsyncZod<{
  contents: HospitalContentService;
}> = async (app, { contents }) => {
  // Deleted items are kept 30 days for restoring, then removed.
  app.jobs.register({ name: HOSPITAL_CONTENT_PURGE_JOB, run: () => contents.purgeExpired() });
  app.patientErasure.register('hospitalContentReads', eraseContentReadsOfPatient);
  await app.register(hospitalContentRoutes, { contents });
};
