import { daysUntil, type Appointment } from '@smartcare/contract/appointment';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Page } from '../../components/ui/page';
import { EmptyView, ErrorView, LoadingView } from '../../components/ui/state-views';
import { areaConfig, type Area } from '../../config/area';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { useSession } from '../../lib/use-session';
import { formatSeoulDay, formatSeoulTime, seoulDay } from './appointment-format';
import { AppointmentStatusChip, OwnMark, placeOf, useAppointmentTitle } from './appointment-parts';
import { useMyAppointments } from './api/get-my-appointments';
import { useAppointmentLive } from './use-appointment-live';
import { PersonalItemForm } from './personal-item-form';
import './appointment.css';

/** Upcoming: not yet started and not closed; the rest is past, newest first. */
export function splitAppointments(items: Appointment[], now: Date) {
  const isUpcoming = (item: Appointment) => new Date(item.startsAt) >= now && item.status !== 'COMPLETED';
  return {
    upcoming: items.filter(isUpcoming),
    past: items.filter((item) => !isUpcoming(item)).reverse(),
  };
}

/** Groups items by their Seoul day, keeping the order. */
function byDay(items: Appointment[]): [string, Appointment[]][] {
  const groups = new Map<string, Appointment[]>();
  for (const item of items) {
    const day = seoulDay(item.startsAt);
    groups.set(day, [...(groups.get(day) ?? []), item]);
  }
  return [...groups.entries()];
}

/**
 * `/hospital/schedulemanage/list`: upcoming appointments first under a day separator with
 * "D-3", past ones below; `?new=1` adds a personal item there.
 */
export function AppointmentListScreen({ area }: { area: Area }) {
  const { t } = useTranslation();
  const config = areaConfig[area];
  const { accessToken } = useSession();
  const [search, setSearch] = useSearchParams();
  const list = useMyAppointments(Boolean(accessToken));
  useAppointmentLive();

  if (!accessToken) return <Navigate to={config.login} replace />;

  if (search.get('new') === '1')
    return (
      <Page title={t('appointmentScreens.ownTitle')} back={paths.hospital.scheduleList.href()}>
        <PersonalItemForm onDone={() => setSearch({}, { replace: true })} />
      </Page>
    );

  const now = new Date();
  const { upcoming, past } = list.isSuccess ? splitAppointments(list.data, now) : { upcoming: [], past: [] };

  return (
    <Page title={t('appointmentScreens.title')} back={config.home}>
      <p className="form-intro">{t('appointmentScreens.intro')}</p>
      <Link className="btn btn-block" to={`${paths.hospital.scheduleList.href()}?new=1`}>
        {t('appointmentScreens.addOwn')}
      </Link>
      {list.isPending && <LoadingView />}
      {list.isError && <ErrorView message={errorMessage(list.error)} onRetry={() => void list.refetch()} />}
      {list.isSuccess && (
        <>
          <section aria-labelledby="appt-upcoming">
            <h2 id="appt-upcoming" className="section-title">
              {t('appointmentScreens.upcoming')}
            </h2>
            {upcoming.length === 0 && <EmptyView>{t('appointmentScreens.empty')}</EmptyView>}
            {byDay(upcoming).map(([day, items]) => {
              const days = daysUntil(items[0]!.startsAt, now);
              return (
                <div key={day} className="appt-day">
                  <h3 className="appt-day-title">
                    <span>{formatSeoulDay(items[0]!.startsAt)}</span>
                    <span className="appt-dday">
                      {days === 0
                        ? t('appointmentScreens.today')
                        : t('appointmentScreens.dDay', { count: days })}
                    </span>
                  </h3>
                  <ul className="appt-list">
                    {items.map((item) => (
                      <AppointmentRow key={item.idx} item={item} />
                    ))}
                  </ul>
                </div>
              );
            })}
          </section>
          <section aria-labelledby="appt-past">
            <h2 id="appt-past" className="section-title">
              {t('appointmentScreens.past')}
            </h2>
            {past.length === 0 && <EmptyView>{t('appointmentScreens.pastEmpty')}</EmptyView>}
            {byDay(past).map(([day, items]) => (
              <div key={day} className="appt-day appt-day-past">
                <h3 className="appt-day-title">
                  <span>{formatSeoulDay(items[0]!.startsAt)}</span>
                </h3>
                <ul className="appt-list">
                  {items.map((item) => (
                    <AppointmentRow key={item.idx} item={item} />
                  ))}
                </ul>
              </div>
            ))}
          </section>
        </>
      )}
    </Page>
  );
}

function AppointmentRow({ item }: { item: Appointment }) {
  const titleOf = useAppointmentTitle();
  const place = placeOf(item);
  return (
    <li>
      <Link
        className={`appt-card${item.kind === 'PERSONAL' ? ' appt-card-own' : ''}`}
        to={paths.hospital.scheduleDetail.href(item.idx)}
      >
        <span className="appt-card-top">
          <span className="appt-time">{formatSeoulTime(item.startsAt)}</span>
          {item.kind === 'PERSONAL' ? <OwnMark /> : <AppointmentStatusChip status={item.status} />}
        </span>
        <span className="appt-card-title">{titleOf(item)}</span>
        {(item.doctor || place) && (
          <span className="appt-card-meta">{[item.doctor, place].filter(Boolean).join(' · ')}</span>
        )}
      </Link>
    </li>
  );
}
