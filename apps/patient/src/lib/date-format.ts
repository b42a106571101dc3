import type { AppLocale } from '@smartcare/contract/result-code-values';
import { currentLocale, supportedLocale } from './i18n';

/**
 * Dates in the app's language, not the browser's: a bare toLocaleDateString() follows the
 * browser, so a Korean-speaking app on an English phone said "11/24/2026". Intl, not a date
 * library: the first screen (home) uses this and its bundle is budgeted.
 */

/** Intl wants ko-KR; the app's tag for Korean is the spec's kr-KO. */
export function intlLocale(locale: AppLocale): string {
  return locale === 'kr-KO' ? 'ko-KR' : locale;
}

function resolve(language: string | undefined): string {
  return intlLocale(supportedLocale(language) ?? currentLocale());
}

/** A calendar day, e.g. "2026. 11. 24." / "11/24/2026" / "2026/11/24". */
export function formatDate(value: string | Date, language?: string): string {
  return new Intl.DateTimeFormat(resolve(language), { dateStyle: 'medium' }).format(new Date(value));
}

/** A day and a time of day, e.g. "2026. 11. 24. 오후 2:05". */
export function formatDateTime(value: string | Date, language?: string): string {
  return new Intl.DateTimeFormat(resolve(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(value),
  );
}
