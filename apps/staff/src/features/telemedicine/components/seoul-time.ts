/** Video visits are in Korea: the console shows and takes their times in Asia/Seoul. */
const SEOUL = 'Asia/Seoul';
const intl = (language: string) => (language === 'kr-KO' ? 'ko-KR' : language);

/** "오후 2:30" in Seoul. */
export function seoulTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(intl(language), {
    timeZone: SEOUL,
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** "11월 25일 (수) 오후 2:30" in Seoul. */
export function seoulDateTime(iso: string, language: string): string {
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

/** An instant as a `datetime-local` value in Seoul wall time. */
export function toSeoulInput(iso: string): string {
  return new Date(new Date(iso).getTime() + 9 * 3_600_000).toISOString().slice(0, 16);
}

/** "12:05" or "1:02:05" — a running call's or a wait's clock. */
export function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}
