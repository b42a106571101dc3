import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale, componentLocaleTag, detectLocale, i18next } from './i18n';

afterEach(async () => {
  await changeLocale('kr-KO', { store: false });
});

describe('language choice (brief §5)', () => {
  it('lets the stored locale win over the browser', () => {
    expect(detectLocale('zh-CN', ['en-US'])).toBe('zh-CN');
  });

  it('falls back to a supported browser language, then Korean', () => {
    expect(detectLocale(null, ['fr-FR', 'en-GB'])).toBe('en-US');
    expect(detectLocale(null, ['fr-FR', 'de-DE'])).toBe('kr-KO');
    expect(detectLocale(null, ['ko'])).toBe('kr-KO');
  });

  it('maps the app language to the component library pack, honouring zh-TW, zh-HK and fa-IR', () => {
    expect(componentLocaleTag('kr-KO', null)).toBe('ko-KR');
    expect(componentLocaleTag('en-US', 'en-US')).toBe('en-US');
    expect(componentLocaleTag('zh-CN', 'zh-TW')).toBe('zh-TW');
    expect(componentLocaleTag('kr-KO', 'fa-IR')).toBe('fa-IR');
  });

  it('switches at once, stores the choice, and translates the spec messages', async () => {
    expect(i18next.t('session.pleaseLogin')).toBe('로그인 후 이용 부탁드립니다');
    await changeLocale('en-US');
    expect(localStorage.getItem('locale')).toBe('en-US');
    expect(i18next.t('validation.required', { field: 'Email' })).toBe('Please input Email');
    expect(i18next.t('validation.submitSuccess')).toBe('Submit Success');
    expect(document.documentElement.lang).toBe('en-US');
    await changeLocale('zh-CN');
    expect(i18next.t('device.useMobile')).toBe('请使用手机访问');
  });

  it('says the Korean validation messages first', () => {
    expect(i18next.t('validation.required', { field: '이메일' })).toBe('이메일을 입력해 주세요');
    expect(i18next.t('validation.length', { length: 6 })).toBe('6자로 입력해 주세요');
  });
});

describe('loading on demand', () => {
  it('fetches the rest of the language and the en-US fallback the first time a key is missing', async () => {
    vi.resetModules();
    const fresh = await import('./i18n');
    const i18n = await fresh.initI18n('kr-KO');
    // A first visit in Korean: the first screens' part only, no fallback catalogue.
    expect(i18n.hasResourceBundle('en-US', 'translation')).toBe(false);
    expect(i18n.t('login.submit')).toBe('로그인');
    expect(i18n.t('notFound.title')).toBe('notFound.title');
    await vi.waitFor(() => expect(i18n.t('notFound.title')).toBe('페이지를 찾을 수 없습니다'));
    expect(i18n.hasResourceBundle('en-US', 'translation')).toBe(true);
    // A key the Korean catalogue lacks is said in English.
    const korean = i18n.getResourceBundle('kr-KO', 'translation') as { notFound: object };
    i18n.removeResourceBundle('kr-KO', 'translation');
    i18n.addResourceBundle('kr-KO', 'translation', { ...korean, notFound: {} });
    expect(i18n.t('notFound.title')).toBe('Page not found');
  });
});
