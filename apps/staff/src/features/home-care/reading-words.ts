import type { TFunction } from 'i18next';
import type { Level, VitalSignKind } from '@smartcare/contract/vital-signs';

/** Solid colours with white text (4.5:1 contrast); the words always say the same as the colour. */
export const LEVEL_COLOUR: Record<Level, string> = {
  normal: '#2b8a3e',
  watch: '#8a6100',
  concern: '#c2410c',
  urgent: '#c92a2a',
};

const round = (value: number, digits = 1) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/** A reading's value in words with its unit, e.g. "150/95 mmHg", "7시간 30분". */
export function readingValue(
  t: TFunction,
  reading: { kind: VitalSignKind; value: number; value2: number | null },
): string {
  if (reading.kind === 'SLEEP') {
    const minutes = Math.round(reading.value);
    return t('homeCare.value.SLEEP', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  }
  const digits = reading.kind === 'TEMPERATURE' ? 1 : 0;
  return t(`homeCare.value.${reading.kind}`, {
    value: round(reading.value, digits),
    value2: reading.value2 === null ? '' : round(reading.value2, 0),
  });
}

/** The guideline's class in words ("고혈압 1기"); the class name itself when unknown. */
export function className(t: TFunction, kind: VitalSignKind, cls: string): string {
  return t(`homeCare.class.${kind}.${cls}`, { defaultValue: cls });
}

/** Date and time in the UI language, e.g. "11월 25일 오후 2:05". */
export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'kr-KO' ? 'ko-KR' : language, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}
