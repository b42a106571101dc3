import type { Job } from '../../plugins/jobs.plugin.ts';
import type { MedicationService } from './medication.service.ts';

export const MEDICATION_DOSE_JOB = 'medication-doses';

/**
 * One pass, in order: doses generated ahead, overdue ones marked MISSED, reminders held over
 * quiet hours that have ended, then the reminders due (a missed dose is never reminded again).
 * Every step is safe with several processes (decision 002).
 */
export function medicationDoseJob(
  medications: Pick<
    MedicationService,
    'generateDoses' | 'markMissed' | 'releaseQuietHours' | 'sendReminders'
  >,
): Job {
  return {
    name: MEDICATION_DOSE_JOB,
    run: async () =>
      (await medications.generateDoses()) +
      (await medications.markMissed()) +
      (await medications.releaseQuietHours()) +
      (await medications.sendReminders()),
  };
}
