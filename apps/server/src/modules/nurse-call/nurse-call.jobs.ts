import type { Job } from '../../plugins/jobs.plugin.ts';
import type { NurseCallService } from './nurse-call.service.ts';

export const NURSE_CALL_ESCALATION_JOB = 'nurse-call-escalation';

/**
 * Escalation (domain.md): a call nobody acknowledged within the hospital's minutes is marked
 * and re-announced to the board and the patient. Every process runs it; the UPDATE takes each call once.
 */
export function nurseCallEscalationJob(nurseCalls: Pick<NurseCallService, 'escalateOverdue'>): Job {
  return { name: NURSE_CALL_ESCALATION_JOB, run: () => nurseCalls.escalateOverdue() };
}
