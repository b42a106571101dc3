import '../../lib/antd-mobile';
import type { AppLocale } from '@smartcare/contract/result-code-values';
import Dialog from 'antd-mobile/es/components/dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MenuList, Section } from '../../components/ui/menu-list';
import { Page } from '../../components/ui/page';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { areaConfig, type Area } from '../../config/area';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { logout } from '../../lib/auth';
import { setTextSize, storedTextSize, TEXT_SIZES, type TextSize } from '../../lib/text-size';
import { changeLocale, currentLocale } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { usePatient } from './api/get-patient';
import { KakaoLinkSection } from './kakao-link-section';

/** Each language named in its own words, so a patient can find theirs in any language. */
const LANGUAGES: { locale: AppLocale; name: string }[] = [
  { locale: 'kr-KO', name: '한국어' },
  { locale: 'en-US', name: 'English' },
  { locale: 'zh-CN', name: '简体中文' },
];

/** Settings home of both areas: profile, language, alarms, terms, consents, logout, deletion, version. */
export function SettingsHomeScreen({ area }: { area: Area }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = areaConfig[area];
  const patient = usePatient();
  const profile = patient.data;
  // The radio moves at once; the catalogue of the new language may still be loading.
  const [locale, setLocale] = useState<AppLocale>(currentLocale);
  const [textSize, setTextSizeState] = useState<TextSize>(storedTextSize);

  const switchLanguage = (next: AppLocale) => {
    const previous = locale;
    setLocale(next);
    void changeLocale(next).catch(() => {
      setLocale(previous);
      toast.error(t('error.network'));
    });
  };

  const confirmLogout = async () => {
    const confirmed = await Dialog.confirm({
      content: t('settings.logoutConfirm'),
      confirmText: t('settings.logout'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    await logout();
    queryClient.clear();
    toast.info(t('settings.loggedOut'));
    navigate(config.login, { replace: true });
  };

  return (
    <Page title={t('settings.title')} back={config.home}>
      <Section title={t('settings.profile')}>
        {!profile && patient.isPending && <LoadingView />}
        {!profile && patient.isError && (
          <ErrorView message={errorMessage(patient.error)} onRetry={() => void patient.refetch()} />
        )}
        {profile && (
          <MenuList
            rows={[
              {
                key: 'profile',
                label: t('settings.profileOf', { name: profile.name }),
                description: profile.loginId,
                to: paths.account.detail.href(),
              },
              {
                key: 'hospital',
                label: t('settings.hospital'),
                description: profile.choseHospitalName ?? t('home.noHospital'),
                to: config.common.hospitalSelect.href(),
              },
              { key: 'extraInfo', label: t('settings.extraInfo'), to: config.extraInfo },
            ]}
          />
        )}
      </Section>

      <Section title={t('settings.language')}>
        <div
          role="radiogroup"
          aria-label={t('settings.language')}
          className="menu-list"
          lang={i18n.language === 'kr-KO' ? 'ko' : undefined}
        >
          {LANGUAGES.map((language) => (
            <label key={language.locale} className="menu-row radio-row">
              <span className="menu-row-label" lang={language.locale === 'kr-KO' ? 'ko' : language.locale}>
                {language.name}
              </span>
              <input
                type="radio"
                name="app-language"
                value={language.locale}
                checked={locale === language.locale}
                onChange={() => switchLanguage(language.locale)}
              />
            </label>
          ))}
        </div>
      </Section>

      <Section title={t('patientUx.textSize')}>
        <div role="radiogroup" aria-label={t('patientUx.textSize')} className="menu-list">
          {TEXT_SIZES.map((size) => (
            <label key={size} className="menu-row radio-row">
              <span className="menu-row-label">{t(`patientUx.textSizes.${size}`)}</span>
              <input
                type="radio"
                name="app-text-size"
                value={size}
                checked={textSize === size}
                onChange={() => setTextSizeState(setTextSize(size))}
              />
            </label>
          ))}
        </div>
      </Section>

      <Section title={t('settings.service')}>
        <MenuList
          rows={[
            { key: 'alarm', label: t('settings.alarm'), to: config.common.alarm.href() },
            { key: 'terms', label: t('settings.terms'), to: config.common.terms.href() },
            { key: 'consents', label: t('settings.consents'), to: config.common.agreeList.href() },
          ]}
        />
      </Section>

      <KakaoLinkSection />

      <Section title={t('settings.account')}>
        <MenuList
          rows={[
            { key: 'logout', label: t('settings.logout'), onClick: () => void confirmLogout() },
            {
              key: 'delete',
              label: t('settings.deleteAccount'),
              to: config.common.patientDelete.href(),
              danger: true,
            },
            { key: 'version', label: t('settings.version'), extra: __APP_VERSION__ },
          ]}
        />
      </Section>
    </Page>
  );
}
