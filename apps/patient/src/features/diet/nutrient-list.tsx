import { NUTRIENTS, percentOf, type Nutrient, type Nutrition } from '@smartcare/contract/diet';
import { useTranslation } from 'react-i18next';

/**
 * A nutrient's amount with its unit, in the patient's language ("1,234 kcal", "45.5 g"); the
 * catalogues join them with a no-break space, so large text never leaves a unit on its own line.
 */
export function useNutrientText() {
  const { t, i18n } = useTranslation();
  return (n: Nutrient, value: number) =>
    t(`diet.unitOf.${n}`, {
      value: value.toLocaleString(i18n.language === 'kr-KO' ? 'ko-KR' : i18n.language),
    });
}

/**
 * The six nutrients as a definition list; with targets, each says how much of its target it
 * is in words and a bar (the bar repeats the words, never the only signal). `callOut` marks
 * the nutrients a nurse asked to watch (carbohydrate for diabetes, sodium for hypertension).
 */
export function NutrientList({
  values,
  targets,
  callOut = [],
}: {
  values: Nutrition;
  targets?: Nutrition;
  callOut?: Nutrient[];
}) {
  const { t } = useTranslation();
  const text = useNutrientText();
  return (
    <dl className="diet-nutrients">
      {NUTRIENTS.map((n) => {
        const target = targets?.[n];
        const percent = target ? percentOf(values[n], target) : null;
        const over = percent !== null && percent > 100;
        const watched = callOut.includes(n);
        return (
          <div key={n} className={`diet-nutrient${watched ? ' diet-nutrient-watched' : ''}`}>
            <dt>
              {t(`diet.nutrient.${n}`)}
              {watched && <span className="diet-watch-tag">{t('diet.dashboard.watched')}</span>}
            </dt>
            <dd>
              <span className="diet-nutrient-value">
                {target
                  ? t('diet.ofTarget', { value: text(n, values[n]), target: text(n, target) })
                  : text(n, values[n])}
              </span>
              {percent !== null && (
                <>
                  <span className={over ? 'diet-over' : 'diet-percent'}>
                    {over ? t('diet.overTarget', { percent }) : t('diet.percent', { percent })}
                  </span>
                  <span className="diet-bar" aria-hidden="true">
                    <span
                      className={over ? 'diet-bar-fill diet-bar-over' : 'diet-bar-fill'}
                      style={{ width: `${Math.min(percent, 100)}%` }}
                    />
                  </span>
                </>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
