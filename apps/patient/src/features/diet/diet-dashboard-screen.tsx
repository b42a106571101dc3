import { MEAL_TYPES, type Meal, type Nutrient } from '@smartcare/contract/diet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/ui/page';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { useDietDay } from './api/get-day';
import { useMealPhoto } from './api/get-photo';
import { seoulParts } from './diet-form';
import { NutrientList, useNutrientText } from './nutrient-list';
import { WeekTrend } from './week-trend';
import './diet.css';

const DAY_MS = 86_400_000;
const shiftDate = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * `/homecare/diet/dashboard` (issue 15): a day's meals by type with the day's totals against
 * the daily targets (KDRI defaults or the nurse's), carbohydrate and sodium called out when
 * the nurse marked diabetes or hypertension, and the week to that day, empty days said so.
 */
export function DietDashboardScreen() {
  const { t } = useTranslation();
  const today = seoulParts(new Date()).date;
  const [date, setDate] = useState(today);
  const day = useDietDay(date === today ? undefined : date);
  const data = day.data;
  const callOut: Nutrient[] = data
    ? [
        ...(data.targets.diabetic ? (['carbG'] as const) : []),
        ...(data.targets.hypertensive ? (['sodiumMg'] as const) : []),
      ]
    : [];

  return (
    <Page title={t('diet.dashboard.title')} back={paths.homecare.home.href()}>
      <div className="diet-dashboard">
        <nav className="diet-day-nav" aria-label={t('diet.dashboard.dayNav')}>
          <p className="diet-day-label" aria-live="polite">
            {date === today
              ? t('diet.dashboard.today')
              : t('diet.dashboard.dateLabel', {
                  month: Number(date.slice(5, 7)),
                  day: Number(date.slice(8, 10)),
                })}
          </p>
          <button type="button" className="btn" onClick={() => setDate(shiftDate(date, -1))}>
            {t('diet.dashboard.previousDay')}
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => setDate(shiftDate(date, 1))}
            disabled={date >= today}
          >
            {t('diet.dashboard.nextDay')}
          </button>
        </nav>
        <Link className="btn btn-primary btn-block" to={paths.homecare.dietRegist.href()}>
          {t('diet.dashboard.logMeal')}
        </Link>

        {day.isPending && <LoadingView />}
        {day.isError && <ErrorView message={errorMessage(day.error)} onRetry={() => void day.refetch()} />}
        {data && (
          <>
            <section className="diet-card" aria-labelledby="diet-totals-title">
              <h2 id="diet-totals-title" className="diet-section-title">
                {t('diet.dashboard.totalsTitle')}
              </h2>
              {callOut.length > 0 && (
                <p className="diet-callout">
                  {callOut.map((n) => t(`diet.dashboard.callOut.${n}`)).join(' ')}
                </p>
              )}
              {data.meals.length === 0 && <p className="diet-note">{t('diet.dashboard.emptyDay')}</p>}
              <NutrientList values={data.totals} targets={data.targets} callOut={callOut} />
              <p className="diet-note">
                {data.targets.source === 'NURSE'
                  ? t('diet.dashboard.targetsByNurse', { name: data.targets.setByName ?? '' })
                  : t('diet.dashboard.targetsKdri')}
              </p>
              <p className="diet-note">{t('diet.dashboard.foodSource')}</p>
            </section>

            <section aria-labelledby="diet-meals-title" className="diet-meals">
              <h2 id="diet-meals-title" className="diet-section-title">
                {t('diet.dashboard.mealsTitle')}
              </h2>
              {MEAL_TYPES.map((type) => (
                <MealGroup key={type} type={type} meals={data.meals.filter((m) => m.mealType === type)} />
              ))}
            </section>

            <section className="diet-card" aria-labelledby="diet-week-title">
              <h2 id="diet-week-title" className="diet-section-title">
                {t('diet.dashboard.weekTitle')}
              </h2>
              <WeekTrend week={data.week} targetKcal={data.targets.kcal} extra={callOut} />
            </section>
          </>
        )}
      </div>
    </Page>
  );
}

function MealGroup({ type, meals }: { type: Meal['mealType']; meals: Meal[] }) {
  const { t } = useTranslation();
  return (
    <div className="diet-card diet-meal-group">
      <h3 className="diet-meal-title">{t(`diet.mealType.${type}`)}</h3>
      {meals.length === 0 ? (
        <p className="diet-note">{t('diet.dashboard.noMeal')}</p>
      ) : (
        <ul className="diet-meal-list">
          {meals.map((meal) => (
            <MealCard key={meal.idx} meal={meal} />
          ))}
        </ul>
      )}
    </div>
  );
}

function MealCard({ meal }: { meal: Meal }) {
  const { t } = useTranslation();
  const text = useNutrientText();
  const photo = useMealPhoto(meal.idx, meal.hasPhoto);
  return (
    <li className="diet-meal">
      <p className="diet-meal-head">
        <span>{meal.eatenAt.slice(11, 16)}</span>
        <strong>{text('kcal', meal.totals.kcal)}</strong>
      </p>
      {meal.hasPhoto && photo.data && (
        <img
          className="diet-photo"
          src={photo.data}
          alt={t('diet.dashboard.photoAlt', { time: meal.eatenAt.slice(11, 16) })}
        />
      )}
      {meal.hasPhoto && photo.isError && <p className="diet-note">{t('diet.dashboard.photoFailed')}</p>}
      <ul className="diet-meal-items">
        {meal.items.map((item, i) => (
          <li key={i}>
            {item.name}
            {item.unit === 'SERVING' && ` ${t('diet.amountServing', { amount: item.amount })}`}
            {item.unit === 'GRAM' && ` ${t('diet.amountGram', { amount: item.amount })}`}
            {` · ${text('kcal', item.kcal)}`}
          </li>
        ))}
      </ul>
      {meal.memo && <p className="diet-memo">{meal.memo}</p>}
      <Link className="btn btn-block" to={`${paths.homecare.dietRegist.href()}?idx=${meal.idx}`}>
        {t('diet.dashboard.edit')}
      </Link>
    </li>
  );
}
