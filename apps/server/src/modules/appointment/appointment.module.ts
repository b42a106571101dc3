import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appointmentReminderJob } from './appointment.jobs.ts';
import { appointmentRoutes } from './appointment.routes.ts';
import type { AppointmentService } from './appointment.service.ts';

/**
 * Appointments (issue 16): routes, the reminder job (the day before and two hours before,
 * through the notification service, which honours the alarm settings) and erasure.
 */
export const appointmentModule: FastifyPluginAsyncZod<{ appointments: AppointmentService }> = async (
  app,
  { appointments },
) => {
  app.jobs.register(appointmentReminderJob(appointments));
  app.patientErasure.register('appointments', appointments.erasePatient);
  await app.register(appointmentRoutes, { appointments });
};
