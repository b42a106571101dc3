import type { Jobs } from '../../plugins/jobs.plugin.ts';
import type { LoginThrottle } from './identity.service.ts';

/** The job's name predates the identity module (it pruned from the patient module). */
export const LOGIN_FAILURES_PRUNE_JOB = 'patient.pruneLoginFailures';

/** Made-up login ids leave rows too: forget each once its failures are too old to count. */
export function registerIdentityJobs(
  jobs: Pick<Jobs, 'register'>,
  throttle: Pick<LoginThrottle, 'prune'>,
): void {
  jobs.register({ name: LOGIN_FAILURES_PRUNE_JOB, run: () => throttle.prune() });
}
