import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AppIcon, type IconName } from '../../components/ui/icons';
import { Page } from '../../components/ui/page';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { areaConfig, type Area } from '../../config/area';
import { operator } from '../../config/operator';
import { formatDate } from '../../lib/date-format';
import { errorMessage } from '../../lib/api-error';
import { usePatient } from './api/get-patient';
import { useUnreadCount } from './api/get-unread-count';

const ENTRY_ICONS: Record<string, IconName> = {
  consulting: 'chat',
  nurseCall: 'nurse',
  schedule: 'calendar',
  guideSearch: 'search',
  documentRequest: 'document',
  newsNotice: 'notice',
  newsFaq: 'question',
  serviceHome: 'hospital',
  rating: 'star',
  pushList: 'bell',
  myStatus: 'heart',
  medication: 'pill',
  telemedicine: 'video',
  diet: 'meal',
  qna: 'question',
  bodyInfo: 'person',
};

/** Each area's home: greeting, the chosen hospital, and an entry to every feature of the area. */
export function HomeScreen({ area }: { area: Area }) {
  const { t, i18n } = useTranslation();
  const config = areaConfig[area];
  const patient = usePatient();
  const profile = patient.data;
  const navigate = useNavigate();
  // issue 12: the 알림함 tile shows how many are unread
  const unread = useUnreadCount(Boolean(profile)).data?.unreadCount ?? 0;

  // Changing the hospital asks first and says what changes (issue 10); the first choice does not.
  const changeHospital = async (event: React.MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const { confirmHospitalChange } = await import('./confirm-hospital-change');
    if (await confirmHospitalChange(t)) void navigate(config.common.hospitalSelect.href());
  };

  const settingsLink = (
    <Link className="icon-button" to={config.settingHome} aria-label={t('home.openSettings')}>
      <AppIcon name="settings" />
    </Link>
  );

  return (
    <Page title={t(config.titleKey)} right={settingsLink}>
      {!profile && patient.isPending && <LoadingView />}
      {!profile && patient.isError && (
        <ErrorView message={errorMessage(patient.error)} onRetry={() => void patient.refetch()} />
      )}
      {profile && (
        <>
          <section className="home-greeting" aria-labelledby="home-greeting">
            <p id="home-greeting" className="home-greeting-title">
              {t('home.greeting', { name: profile.name })}
            </p>
            <p className="home-greeting-sub">{t('home.subtitle')}</p>
          </section>

          {profile.deletionDueAt && (
            <div className="notice-box" role="status">
              {t('home.deletionPending', { date: formatDate(profile.deletionDueAt, i18n.language) })}{' '}
              <Link to={config.common.patientDelete.href()}>{t('home.deletionManage')}</Link>
            </div>
          )}

          <section className="hospital-card" aria-labelledby="home-hospital">
            <h2 id="home-hospital" className="hospital-card-label">
              {t('home.myHospital')}
            </h2>
            {profile.choseHospitalIdx ? (
              <p className="hospital-card-name">{profile.choseHospitalName}</p>
            ) : (
              <p className="hospital-card-empty">{t('home.noHospital')}</p>
            )}
            <Link
              className="hospital-card-action"
              to={config.common.hospitalSelect.href()}
              onClick={profile.choseHospitalIdx ? (event) => void changeHospital(event) : undefined}
            >
              {profile.choseHospitalIdx ? t('home.changeHospital') : t('home.chooseHospital')}
            </Link>
          </section>

          <nav aria-label={t('home.services')}>
            <h2 className="section-title">{t('home.services')}</h2>
            <ul className="entry-grid">
              {config.homeEntries.map((entry) => {
                const icon = ENTRY_ICONS[entry.key] ?? 'heart';
                // Chat needs a chosen hospital first (spec §5): send the patient to choose one.
                const needsChoice =
                  'needsHospital' in entry && entry.needsHospital && !profile.choseHospitalIdx;
                const to = needsChoice
                  ? `${config.common.hospitalSelect.href()}?next=${encodeURIComponent(entry.href)}`
                  : entry.href;
                return (
                  <li key={entry.key}>
                    <Link className="entry" to={to}>
                      <AppIcon name={icon} className="entry-icon" />
                      <span>{t(`home.entry.${entry.key}`)}</span>
                      {entry.key === 'pushList' && unread > 0 && (
                        <span className="entry-badge">{t('home.unreadCount', { count: unread })}</span>
                      )}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          {patient.isError && (
            <div className="notice-box" role="status">
              {errorMessage(patient.error)}{' '}
              <button type="button" className="link-button" onClick={() => void patient.refetch()}>
                {t('common.retry')}
              </button>
            </div>
          )}
        </>
      )}
      <footer className="app-footer">
        <p>{t('app.copyright')}</p>
        <p>{t('app.businessNumber', { number: operator.businessNumber })}</p>
      </footer>
    </Page>
  );
}
