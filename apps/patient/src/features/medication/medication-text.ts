import type { Dose, Medication } from '@smartcare/contract/medication';
import type { TFunction } from 'i18next';

/** Korea has no summer time: Asia/Seoul is UTC+9 all year. */
const KST_MS = 9 * 3_600_000;

/** The Korean calendar day of an instant (today by default), 'YYYY-MM-DD'. */
export const kstDay = (at: Date = new Date()) => new Date(at.getTime() + KST_MS).toISOString().slice(0, 10);

/** Hour of the day in Korea. */
const kstHour = (iso: string) => new Date(Date.parse(iso) + KST_MS).getUTCHours();

export const DAY_PARTS = ['MORNING', 'NOON', 'EVENING', 'NIGHT'] as const;
export type DayPart = (typeof DAY_PARTS)[number];

/** 아침 05–10, 점심 11–14, 저녁 15–20, 자기 전 21–04 (Korean time). */
export function dayPartOf(iso: string): DayPart {
  const h = kstHour(iso);
  if (h >= 5 && h < 11) return 'MORNING';
  if (h >= 11 && h < 15) return 'NOON';
  if (h >= 15 && h < 21) return 'EVENING';
  return 'NIGHT';
}

/** A time of day as the patient's language writes it, in Korean time. */
export function timeText(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    timeZone: 'Asia/Seoul',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** 'YYYY-MM-DD' as a short date in the patient's language. */
export function dateText(day: string, language: string, weekday = false): string {
  return new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    ...(weekday ? { weekday: 'short' } : {}),
  }).format(new Date(`${day}T00:00:00Z`));
}

export function doseAmountText(t: TFunction, d: Pick<Dose, 'dosePerIntake' | 'form'>): string {
  return t('medication.doseLine', { amount: d.dosePerIntake, unit: t(`medication.unit.${d.form}`) });
}

/** "매일 08:00, 20:00 · 식후" or "8시간마다 (06:00부터)". */
export function scheduleText(t: TFunction, m: Medication): string {
  const days =
    m.daysOfWeek.length === 0
      ? t('medication.everyDay')
      : [...m.daysOfWeek]
          .sort()
          .map((d) => t(`medication.weekday.${d}`))
          .join('·');
  const when = m.everyHours
    ? t('medication.everyHours', { hours: m.everyHours, from: m.times[0] ?? '' })
    : `${days} ${m.times.join(', ')}`;
  const meal = m.meal === 'NONE' ? '' : ` · ${t(`medication.meal.${m.meal}`)}`;
  return `${when}${m.everyHours && m.daysOfWeek.length > 0 ? ` · ${days}` : ''}${meal}`;
}
