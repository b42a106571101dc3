import type { DoseStatus } from '@smartcare/contract/medication';
import { DOSE_EARLY_WINDOW_MIN, LATE_TAKE_LIMIT_H } from '@smartcare/contract/medication';

/** Korea has no summer time: Asia/Seoul is UTC+9 all year. */
export const KST_OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MIN_MS = 60_000;

/** What decides when doses fall. */
export interface Schedule {
  times: string[];
  everyHours: number | null;
  daysOfWeek: number[];
  /** 'YYYY-MM-DD', Korean calendar days. */
  startDate: string;
  endDate: string | null;
}

/** The instant `date` (YYYY-MM-DD) at `hhmm` in Korea. */
export function kstInstant(date: string, hhmm = '00:00'): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = hhmm.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, d, h, min) - KST_OFFSET_MS);
}

/** The Korean calendar day of an instant, 'YYYY-MM-DD'. */
export function kstDate(at: Date): string {
  return new Date(at.getTime() + KST_OFFSET_MS).toISOString().slice(0, 10);
}

/** ISO weekday (1 Mon … 7 Sun) of a Korean calendar day. */
function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

export function addDays(date: string, days: number): string {
  return new Date(new Date(`${date}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The dose times of a schedule in [from, to): the listed times on the chosen weekdays, or every
 * N hours from the first time on the start date; never before the start date's first minute nor
 * after the end date's last.
 */
export function doseTimes(schedule: Schedule, from: Date, to: Date): Date[] {
  const first = kstInstant(schedule.startDate);
  const end = schedule.endDate ? kstInstant(addDays(schedule.endDate, 1)) : null;
  const lo = Math.max(from.getTime(), first.getTime());
  const hi = Math.min(to.getTime(), end ? end.getTime() : Number.POSITIVE_INFINITY);
  if (lo >= hi) return [];
  const dayOk = (at: Date) =>
    schedule.daysOfWeek.length === 0 || schedule.daysOfWeek.includes(isoWeekday(kstDate(at)));
  const out: Date[] = [];
  if (schedule.everyHours) {
    const step = schedule.everyHours * HOUR_MS;
    const anchor = kstInstant(schedule.startDate, schedule.times[0] ?? '00:00').getTime();
    let k = Math.max(0, Math.ceil((lo - anchor) / step));
    for (let t = anchor + k * step; t < hi; k++, t = anchor + k * step) {
      const at = new Date(t);
      if (t >= lo && dayOk(at)) out.push(at);
    }
    return out;
  }
  const times = [...schedule.times].sort();
  for (let day = kstDate(new Date(lo)); kstInstant(day).getTime() < hi; day = addDays(day, 1)) {
    for (const time of times) {
      const at = kstInstant(day, time);
      if (at.getTime() >= lo && at.getTime() < hi && dayOk(at)) out.push(at);
    }
  }
  return out;
}

/** The rules a dose's changes follow; `missedAfterMin` is configurable. */
export interface DoseRules {
  missedAfterMin: number;
}

export type DoseAction = 'TAKE' | 'SKIP' | 'SNOOZE';

export type DoseTransition =
  | { ok: true; status: DoseStatus; late: boolean }
  | {
      ok: false;
      code: 'MEDICATION_DOSE_ALREADY_DONE' | 'MEDICATION_DOSE_TOO_EARLY' | 'MEDICATION_DOSE_TOO_LATE';
    };

/**
 * The dose state machine (decision 024):
 *  - PENDING → TAKEN from DOSE_EARLY_WINDOW_MIN before its time; "late" once its missed window
 *    has passed; never earlier (nor in the future).
 *  - PENDING → SKIPPED from the same early window; SNOOZE keeps it PENDING (due or nearly due).
 *  - PENDING → MISSED by the job only (window passed or the next dose due).
 *  - MISSED or SKIPPED → TAKEN (late when past the window) within LATE_TAKE_LIMIT_H: a late intake
 *    belongs to the dose it was for.
 *  - TAKEN is final: a second tap changes nothing.
 */
export function transition(
  dose: { status: DoseStatus; scheduledAt: Date },
  action: DoseAction,
  now: Date,
  rules: DoseRules,
): DoseTransition {
  const since = now.getTime() - dose.scheduledAt.getTime();
  const early = since < -DOSE_EARLY_WINDOW_MIN * MIN_MS;
  const pastWindow = since > rules.missedAfterMin * MIN_MS;
  const tooLate = since > LATE_TAKE_LIMIT_H * HOUR_MS;
  if (dose.status === 'TAKEN') return { ok: false, code: 'MEDICATION_DOSE_ALREADY_DONE' };
  switch (action) {
    case 'TAKE':
      if (early) return { ok: false, code: 'MEDICATION_DOSE_TOO_EARLY' };
      if (tooLate) return { ok: false, code: 'MEDICATION_DOSE_TOO_LATE' };
      return { ok: true, status: 'TAKEN', late: pastWindow || dose.status === 'MISSED' };
    case 'SKIP':
      if (dose.status !== 'PENDING') return { ok: false, code: 'MEDICATION_DOSE_ALREADY_DONE' };
      if (early) return { ok: false, code: 'MEDICATION_DOSE_TOO_EARLY' };
      return { ok: true, status: 'SKIPPED', late: false };
    case 'SNOOZE':
      if (dose.status !== 'PENDING') return { ok: false, code: 'MEDICATION_DOSE_ALREADY_DONE' };
      if (early) return { ok: false, code: 'MEDICATION_DOSE_TOO_EARLY' };
      if (pastWindow) return { ok: false, code: 'MEDICATION_DOSE_TOO_LATE' };
      return { ok: true, status: 'PENDING', late: false };
  }
}

/** Whether a dose may be taken now (the app's 복용 완료 button). */
export const takeable = (dose: { status: DoseStatus; scheduledAt: Date }, now: Date, rules: DoseRules) =>
  transition(dose, 'TAKE', now, rules).ok;

/** A dose this close to its time is shown as due now (it may be taken from the early window on). */
export const DUE_SOON_MIN = 15;

/** Due now: pending, at most DUE_SOON_MIN before its time, and its missed window not yet passed. */
export const dueNow = (dose: { status: DoseStatus; scheduledAt: Date }, now: Date, rules: DoseRules) =>
  dose.status === 'PENDING' &&
  now.getTime() >= dose.scheduledAt.getTime() - DUE_SOON_MIN * MIN_MS &&
  now.getTime() <= dose.scheduledAt.getTime() + rules.missedAfterMin * MIN_MS;
