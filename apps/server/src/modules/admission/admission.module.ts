import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { admissionRoutes } from './admission.routes.ts';
import type { AdmissionService } from './admission.service.ts';

/** Admissions: staff create and close them; nurse calls are routed by them (issue 10). */
export const admissionModule: FastifyPluginAsyncZod<{ admissions: AdmissionService }> = async (
  app,
  { admissions },
) => {
  app.patientErasure.register('admissions', admissions.erasePatient);
  await app.register(admissionRoutes, { admissions });
};
