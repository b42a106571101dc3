import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { APP_LOCALES, DEFAULT_LOCALE, type AppLocale } from '@smartcare/contract/result-codes';
import { enUS } from '../locales/en-US';
import { krKO } from '../locales/kr-KO';
import { zhCN } from '../locales/zh-CN';

/** The same key as the patient app (spec §3), so one browser keeps one language choice. */
export const LOCALE_KEY = 'locale';

function supported(tag: string): AppLocale | null {
  const lang = tag.trim().toLowerCase();
  if (lang.startsWith('ko') || lang.startsWith('kr')) return 'kr-KO';
  if (lang.startsWith('en')) return 'en-US';
  if (lang.startsWith('zh')) return 'zh-CN';
  return null;
}

/** The stored `locale` wins, else the browser's language if supported, else Korean (brief §5). */
export function detectLocale(
  stored: string | null = localStorage.getItem(LOCALE_KEY),
  browser: readonly string[] = navigator.languages ?? [navigator.language],
): AppLocale {
  if (stored) {
    const fromStore = supported(stored);
    if (fromStore) return fromStore;
  }
  for (const tag of browser) {
    const fromBrowser = supported(tag);
    if (fromBrowser) return fromBrowser;
  }
  return DEFAULT_LOCALE;
}

export function createI18n(locale: AppLocale): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: 'en-US',
    supportedLngs: [...APP_LOCALES],
    resources: {
      'kr-KO': { translation: krKO },
      'en-US': { translation: enUS },
      'zh-CN': { translation: zhCN },
    },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

export async function changeLocale(instance: I18n, locale: AppLocale): Promise<void> {
  localStorage.setItem(LOCALE_KEY, locale);
  document.documentElement.lang = htmlLang(locale);
  await instance.changeLanguage(locale);
}

/** `kr-KO` is the spec's tag; HTML and screen readers want the standard `ko`. */
export function htmlLang(locale: AppLocale): string {
  return locale === 'kr-KO' ? 'ko' : locale;
}
