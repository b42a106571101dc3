import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { useDietDay } from './api/get-day';
import './diet.css';

/**
 * Today's meals on the health dashboard (issue 13 asks for it once diet exists): how many
 * meals are logged and the energy against the day's target, with the way to the diet screens.
 */
export function TodayMealsSummary() {
  const { t } = useTranslation();
  const day = useDietDay(undefined);
  return (
    <section className="today-summary" aria-labelledby="today-meals-title">
      <h2 id="today-meals-title" className="today-summary-title">
        {t('diet.today.title')}
      </h2>
      {day.isPending && <LoadingView />}
      {day.isError && <ErrorView message={errorMessage(day.error)} onRetry={() => void day.refetch()} />}
      {day.isSuccess && (
        <p className="today-summary-text">
          {day.data.meals.length === 0
            ? t('diet.today.none')
            : t('diet.today.logged', {
                count: day.data.meals.length,
                kcal: Math.round(day.data.totals.kcal),
                target: Math.round(day.data.targets.kcal),
              })}
        </p>
      )}
      <Link className="btn btn-block" to={paths.homecare.dietDashboard.href()}>
        {t('diet.today.open')}
      </Link>
    </section>
  );
}
