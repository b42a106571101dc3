/** A date and time in the UI language (e.g. "2026. 11. 25. 오후 2:05"). */
export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'kr-KO' ? 'ko-KR' : language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** Whole days left until `iso` (at least 0), counted up: 29.2 days left is "30일". */
export function daysLeft(iso: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((new Date(iso).getTime() - now) / 86_400_000));
}
