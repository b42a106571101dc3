import type { Job } from '../../plugins/jobs.plugin.ts';
import type { AppointmentService } from './appointment.service.ts';

export const APPOINTMENT_REMINDER_JOB = 'appointment-reminders';

/**
 * One pass of the appointment reminders (the day before, two hours before). Each reminder is
 * marked sent before it goes out (INSERT … ON CONFLICT DO NOTHING), so several processes send
 * it once (decision 002).
 */
export function appointmentReminderJob(appointments: Pick<AppointmentService, 'sendReminders'>): Job {
  return { name: APPOINTMENT_REMINDER_JOB, run: () => appointments.sendReminders() };
}
