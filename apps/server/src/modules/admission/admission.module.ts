import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { admissionRoutes } from './admission.routes.ts';
import type { AdmissionService } from './admission.service.ts';

/** Admissions: staff create and close them; nurse calls are routed by them (issue 10). */
export const admissionModule: FastifyPluginAsyncZod<{ admissions: AdmissionService }> = async (
  app,
  { admissions },
) => {
  // Account deletion: the stay stays (the hospital's record), the name goes.
  app.patientErasure.register('admissions', async (tx, patientIdx) => {
    await tx.query(`UPDATE admissions SET patient_name = '' WHERE patient_idx = $1`, [patientIdx]);
  });
  await app.register(admissionRoutes, { admissions });
};
