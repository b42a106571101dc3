import {
  ADVERTISING_LABEL,
  NOTIFICATION_SWITCH,
  URGENT_NOTIFICATION_KINDS,
  type NotificationKind,
} from '@smartcare/contract/notification';

/** What decides a push: the alarm settings' switches and the advertising consents with their dates. */
export interface PushPreferences {
  chat: boolean;
  nurseCall: boolean;
  medication: boolean;
  qna: boolean;
  document: boolean;
  schedule: boolean;
  notice: boolean;
  quietHoursEnabled: boolean;
  /** 'HH:MM', Korean time. */
  quietHoursStart: string;
  quietHoursEnd: string;
  /** When the patient agreed to advertising (null: not agreed). */
  marketingAgreedAt: Date | null;
  marketingNightAgreedAt: Date | null;
}

export type PushDecision =
  | { push: false; reason: 'switchedOff' }
  | { push: true; dueAt: Date; held: 'quietHours' | 'advertisingNight' | null };

const KST_OFFSET_MIN = 9 * 60;
const DAY_MIN = 24 * 60;
/** Advertising at night needs its own opt-in (정보통신망법 §50③): 21:00–08:00. */
const AD_NIGHT = { start: 21 * 60, end: 8 * 60 };
/** Advertising consent is re-confirmed every two years (§50⑧, domain.md). */
const AD_CONSENT_YEARS = 2;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Minutes since midnight, Korean time (no summer time). */
function kstMinutes(at: Date): number {
  return Math.floor((at.getTime() / 60_000 + KST_OFFSET_MIN) % DAY_MIN);
}

/** Whether `minute` lies in [start, end), a window that may run over midnight. */
function inWindow(minute: number, start: number, end: number): boolean {
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** The next time it is `end` o'clock in Korea, after `at` (to the minute). */
function nextKstTime(at: Date, end: number): Date {
  const now = kstMinutes(at);
  const wait = (end - now + DAY_MIN) % DAY_MIN || DAY_MIN;
  const startOfMinute = Math.floor(at.getTime() / 60_000) * 60_000;
  return new Date(startOfMinute + wait * 60_000);
}

/** An advertising consent counts for two years after it was given. */
export function advertisingConsentValid(agreedAt: Date | null, now: Date): boolean {
  if (!agreedAt) return false;
  const expires = new Date(agreedAt);
  expires.setUTCFullYear(expires.getUTCFullYear() + AD_CONSENT_YEARS);
  return now < expires;
}

/** Advertising may not be sent at all without a current consent (not even to the history). */
export function maySend(kind: NotificationKind, prefs: PushPreferences, now: Date): boolean {
  return kind !== 'marketing' || advertisingConsentValid(prefs.marketingAgreedAt, now);
}

/** The title as sent: advertising starts with "(광고)" (clinical notices never do: they are other kinds). */
export function titleFor(kind: NotificationKind, title: string): string {
  if (kind !== 'marketing' || title.startsWith(ADVERTISING_LABEL)) return title;
  return `${ADVERTISING_LABEL} ${title}`;
}

/**
 * Whether and when a push goes out. The kind's switch decides first; quiet hours hold a
 * non-urgent push until they end; advertising at night waits for 08:00 without the night
 * opt-in. The stored history and the in-app notice do not depend on this.
 */
export function decidePush(kind: NotificationKind, prefs: PushPreferences, now: Date): PushDecision {
  const switchName = NOTIFICATION_SWITCH[kind];
  if (switchName !== null && switchName !== 'marketing' && !prefs[switchName])
    return { push: false, reason: 'switchedOff' };
  const minute = kstMinutes(now);
  if (
    kind === 'marketing' &&
    inWindow(minute, AD_NIGHT.start, AD_NIGHT.end) &&
    !advertisingConsentValid(prefs.marketingNightAgreedAt, now)
  ) {
    return { push: true, dueAt: nextKstTime(now, AD_NIGHT.end), held: 'advertisingNight' };
  }
  if (!URGENT_NOTIFICATION_KINDS.includes(kind) && prefs.quietHoursEnabled) {
    const start = minutesOf(prefs.quietHoursStart);
    const end = minutesOf(prefs.quietHoursEnd);
    if (inWindow(minute, start, end)) return { push: true, dueAt: nextKstTime(now, end), held: 'quietHours' };
  }
  return { push: true, dueAt: now, held: null };
}

/** Backoff before try `attempt + 1`: 30 s, 1, 2, 4 … minutes, at most an hour, with jitter. */
export function retryDelayMs(attempt: number, retryAfterMs?: number): number {
  const base = Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
  const jittered = base * (0.8 + Math.random() * 0.4);
  return Math.max(jittered, retryAfterMs ?? 0);
}
