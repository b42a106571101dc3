import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { registerPatientJobs } from './patient.jobs.ts';
import { patientRoutes } from './patient.routes.ts';
import type { PatientService } from './patient.service.ts';

/** The patient's account (spec §7, issue 2): profile, body information, consents, deletion. */
export const patientModule: FastifyPluginAsyncZod<{
  patients: PatientService;
  config: Pick<Config, 'accountRateLimitPerMin' | 'deletionGraceDays'>;
}> = async (app, { patients, config }) => {
  registerPatientJobs(app.jobs, patients);
  await app.register(patientRoutes, { patients, config });
};
