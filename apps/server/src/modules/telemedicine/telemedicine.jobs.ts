import type { Job } from '../../plugins/jobs.plugin.ts';
import type { TelemedicineService } from './telemedicine.service.ts';

export const TELEMEDICINE_WINDOW_JOB = 'telemedicine-window-open';

/**
 * One pass of "진료실 입장이 가능합니다": each visit once per scheduled time, marked sent before it
 * goes out (INSERT … ON CONFLICT DO NOTHING), so several processes send it once (decision 002).
 */
export function telemedicineWindowJob(telemedicine: Pick<TelemedicineService, 'sendWindowOpenNotices'>): Job {
  return { name: TELEMEDICINE_WINDOW_JOB, run: () => telemedicine.sendWindowOpenNotices() };
}
