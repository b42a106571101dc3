import { Drawer, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Appointment, AppointmentStatus } from '@smartcare/contract/appointment';
import { ErrorState, LoadingState } from '../../../components/ui/query-state';
import { useAppointment } from '../api/get-appointment';
import { formatSeoul } from './seoul-time';

export const STATUS_COLOUR: Record<AppointmentStatus, string> = {
  BOOKED: '#1d4ed8',
  CHANGE_REQUESTED: '#8a4b00',
  CANCEL_REQUESTED: '#8a4b00',
  COMPLETED: '#237804',
  CANCELLED: '#4b5563',
};

/**
 * One appointment and its history in a drawer: who asked what (the patient's words and
 * preferred times), who accepted or declined with which reason, and when. Read fresh from
 * `getAppointment` (the server audits the read), so it shows the whole history.
 */
export function AppointmentDetailDrawer({
  idx,
  patientName,
  onClose,
}: {
  idx: number | null;
  patientName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const item = useAppointment(idx);
  // The title labels the dialog (antd's aria-labelledby).
  const title = t('appointments.detailTitle', { name: patientName });
  return (
    <Drawer
      open={idx !== null}
      onClose={onClose}
      title={title}
      size="min(520px, 100vw)"
      className="appt-drawer"
      closable={{ 'aria-label': t('appointments.close') }}
    >
      {idx === null ? null : item.isPending ? (
        <LoadingState />
      ) : item.isError ? (
        <ErrorState error={item.error} onRetry={() => void item.refetch()} />
      ) : (
        <AppointmentDetail item={item.data} />
      )}
    </Drawer>
  );
}

function AppointmentDetail({ item }: { item: Appointment }) {
  const { t, i18n } = useTranslation();
  const when = (iso: string) => formatSeoul(iso, i18n.language);
  const place = [item.building, item.floor, item.room].filter(Boolean).join(' ');
  return (
    <>
      <dl className="appt-facts">
        <dt>{t('appointments.columns.status')}</dt>
        <dd>
          <Tag color={STATUS_COLOUR[item.status]} variant="solid">
            {t(`appointments.status.${item.status}`)}
          </Tag>
        </dd>
        <dt>{t('appointments.columns.when')}</dt>
        <dd>
          {when(item.startsAt)} · {t('appointments.minutes', { count: item.durationMin })}
        </dd>
        <dt>{t('appointments.columns.department')}</dt>
        <dd>
          {item.department} · {item.doctor}
        </dd>
        {item.type && (
          <>
            <dt>{t('appointments.columns.type')}</dt>
            <dd>{t(`appointments.types.${item.type}`)}</dd>
          </>
        )}
        {place && (
          <>
            <dt>{t('appointments.columns.place')}</dt>
            <dd>{place}</dd>
          </>
        )}
        {item.preparation && (
          <>
            <dt>{t('appointments.fields.preparation')}</dt>
            <dd className="appt-pre">{item.preparation}</dd>
          </>
        )}
        {item.preferredTimes.length > 0 && (
          <>
            <dt>{t('appointments.preferred')}</dt>
            <dd>{item.preferredTimes.map(when).join(', ')}</dd>
          </>
        )}
        {item.requestNote && (
          <>
            <dt>{t('appointments.patientNote')}</dt>
            <dd className="appt-pre">{item.requestNote}</dd>
          </>
        )}
        {item.reason && (
          <>
            <dt>{t('appointments.lastReason')}</dt>
            <dd className="appt-pre">{item.reason}</dd>
          </>
        )}
      </dl>
      <Typography.Title level={3} className="appt-subtitle">
        {t('appointments.historyTitle')}
      </Typography.Title>
      {item.events.length === 0 ? (
        <Typography.Text type="secondary">{t('appointments.historyEmpty')}</Typography.Text>
      ) : (
        <ol className="appt-history">
          {item.events.map((event, i) => (
            <li key={`${event.at}-${i}`}>
              <strong>{t(`appointments.actions.${event.action}`)}</strong>
              <span className="appt-history-meta">
                {when(event.at)} ·{' '}
                {event.actorType === 'patient'
                  ? t('appointments.byPatient', { name: event.actorName })
                  : t('appointments.byStaff', { name: event.actorName })}
              </span>
              <span className="appt-history-meta">
                {t('appointments.eventStartsAt', { when: when(event.startsAt) })}
              </span>
              {event.note && <span className="appt-pre">{event.note}</span>}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
