import { APP_LOCALES, type AppLocale } from '@smartcare/contract/result-code-values';
import i18next from 'i18next';
import { withParticle, type JosaParticle } from '@smartcare/contract/validation-messages';
import { initReactI18next } from 'react-i18next';
import krKOStart from '../locales/kr-KO.start';
import { readStorage, storageKeys, writeStorage } from './storage-keys';

/**
 * Languages (spec §9, brief §5): the first screens' Korean loads with the app, the rest of
 * the Korean catalogue with the first other screen (lazy routes wait for it); zh-CN on demand.
 * en-US, the fallback for a missing key, comes with any other language and, in Korean (whose
 * catalogue has every key), the first time a key is missing: the screens then render again.
 * The stored `locale` wins, else the browser's language if supported, else Korean.
 */
export const FALLBACK_LOCALE: AppLocale = 'en-US';

/** The component library's packs; zh-TW, zh-HK and fa-IR only when the stored locale names one. */
export type ComponentLocaleTag = 'ko-KR' | 'en-US' | 'zh-CN' | 'zh-TW' | 'zh-HK' | 'fa-IR';
const EXTRA_COMPONENT_LOCALES = ['zh-TW', 'zh-HK', 'fa-IR'] as const;

export function supportedLocale(tag: string | null | undefined): AppLocale | null {
  if (!tag) return null;
  if ((APP_LOCALES as readonly string[]).includes(tag)) return tag as AppLocale;
  const lang = tag.toLowerCase();
  if (lang.startsWith('ko') || lang.startsWith('kr')) return 'kr-KO';
  if (lang.startsWith('en')) return 'en-US';
  if (lang === 'zh' || lang.startsWith('zh-cn') || lang.startsWith('zh-hans') || lang.startsWith('zh-sg'))
    return 'zh-CN';
  return null;
}

export function detectLocale(
  stored: string | null = readStorage(storageKeys.locale),
  browserLanguages: readonly string[] = typeof navigator === 'undefined'
    ? []
    : (navigator.languages ?? [navigator.language]),
): AppLocale {
  const fromStore = supportedLocale(stored);
  if (fromStore) return fromStore;
  for (const language of browserLanguages) {
    const fromBrowser = supportedLocale(language);
    if (fromBrowser) return fromBrowser;
  }
  return 'kr-KO';
}

export function componentLocaleTag(
  appLocale: AppLocale,
  stored: string | null = readStorage(storageKeys.locale),
): ComponentLocaleTag {
  if (stored && (EXTRA_COMPONENT_LOCALES as readonly string[]).includes(stored))
    return stored as ComponentLocaleTag;
  return appLocale === 'kr-KO' ? 'ko-KR' : appLocale;
}

const loaders: Record<AppLocale, () => Promise<{ default: unknown }>> = {
  'kr-KO': () => import('../locales/kr-KO'),
  'en-US': () => import('../locales/en-US'),
  'zh-CN': () => import('../locales/zh-CN'),
};
const complete = new Map<AppLocale, Promise<void>>();

function ensureLoaded(locale: AppLocale): Promise<void> {
  let loading = complete.get(locale);
  if (!loading) {
    loading = loaders[locale]().then(({ default: catalogue }) => {
      i18next.addResourceBundle(locale, 'translation', catalogue as object, true, true);
    });
    // A failed download may be retried by the next screen.
    loading.catch(() => complete.delete(locale));
    complete.set(locale, loading);
  }
  return loading;
}

function loadForMissingKey(): Promise<unknown> {
  return Promise.all([ensureCatalogue(), ensureLoaded(FALLBACK_LOCALE)]).catch(() => undefined);
}

/** The whole catalogue of the current language: lazy routes wait for it (app/routes/lazy-screen.tsx). */
export function ensureCatalogue(): Promise<void> {
  return ensureLoaded(currentLocale());
}

export async function initI18n(locale: AppLocale = detectLocale()): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    lng: 'kr-KO',
    fallbackLng: FALLBACK_LOCALE,
    resources: { 'kr-KO': { translation: krKOStart } },
    interpolation: { escapeValue: false },
    returnNull: false,
    // A key found neither in the loaded part of the language nor in the fallback: fetch both
    // whole; the screens render again when a catalogue is added (`bindI18nStore`).
    saveMissing: true,
    missingKeyHandler: () => void loadForMissingKey(),
    react: { bindI18nStore: 'added' },
  });
  // `{{name, josa(p: 을/를)}}`: the particle the word takes (issue 10 point 9), not "을(를)".
  i18next.services.formatter?.add('josa', (value: unknown, _lng, options: { p?: string }) =>
    withParticle(String(value ?? ''), (options.p ?? '을/를') as JosaParticle),
  );
  if (locale !== 'kr-KO') await changeLocale(locale, { store: false });
  document.documentElement.lang = htmlLang(i18next.language as AppLocale);
  return i18next;
}

function htmlLang(locale: AppLocale): string {
  return locale === 'kr-KO' ? 'ko' : locale;
}

/** Switches at once (settings); the component library follows through `languageChanged`. */
export async function changeLocale(locale: AppLocale, { store = true } = {}): Promise<void> {
  await ensureLoaded(locale);
  if (locale !== FALLBACK_LOCALE) await ensureLoaded(FALLBACK_LOCALE).catch(() => undefined);
  if (store) writeStorage(storageKeys.locale, locale);
  await i18next.changeLanguage(locale);
  document.documentElement.lang = htmlLang(locale);
}

export function currentLocale(): AppLocale {
  return supportedLocale(i18next.language) ?? 'kr-KO';
}

export { i18next };
