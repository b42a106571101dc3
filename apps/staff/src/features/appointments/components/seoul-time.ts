/** Appointments are in Korea: the console shows and takes times in Asia/Seoul. */
const SEOUL = 'Asia/Seoul';
const intl = (language: string) => (language === 'kr-KO' ? 'ko-KR' : language);

export function formatSeoul(iso: string, language: string): string {
  return new Intl.DateTimeFormat(intl(language), {
    timeZone: SEOUL,
    month: 'short',
    day: 'numeric',
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** Today in Seoul, `YYYY-MM-DD`. */
export function seoulToday(now = new Date()): string {
  return new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
}

/** A `datetime-local` value (Seoul wall time) as an instant; null when empty or malformed. */
export function fromSeoulInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const date = new Date(`${value}:00+09:00`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function toSeoulInput(iso: string): string {
  return new Date(new Date(iso).getTime() + 9 * 3_600_000).toISOString().slice(0, 16);
}
