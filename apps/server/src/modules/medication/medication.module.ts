import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { medicationDoseJob } from './medication.jobs.ts';
import { medicationRoutes } from './medication.routes.ts';
import type { MedicationService } from './medication.service.ts';

/** Medication reminders (issue 15): medicines, doses, reminders, the console's view and prescribing. */
export const medicationModule: FastifyPluginAsyncZod<{ medications: MedicationService }> = async (
  app,
  { medications },
) => {
  app.patientErasure.register('medications', medications.erasePatient);
  app.jobs.register(medicationDoseJob(medications));
  await app.register(medicationRoutes, { medications });
};
