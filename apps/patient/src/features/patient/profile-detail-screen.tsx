import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuList, Section } from '../../components/ui/menu-list';
import { Page } from '../../components/ui/page';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { areaConfig, type Area } from '../../config/area';
import { paths } from '../../config/paths';
import { formatDate } from '../../lib/date-format';
import { errorMessage } from '../../lib/api-error';
import { usePatient } from './api/get-patient';

/** /detail: the patient's profile as the hospital has it. */
export function ProfileDetailScreen() {
  const { t, i18n } = useTranslation();
  const patient = usePatient();
  const profile = patient.data;
  // The profile says which areas the patient belongs to; the first one is "home".
  const area: Area = profile?.areas[0] === 'HOMECARE' ? 'homecare' : 'hospital';
  const config = areaConfig[area];
  const dash = t('profile.none');
  return (
    <Page title={t('profile.title')} back={config.settingHome}>
      {!profile && patient.isPending && <LoadingView />}
      {!profile && patient.isError && (
        <ErrorView message={errorMessage(patient.error)} onRetry={() => void patient.refetch()} />
      )}
      {profile && (
        <>
          <section className="profile-head" aria-label={t('profile.title')}>
            <p className="profile-name">{profile.name}</p>
            <p className="profile-description">{profile.description || t('profile.noDescription')}</p>
          </section>
          <Section title={t('profile.information')}>
            <dl className="detail-list">
              {(
                [
                  [t('profile.loginId'), profile.loginId],
                  [t('profile.email'), profile.email ? emailWithBreak(profile.email) : dash],
                  [t('profile.phone'), profile.phone ?? dash],
                  [t('profile.birthDate'), profile.birthDate ?? dash],
                  [t('profile.sex'), profile.sex ? t(`profile.sex${profile.sex}`) : dash],
                  [t('profile.hospital'), profile.choseHospitalName ?? t('home.noHospital')],
                  [t('profile.ward'), [profile.ward, profile.bed].filter(Boolean).join(' / ') || dash],
                  [t('profile.memberSince'), formatDate(profile.createdAt, i18n.language)],
                ] satisfies [string, ReactNode][]
              ).map(([term, value]) => (
                <div key={term} className="detail-row">
                  <dt>{term}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </Section>
          <MenuList
            rows={[
              { key: 'edit', label: t('profile.edit'), to: paths.account.settings.href() },
              { key: 'extra', label: t('settings.extraInfo'), to: config.extraInfo },
              { key: 'home', label: t('profile.toHome'), to: config.home },
            ]}
          />
        </>
      )}
    </Page>
  );
}

/** A long address wraps after the "@" rather than somewhere inside the domain. */
function emailWithBreak(email: string): ReactNode {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
