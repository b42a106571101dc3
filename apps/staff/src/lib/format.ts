import type { TFunction } from 'i18next';

/** A waiting time in words ("3분 12초", "1시간 5분"); negative spans (clock skew) count as zero. */
export function formatDuration(ms: number, t: TFunction): string {
  const totalSeconds = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(totalSeconds / 86_400);
  const h = Math.floor((totalSeconds % 86_400) / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  if (d > 0) return t('duration.days', { d, h });
  if (h > 0) return t('duration.hoursMinutes', { h, m });
  if (m > 0) return `${t('duration.minutes', { m })} ${t('duration.seconds', { s })}`;
  return t('duration.seconds', { s });
}

/** Short time of day in the UI language (e.g. "오후 2:05"). */
export function formatTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), { hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  );
}

/** A full date for separators (e.g. "2026년 11월 22일 일요일"). */
export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'full' }).format(new Date(iso));
}

/** The calendar day of a time in the browser's zone, for grouping messages by date. */
export function dayKey(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

function intlLocale(language: string): string {
  return language === 'kr-KO' ? 'ko-KR' : language;
}
