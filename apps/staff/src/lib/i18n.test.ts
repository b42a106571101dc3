import { describe, expect, it } from 'vitest';
import { changeLocale, createI18n, detectLocale, LOCALE_KEY } from './i18n';

describe('the console’s language', () => {
  it('takes the stored locale first, then a supported browser language, then Korean', () => {
    expect(detectLocale('en-US', ['zh-CN'])).toBe('en-US');
    expect(detectLocale(null, ['fr-FR', 'zh-TW'])).toBe('zh-CN');
    expect(detectLocale(null, ['fr-FR', 'de-DE'])).toBe('kr-KO');
    expect(detectLocale('xx', ['en-GB'])).toBe('en-US');
  });

  it('speaks Korean by default and remembers a change under the shared `locale` key', async () => {
    const i18n = createI18n('kr-KO');
    expect(i18n.t('nav.nurseCalls')).toBe('간호사 호출');
    await changeLocale(i18n, 'en-US');
    expect(i18n.t('nav.nurseCalls')).toBe('Nurse calls');
    expect(localStorage.getItem(LOCALE_KEY)).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
  });
});
