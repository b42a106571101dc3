import type { ReactNode } from 'react';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { useHomeCarePatient } from '../api/get-home-care-patient';
import { className, formatDateTime, readingValue } from '../reading-words';
import { CareNote } from './care-note';
import { ReadingChip } from './reading-chip';
import { TargetsForm } from './targets-form';
import { TrendPanel } from './trend-panel';
import '../home-care.css';

/**
 * `/home-care/:patientIdx`: a home-care patient's latest readings, trend charts, personal
 * targets, the nurse's note and the alerts with who acknowledged them (issue 13).
 * `sections` is where the app links the patient's other records: medication
 * (`/home-care/:patientIdx/medication`) and diet (`/home-care/:patientIdx/diet`), built by
 * other features and passed in by the route (features never import each other).
 */
export function HomeCarePatientPage({ patientIdx, sections }: { patientIdx: number; sections?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const page = useHomeCarePatient(patientIdx);

  if (page.isPending) return <LoadingState />;
  if (page.isError)
    return (
      <section className="board home-care">
        <Link to={paths.homeCare.href()}>{t('homeCare.patient.back')}</Link>
        <ErrorState error={page.error} onRetry={() => void page.refetch()} />
      </section>
    );
  const patient = page.data;

  return (
    <section className="board home-care home-care-patient" aria-labelledby="patient-title">
      <Link to={paths.homeCare.href()} className="home-care-back">
        {t('homeCare.patient.back')}
      </Link>
      <div className="board-head home-care-head">
        <div>
          <Typography.Title level={2} id="patient-title" className="panel-title">
            {t('homeCare.patient.title', { name: patient.name })}
          </Typography.Title>
          <Typography.Text type="secondary">
            {[
              patient.birthDate ? t('homeCare.patient.born', { date: patient.birthDate }) : null,
              patient.sex ? t(`homeCare.patient.sex.${patient.sex}`) : null,
              patient.lastReadingAt
                ? t('homeCare.lastReading', { time: formatDateTime(patient.lastReadingAt, i18n.language) })
                : t('homeCare.noReadings'),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
        </div>
      </div>

      <section className="patient-panel" aria-labelledby="latest-title">
        <Typography.Title level={3} id="latest-title" className="panel-subtitle">
          {t('homeCare.patient.latest')}
        </Typography.Title>
        {patient.latest.length === 0 ? (
          <p>{t('homeCare.noReadings')}</p>
        ) : (
          <ul className="latest-list">
            {patient.latest.map((reading) => (
              <li key={reading.kind}>
                <ReadingChip reading={reading} />{' '}
                <span className="latest-time">{formatDateTime(reading.effectiveAt, i18n.language)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {patient.alerts.length > 0 && (
        <section className="patient-panel" aria-labelledby="alert-history-title">
          <Typography.Title level={3} id="alert-history-title" className="panel-subtitle">
            {t('homeCare.alerts.history')}
          </Typography.Title>
          <ul className="alert-history">
            {patient.alerts.map((alert) => (
              <li key={alert.idx} data-alert-idx={alert.idx}>
                <strong>
                  {t(`homeCare.kind.${alert.kind}`)} {readingValue(t, alert)} (
                  {className(t, alert.kind, alert.class)})
                </strong>{' '}
                <span>
                  {t('homeCare.alerts.measuredAt', {
                    time: formatDateTime(alert.effectiveAt, i18n.language),
                  })}
                </span>{' '}
                {alert.acknowledgedAt ? (
                  <span className="alert-ack">
                    {t('homeCare.alerts.acknowledgedBy', {
                      name: alert.acknowledgedByName,
                      time: formatDateTime(alert.acknowledgedAt, i18n.language),
                    })}
                  </span>
                ) : (
                  <Tag color="#c92a2a" variant="solid">
                    {t('homeCare.alerts.unacknowledged')}
                  </Tag>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      <TrendPanel patientIdx={patientIdx} />
      <div className="patient-columns">
        <TargetsForm patientIdx={patientIdx} targets={patient.targets} />
        <CareNote key={patient.note?.writtenAt ?? 'none'} patientIdx={patientIdx} note={patient.note} />
      </div>

      {/* MEDICATION / DIET LINKS (issue 13): the route passes links to
          /home-care/:patientIdx/medication and /home-care/:patientIdx/diet here once those exist. */}
      {sections && (
        <nav className="patient-panel linked-sections" aria-label={t('homeCare.patient.linkedSections')}>
          {sections}
        </nav>
      )}
    </section>
  );
}
