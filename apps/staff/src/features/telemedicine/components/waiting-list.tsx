import { useState, type ReactNode } from 'react';
import { Button, Card, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { useNow } from '../../../lib/use-now';
import type { Visit } from '../api/types';
import { clock, seoulTime } from './seoul-time';

/**
 * The patients in the waiting room, first come first: waiting time counting up, their device
 * check, their recent readings, and "입장시키기" (the first one's button admits the next patient).
 */
export function WaitingList({
  visits,
  readings,
  pending,
  onAdmit,
}: {
  visits: Visit[];
  readings?: (patientIdx: number) => ReactNode;
  pending: boolean;
  onAdmit: (visit: Visit) => void;
}) {
  const { t } = useTranslation();
  const now = useNow();
  const next = visits[0];
  return (
    <section className="tm-section" aria-labelledby="tm-waiting-title">
      <div className="tm-section-head">
        <Typography.Title level={3} id="tm-waiting-title" className="tm-subtitle">
          {t('telemedicine.waitingTitle', { count: visits.length })}
        </Typography.Title>
        {next && (
          <Button type="primary" size="large" loading={pending} onClick={() => onAdmit(next)}>
            {t('telemedicine.admitNext', { name: next.patientName })}
          </Button>
        )}
      </div>
      {visits.length === 0 ? (
        <EmptyState text={t('telemedicine.waitingEmpty')} />
      ) : (
        <ol className="tm-list">
          {visits.map((visit, i) => (
            <WaitingCard
              key={visit.visitIdx}
              visit={visit}
              position={i + 1}
              now={now}
              readings={readings}
              pending={pending}
              onAdmit={() => onAdmit(visit)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function WaitingCard({
  visit,
  position,
  now,
  readings,
  pending,
  onAdmit,
}: {
  visit: Visit;
  position: number;
  now: number;
  readings?: (patientIdx: number) => ReactNode;
  pending: boolean;
  onAdmit: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [showReadings, setShowReadings] = useState(false);
  const waited = visit.waitingSince ? now - Date.parse(visit.waitingSince) : 0;
  const name = visit.patientName;
  const readingsId = `tm-readings-${visit.visitIdx}`;
  return (
    <li>
      <Card size="small" className="tm-card tm-waiting" data-testid="tm-waiting-card">
        <div className="tm-waiting-row">
          <div className="tm-waiting-who">
            <strong className="tm-waiting-name">
              {t('telemedicine.position', { position })} {name}
              {visit.patientAge != null && ` · ${t('telemedicine.age', { age: visit.patientAge })}`}
              {visit.patientSex && ` · ${t(`telemedicine.sex.${visit.patientSex}`)}`}
            </strong>
            <span>
              {t('telemedicine.scheduled', { time: seoulTime(visit.scheduledAt, i18n.language) })} ·{' '}
              {visit.department} · {visit.clinician.name}
            </span>
            <span className="tm-waited" aria-label={t('telemedicine.waitedLabel', { time: clock(waited) })}>
              {t('telemedicine.waited')} <span className="tm-clock">{clock(waited)}</span>
            </span>
          </div>
          <Button
            type="primary"
            loading={pending}
            aria-label={t('telemedicine.admitLabel', { name })}
            onClick={onAdmit}
          >
            {t('telemedicine.admit')}
          </Button>
        </div>
        <DeviceCheck check={visit.deviceCheck} />
        <Space wrap>
          {readings && (
            <Button
              type="link"
              aria-expanded={showReadings}
              aria-controls={readingsId}
              onClick={() => setShowReadings((s) => !s)}
            >
              {t(showReadings ? 'telemedicine.hideReadings' : 'telemedicine.showReadings')}
            </Button>
          )}
          <Link to={paths.homeCarePatient.href(visit.patientIdx)}>
            {t('telemedicine.readingsLink', { name })}
          </Link>
        </Space>
        {readings && showReadings && (
          <div id={readingsId} className="tm-readings">
            {readings(visit.patientIdx)}
          </div>
        )}
      </Card>
    </li>
  );
}

/** The patient's last device check: camera, microphone, speaker, network — or that none was made. */
export function DeviceCheck({ check }: { check: Visit['deviceCheck'] }) {
  const { t } = useTranslation();
  if (!check) return <p className="tm-device tm-device-none">{t('telemedicine.device.none')}</p>;
  const bad = (ok: boolean) => (ok ? 'tm-ok' : 'tm-bad');
  return (
    <ul className="tm-device" aria-label={t('telemedicine.device.label')}>
      <li className={bad(check.camera === 'OK')}>
        {t('telemedicine.device.camera')}: {t(`telemedicine.device.${check.camera}`)}
      </li>
      <li className={bad(check.microphone === 'OK')}>
        {t('telemedicine.device.microphone')}: {t(`telemedicine.device.${check.microphone}`)}
      </li>
      <li className={bad(check.speakerConfirmed)}>
        {t('telemedicine.device.speaker')}:{' '}
        {t(check.speakerConfirmed ? 'telemedicine.device.confirmed' : 'telemedicine.device.unconfirmed')}
      </li>
      <li>
        {t('telemedicine.device.network')}:{' '}
        {check.rttMs === null && check.downKbps === null
          ? t('telemedicine.device.notMeasured')
          : t('telemedicine.device.networkValue', {
              rtt: check.rttMs ?? '–',
              kbps: check.downKbps ?? '–',
            })}
      </li>
      {check.camera !== 'OK' || check.microphone !== 'OK' ? (
        <li>
          <Tag color="#9f1239">{t('telemedicine.device.problem')}</Tag>
        </li>
      ) : null}
    </ul>
  );
}
