import type { TelemedicineVisit } from '@smartcare/contract/telemedicine';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/ui/page';
import { EmptyView, ErrorView, LoadingView } from '../../components/ui/state-views';
import { areaConfig } from '../../config/area';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/date-format';
import { useMyVisits } from './api/get-my-visits';
import {
  clinicianText,
  deviceCheckHref,
  enterHref,
  inRoom,
  timeOfDay,
  videoCallHref,
  VisitStatusChip,
} from './telemedicine-parts';
import './telemedicine.css';

/** `/homecare/telemedicine/list`: the next visit on top (with 입장하기 when open), then the rest. */
export function TelemedicineListScreen() {
  const { t } = useTranslation();
  const visits = useMyVisits();
  const upcoming = visits.data?.upcoming ?? [];
  const past = visits.data?.past ?? [];
  const [next, ...later] = upcoming;

  return (
    <Page title={t('telemedicine.list.title')} back={areaConfig.homecare.home}>
      <p className="tm-help">{t('telemedicine.list.intro')}</p>
      {visits.isPending && <LoadingView />}
      {visits.isError && (
        <ErrorView message={errorMessage(visits.error)} onRetry={() => void visits.refetch()} />
      )}
      {visits.isSuccess && (
        <>
          <section aria-labelledby="tm-upcoming">
            <h2 id="tm-upcoming" className="tm-section-title">
              {t('telemedicine.list.upcoming')}
            </h2>
            {next ? <NextVisit visit={next} /> : <EmptyView>{t('telemedicine.list.empty')}</EmptyView>}
            {later.length > 0 && (
              <ul className="tm-list">
                {later.map((visit) => (
                  <VisitRow key={visit.visitIdx} visit={visit} />
                ))}
              </ul>
            )}
          </section>
          <Link className="btn btn-block" to={deviceCheckHref()}>
            {t('telemedicine.list.deviceCheck')}
          </Link>
          <section aria-labelledby="tm-past">
            <h2 id="tm-past" className="tm-section-title">
              {t('telemedicine.list.past')}
            </h2>
            {past.length === 0 ? (
              <p className="tm-help">{t('telemedicine.list.pastEmpty')}</p>
            ) : (
              <ul className="tm-list">
                {past.map((visit) => (
                  <VisitRow key={visit.visitIdx} visit={visit} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </Page>
  );
}

function NextVisit({ visit }: { visit: TelemedicineVisit }) {
  const { t, i18n } = useTranslation();
  return (
    <article className="tm-card tm-next" aria-labelledby={`tm-next-${visit.visitIdx}`}>
      <p className="tm-eyebrow">{t('telemedicine.list.next')}</p>
      <div className="tm-row-top">
        <h3 id={`tm-next-${visit.visitIdx}`} className="tm-row-title">
          {formatDateTime(visit.scheduledAt)}
        </h3>
        <VisitStatusChip status={visit.status} />
      </div>
      <p className="tm-meta">{clinicianText(visit, t)}</p>
      {inRoom(visit) ? (
        <Link className="btn btn-primary btn-block btn-large" to={videoCallHref(visit.visitIdx)}>
          {t('telemedicine.backToRoom')}
        </Link>
      ) : visit.canEnter ? (
        <Link className="btn btn-primary btn-block btn-large" to={enterHref(visit)}>
          {t('telemedicine.enter')}
        </Link>
      ) : (
        <p className="tm-note">
          {t('telemedicine.list.opensAt', { time: timeOfDay(visit.enterOpensAt, i18n.language) })}
        </p>
      )}
      <Link className="btn btn-block" to={paths.homecare.telemedicineDetail.href(visit.visitIdx)}>
        {t('telemedicine.list.detail')}
      </Link>
    </article>
  );
}

function VisitRow({ visit }: { visit: TelemedicineVisit }) {
  const { t } = useTranslation();
  return (
    <li>
      <Link className="tm-row" to={paths.homecare.telemedicineDetail.href(visit.visitIdx)}>
        <span className="tm-row-top">
          <span className="tm-row-title">{formatDateTime(visit.scheduledAt)}</span>
          <VisitStatusChip status={visit.status} />
        </span>
        <span className="tm-meta">{clinicianText(visit, t)}</span>
      </Link>
    </li>
  );
}
