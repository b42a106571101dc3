import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { useDoses } from './api/get-doses';
import './medication.css';

/**
 * Today's medication on the health dashboard (issue 13 asks for it once medication exists):
 * how many of today's doses are taken, what is due now or was missed, and the way to take it.
 */
export function TodayDosesSummary() {
  const { t } = useTranslation();
  const doses = useDoses();
  const list = doses.data ?? [];
  const taken = list.filter((d) => d.status === 'TAKEN').length;
  const missed = list.filter((d) => d.status === 'MISSED').length;
  const due = list.filter((d) => d.dueNow && d.status === 'PENDING').length;
  return (
    <section className="today-doses" aria-labelledby="today-doses-title">
      <h2 id="today-doses-title" className="today-doses-title">
        {t('medication.todaySummary.title')}
      </h2>
      {doses.isPending && <LoadingView />}
      {doses.isError && (
        <ErrorView message={errorMessage(doses.error)} onRetry={() => void doses.refetch()} />
      )}
      {doses.isSuccess && (
        <p className="today-doses-text">
          {list.length === 0
            ? t('medication.todaySummary.none')
            : t('medication.todaySummary.taken', { taken, total: list.length })}
          {due > 0 && (
            <strong className="today-doses-due"> {t('medication.todaySummary.due', { count: due })}</strong>
          )}
          {missed > 0 && <span> {t('medication.todaySummary.missed', { count: missed })}</span>}
        </p>
      )}
      <Link className="btn btn-block" to={paths.homecare.medicationMain.href()}>
        {t('medication.todaySummary.open')}
      </Link>
    </section>
  );
}
