import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { api } from '../../lib/api-client';
import { errorMessage } from '../../lib/api-error';
import { intlLocale } from '../../lib/date-format';
import { currentLocale } from '../../lib/i18n';
import { vitalSignsQueryKey } from './api/record-vital-sign';
import './vital-signs.css';

const PAGE_SIZE = 10;

/**
 * The weight history on the body-information screen (issue 13): each weighing with its BMI
 * and Korean obesity class (KSSO: BMI ≥ 23 overweight, ≥ 25 obese) in words, newest first.
 * The saved height and weight are the key, so a save on the form above shows here at once.
 */
export function WeightHistory({ heightCm, weightKg }: { heightCm: number | null; weightKg: number | null }) {
  const { t } = useTranslation();
  const history = useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...vitalSignsQueryKey, 'weightHistory', heightCm, weightKg],
      queryFn: ({ pageParam }) =>
        api.vitalSign.getReadings({ query: { kind: 'BODY_WEIGHT', pNum: pageParam, pSize: PAGE_SIZE } }),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.pNum * last.pSize < last.totalCount ? last.pNum + 1 : undefined),
    }),
  );
  const when = new Intl.DateTimeFormat(intlLocale(currentLocale()), { dateStyle: 'medium' });
  const list = history.data?.pages.flatMap((page) => page.dataList) ?? [];

  return (
    <section className="vital-section weight-history" aria-labelledby="weight-history">
      <h2 id="weight-history" className="vital-section-title">
        {t('weightHistory.title')}
      </h2>
      {history.isPending && <LoadingView />}
      {history.isError && (
        <ErrorView message={errorMessage(history.error)} onRetry={() => void history.refetch()} />
      )}
      {history.isSuccess && list.length === 0 && <p className="vital-note">{t('weightHistory.empty')}</p>}
      {list.length > 0 && (
        <ul className="vital-readings">
          {list.map((reading) => (
            <li key={reading.idx} className="vital-reading">
              <p className="vital-note">{when.format(new Date(reading.effectiveAt))}</p>
              <p className="vital-reading-value">
                {t('weightHistory.weight', { value: reading.value })}
                {reading.value2 !== null &&
                  ` · ${t('weightHistory.bmi', { value: reading.value2.toFixed(1) })}`}
              </p>
              {reading.judgement ? (
                <p className={`vital-class vital-level-${reading.judgement.level}`}>
                  {t(`weightHistory.class.${reading.judgement.class}`, {
                    defaultValue: reading.judgement.class,
                  })}
                </p>
              ) : (
                <p className="vital-note">{t('weightHistory.noHeight')}</p>
              )}
            </li>
          ))}
        </ul>
      )}
      {history.hasNextPage && (
        <button
          type="button"
          className="btn btn-block"
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {history.isFetchingNextPage ? t('common.loading') : t('vitalSignDetail.more')}
        </button>
      )}
      <p className="vital-note">{t('weightHistory.classes')}</p>
      <p className="vital-note">{t('vitalSigns.guideline', { source: t('vitalSigns.guidelines.KSSO') })}</p>
    </section>
  );
}
