import type { Jobs } from '../../plugins/jobs.plugin.ts';
import type { PatientService } from './patient.service.ts';

export const DELETION_JOB = 'patient.carryOutDueDeletions';
export const LOGIN_FAILURES_PRUNE_JOB = 'patient.pruneLoginFailures';

/**
 * Deletion requests whose grace period ended are carried out (safe with several processes:
 * SKIP LOCKED), and stale failed-login counts are pruned.
 */
export function registerPatientJobs(
  jobs: Pick<Jobs, 'register'>,
  patients: Pick<PatientService, 'carryOutDueDeletions' | 'pruneLoginFailures'>,
): void {
  jobs.register({ name: DELETION_JOB, run: () => patients.carryOutDueDeletions() });
  // Made-up login ids leave rows too: forget each once its failures are too old to count.
  jobs.register({ name: LOGIN_FAILURES_PRUNE_JOB, run: () => patients.pruneLoginFailures() });
}
