import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { APP_LOCALES, type AppLocale } from '@smartcare/contract/result-codes';
import { changeLocale } from '../lib/i18n';

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <Select<AppLocale>
      aria-label={t('header.language')}
      size="small"
      value={i18n.language as AppLocale}
      onChange={(locale) => void changeLocale(i18n, locale)}
      options={APP_LOCALES.map((locale) => ({ value: locale, label: t(`languages.${locale}`) }))}
      style={{ width: 110 }}
    />
  );
}
