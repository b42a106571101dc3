import { setDefaultConfig } from 'antd-mobile/es/components/config-provider';
import koKR from 'antd-mobile/es/locales/ko-KR';
import { installAntdMobileRender } from './antd-mobile-render';
import { componentLocaleTag, currentLocale, i18next, type ComponentLocaleTag } from './i18n';

/**
 * antd-mobile set-up, imported by every screen that uses the library (never by the first
 * screens, which stay within their size budget). The React 19 render shim, and the
 * library's locale following the app's language (spec §9) through its global default
 * config rather than a provider around the whole app.
 */
type ComponentLocale = typeof koKR;

const packs: Record<Exclude<ComponentLocaleTag, 'ko-KR'>, () => Promise<{ default: ComponentLocale }>> = {
  'en-US': () => import('antd-mobile/es/locales/en-US'),
  'zh-CN': () => import('antd-mobile/es/locales/zh-CN'),
  'zh-TW': () => import('antd-mobile/es/locales/zh-TW'),
  'zh-HK': () => import('antd-mobile/es/locales/zh-HK'),
  'fa-IR': () => import('antd-mobile/es/locales/fa-IR'),
};

let applied: ComponentLocaleTag | null = null;

export async function applyComponentLocale(
  tag: ComponentLocaleTag = componentLocaleTag(currentLocale()),
): Promise<void> {
  if (tag === applied) return;
  const locale = tag === 'ko-KR' ? koKR : (await packs[tag]()).default;
  setDefaultConfig({ locale });
  applied = tag;
}

export function appliedComponentLocale(): ComponentLocaleTag | null {
  return applied;
}

installAntdMobileRender();
void applyComponentLocale();
i18next.on('languageChanged', () => void applyComponentLocale());
