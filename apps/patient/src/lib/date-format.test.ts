import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, intlLocale } from './date-format';
import { changeLocale } from './i18n';

// Midday UTC: the same calendar day in every time zone the tests may run in.
const NOON = '2026-11-24T12:00:00.000Z';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('kr-KO', { store: false });
});

describe('dates in the app’s language', () => {
  it('maps the app’s kr-KO to the ko-KR Intl knows', () => {
    expect(intlLocale('kr-KO')).toBe('ko-KR');
    expect(intlLocale('en-US')).toBe('en-US');
    expect(intlLocale('zh-CN')).toBe('zh-CN');
  });

  it('writes a day as each language does', () => {
    expect(formatDate(NOON, 'kr-KO')).toBe('2026. 11. 24.');
    expect(formatDate(NOON, 'en-US')).toBe('Nov 24, 2026');
    expect(formatDate(NOON, 'zh-CN')).toBe('2026年11月24日');
  });

  it('follows the app, not the browser, when no language is given', async () => {
    // An English browser showing the Korean app: the date is Korean.
    vi.stubGlobal('navigator', { ...navigator, language: 'en-US', languages: ['en-US'] });
    expect(formatDate(NOON)).toBe('2026. 11. 24.');
    await changeLocale('zh-CN', { store: false });
    expect(formatDate(NOON)).toBe('2026年11月24日');
  });

  it('adds the time of day, in the same language', () => {
    const when = new Date(2026, 10, 24, 14, 5);
    expect(formatDateTime(when, 'kr-KO')).toMatch(/^2026\. 11\. 24\. (오후|PM) 2:05$/);
    expect(formatDateTime(when, 'en-US')).toBe('Nov 24, 2026, 2:05 PM');
    expect(formatDateTime(when, 'zh-CN')).toBe('2026年11月24日 14:05');
  });
});
