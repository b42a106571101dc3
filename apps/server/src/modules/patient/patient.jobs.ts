import type { Jobs } from '../../plugins/jobs.plugin.ts';
import type { PatientService } from './patient.service.ts';

export const DELETION_JOB = 'patient.carryOutDueDeletions';

/**
 * Deletion requests whose grace period ended are carried out (safe with several processes:
 * SKIP LOCKED). Stale failed-login counts are pruned by identity's job.
 */
export function registerPatientJobs(
  jobs: Pick<Jobs, 'register'>,
  patients: Pick<PatientService, 'carryOutDueDeletions'>,
): void {
  jobs.register({ name: DELETION_JOB, run: () => patients.carryOutDueDeletions() });
}
