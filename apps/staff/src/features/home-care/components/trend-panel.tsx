import { lazy, Suspense, useMemo, useState } from 'react';
import { Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TARGET_KINDS, type TargetKind, type VitalSignSummary } from '@smartcare/contract/vital-signs';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { useNow } from '../../../lib/use-now';
import { usePatientSummary } from '../api/get-patient-summary';
import { formatDateTime, readingValue } from '../reading-words';
import { NORMAL_LINES } from './trend-chart-lines';

// uPlot comes with the chart only, when a patient's page is opened (issue 13: loaded lazily).
const TrendChart = lazy(async () => ({ default: (await import('./trend-chart')).TrendChart }));

const PERIOD_DAYS = { week: 7, month: 30, quarter: 90, year: 365 } as const;
type Period = keyof typeof PERIOD_DAYS;
const DAY_MS = 86_400_000;

function bucketWord(seconds: number): 'hour' | 'day' | 'week' | 'month' {
  if (seconds < 86_400) return 'hour';
  if (seconds < 7 * 86_400) return 'day';
  if (seconds < 30 * 86_400) return 'week';
  return 'month';
}

/** The period's numbers in words, and the table a screen reader reads instead of the chart. */
function SummaryText({ summary }: { summary: VitalSignSummary }) {
  const { t, i18n } = useTranslation();
  const kind = summary.kind;
  const shown = (value: number | null, value2: number | null = null) =>
    value === null ? '-' : readingValue(t, { kind, value, value2 });
  // Lowest and highest of blood pressure are the systolic numbers.
  const extreme = (value: number | null) =>
    value !== null && kind === 'BLOOD_PRESSURE'
      ? t('homeCare.chart.systolicValue', { value: Math.round(value) })
      : shown(value);
  return (
    <>
      <p className="trend-summary">
        {t('homeCare.chart.summary', {
          count: summary.count,
          average: shown(summary.average, summary.average2),
          min: extreme(summary.min),
          max: extreme(summary.max),
        })}
      </p>
      {summary.bucketSeconds > 0 && (
        <p className="trend-note">
          {t('homeCare.chart.averaged', {
            bucket: t(`homeCare.chart.bucket.${bucketWord(summary.bucketSeconds)}`),
          })}
        </p>
      )}
      <details className="trend-table">
        <summary>{t('homeCare.chart.table')}</summary>
        <table>
          <caption>{t('homeCare.chart.tableCaption', { kind: t(`homeCare.kind.${kind}`) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('homeCare.chart.at')}</th>
              <th scope="col">{t('homeCare.chart.value')}</th>
            </tr>
          </thead>
          <tbody>
            {[...summary.series].reverse().map((point) => (
              <tr key={point.at}>
                <td>{formatDateTime(point.at, i18n.language)}</td>
                <td>{readingValue(t, { kind, value: point.value, value2: point.value2 })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}

/** Trend charts of the kinds a nurse watches, over a week to a year, with their text equivalent. */
export function TrendPanel({ patientIdx }: { patientIdx: number }) {
  const { t, i18n } = useTranslation();
  const [kind, setKind] = useState<TargetKind>('BLOOD_PRESSURE');
  const [period, setPeriod] = useState<Period>('month');
  // The period ends at the next whole minute: the chart follows new readings once a minute.
  const now = useNow(60_000);
  const { from, to } = useMemo(() => {
    const end = Math.ceil(now / 60_000) * 60_000;
    return {
      from: new Date(end - PERIOD_DAYS[period] * DAY_MS).toISOString(),
      to: new Date(end).toISOString(),
    };
  }, [now, period]);
  const summary = usePatientSummary(patientIdx, kind, from, to);
  const seriesNames = useMemo<[string, string]>(
    () =>
      kind === 'BLOOD_PRESSURE'
        ? [t('homeCare.chart.systolic'), t('homeCare.chart.diastolic')]
        : [t(`homeCare.kind.${kind}`), ''],
    [kind, t],
  );
  const lines = NORMAL_LINES[kind];

  return (
    <section className="patient-panel trend-panel" aria-labelledby="trend-title">
      <Typography.Title level={3} id="trend-title" className="panel-subtitle">
        {t('homeCare.chart.title')}
      </Typography.Title>
      <div className="trend-controls">
        <Segmented<TargetKind>
          aria-label={t('homeCare.chart.kindLabel')}
          value={kind}
          onChange={setKind}
          options={TARGET_KINDS.map((k) => ({ value: k, label: t(`homeCare.kind.${k}`) }))}
        />
        <Segmented<Period>
          aria-label={t('homeCare.chart.periodLabel')}
          value={period}
          onChange={setPeriod}
          options={(Object.keys(PERIOD_DAYS) as Period[]).map((p) => ({
            value: p,
            label: t(`homeCare.chart.period.${p}`),
          }))}
        />
      </div>
      {summary.isPending ? (
        <LoadingState />
      ) : summary.isError ? (
        <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />
      ) : summary.data.count === 0 ? (
        <EmptyState text={t('homeCare.chart.empty')} />
      ) : (
        <>
          <Suspense fallback={<LoadingState />}>
            <TrendChart
              summary={summary.data}
              seriesNames={seriesNames}
              timeLabel={t('homeCare.chart.at')}
              locale={i18n.language === 'kr-KO' ? 'ko-KR' : i18n.language}
              label={t('homeCare.chart.label', { kind: t(`homeCare.kind.${kind}`) })}
            />
          </Suspense>
          {lines && (
            <p className="trend-note">{t('homeCare.chart.normalLines', { guideline: lines.guideline })}</p>
          )}
          <SummaryText summary={summary.data} />
        </>
      )}
    </section>
  );
}
