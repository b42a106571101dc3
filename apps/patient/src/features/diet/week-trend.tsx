import type { DayTotal, Nutrient } from '@smartcare/contract/diet';
import { useTranslation } from 'react-i18next';
import { useNutrientText } from './nutrient-list';

/**
 * Seven days as rows: the day, a bar of its energy against the target and the figure in
 * words; a day without entries says so instead of showing 0 kcal.
 */
export function WeekTrend({
  week,
  targetKcal,
  extra,
}: {
  week: DayTotal[];
  targetKcal: number;
  /** A nutrient called out for the patient (carbohydrate or sodium), shown per day too. */
  extra?: Nutrient[];
}) {
  const { t } = useTranslation();
  const text = useNutrientText();
  const max = Math.max(targetKcal, ...week.map((d) => d.kcal), 1);
  return (
    <ol className="diet-week">
      {week.map((day) => (
        <li key={day.date} className="diet-week-day">
          <span className="diet-week-date">
            {t('diet.dashboard.weekDate', {
              month: Number(day.date.slice(5, 7)),
              day: Number(day.date.slice(8, 10)),
            })}
          </span>
          {day.mealCount === 0 ? (
            <span className="diet-week-none">{t('diet.dashboard.noEntries')}</span>
          ) : (
            <span className="diet-week-figures">
              <span className="diet-bar" aria-hidden="true">
                <span
                  className={day.kcal > targetKcal ? 'diet-bar-fill diet-bar-over' : 'diet-bar-fill'}
                  style={{ width: `${Math.round((day.kcal / max) * 100)}%` }}
                />
              </span>
              <span>
                {text('kcal', day.kcal)}
                {(extra ?? []).map((n) => ` · ${t(`diet.nutrient.${n}`)} ${text(n, day[n])}`).join('')}
              </span>
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
