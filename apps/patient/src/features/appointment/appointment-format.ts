import { intlLocale } from '../../lib/date-format';
import { currentLocale } from '../../lib/i18n';

/** Appointments are in Korea: days and times are shown in Asia/Seoul, whatever the phone's zone. */
const SEOUL = 'Asia/Seoul';
const locale = () => intlLocale(currentLocale());

/** The Seoul day of an instant, `YYYY-MM-DD` (the list's day separator). */
export function seoulDay(iso: string): string {
  return new Date(new Date(iso).getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
}

/** "2026년 11월 28일 토요일" */
export function formatSeoulDay(iso: string): string {
  return new Intl.DateTimeFormat(locale(), { timeZone: SEOUL, dateStyle: 'full' }).format(new Date(iso));
}

/** "오전 9:30" */
export function formatSeoulTime(iso: string): string {
  return new Intl.DateTimeFormat(locale(), { timeZone: SEOUL, timeStyle: 'short' }).format(new Date(iso));
}

/** "2026. 11. 28. 오전 9:30" */
export function formatSeoulDateTime(iso: string): string {
  return new Intl.DateTimeFormat(locale(), {
    timeZone: SEOUL,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** A `datetime-local` value (Seoul wall time) as an instant; null when empty or malformed. */
export function fromSeoulInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const date = new Date(`${value}:00+09:00`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** An instant as a `datetime-local` value in Seoul wall time. */
export function toSeoulInput(iso: string): string {
  return new Date(new Date(iso).getTime() + 9 * 3_600_000).toISOString().slice(0, 16);
}
