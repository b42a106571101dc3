import '../../lib/antd-mobile';
import {
  mgdlToMmol,
  type Guideline,
  type VitalSign,
  type VitalSignKind,
  type VitalSignSummary,
  type VitalSignTarget,
} from '@smartcare/contract/vital-signs';
import Dialog from 'antd-mobile/es/components/dialog';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/ui/page';
import { EmptyView, ErrorView, LoadingView } from '../../components/ui/state-views';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { intlLocale } from '../../lib/date-format';
import { currentLocale } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useDeleteVitalSign, useUpdateVitalSign } from './api/change-vital-sign';
import { useMyTargets } from './api/get-my-targets';
import { useReadings, type Period } from './api/get-readings';
import { useSummary } from './api/get-summary';
import { useRecordVitalSign } from './api/record-vital-sign';
import { ReadingForm } from './reading-form';
import { ReadingJudgement, readingValueText } from './reading-judgement';
import { registerPathOf, type DetailKind } from './register-paths';
import type { ChartBand } from './trend-chart';
import { draftOf, isFormKind, keepUnchangedTimes } from './vital-sign-form';
import './vital-signs.css';

// uPlot comes with the chart, on demand: never in the first screen's bundle.
const TrendChart = lazy(() => import('./trend-chart'));

export const PERIODS = ['day', 'week', 'month', 'year'] as const;
export type PeriodKey = (typeof PERIODS)[number];
const PERIOD_DAYS: Record<PeriodKey, number> = { day: 1, week: 7, month: 30, year: 365 };
const DAY_MS = 86_400_000;

/**
 * The period a tab shows, in whole local days ending tonight at midnight: today; the last 7
 * days; the last 30; the last 365. Ending at midnight keeps it fixed through the day, so a
 * reading saved a minute ago is inside it.
 */
export function periodOf(key: PeriodKey, now: Date): Period {
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const start = new Date(end.getTime() - PERIOD_DAYS[key] * DAY_MS);
  // Whole local days even across a daylight-saving change.
  start.setHours(0, 0, 0, 0);
  return { from: start.toISOString(), to: end.toISOString() };
}

/** The normal range drawn behind each kind's line (domain.md "Ranges shown to patients"). */
export const NORMAL_BANDS: Record<VitalSignKind, ChartBand[]> = {
  TEMPERATURE: [{ low: 36.1, high: 38.0 }],
  // KSH: normal below 120/80 (systolic band, then diastolic band; 90/60 and below is low).
  BLOOD_PRESSURE: [
    { low: 90, high: 120 },
    { low: 60, high: 80 },
  ],
  HEART_RATE: [{ low: 51, high: 90 }],
  SPO2: [{ low: 96, high: 100 }],
  // ADA/KDA: 70 and above; fasting below 100, 2 h after a meal below 140.
  BLOOD_GLUCOSE: [{ low: 70, high: 140 }],
  // AASM: adults sleep 7 hours or more (drawn up to 9 h).
  SLEEP: [{ low: 420, high: 540 }],
  STEPS: [],
  EXERCISE: [],
  BODY_WEIGHT: [],
  BODY_HEIGHT: [],
  // KSSO: BMI 18.5–22.9 is normal.
  BMI: [{ low: 18.5, high: 23 }],
};

/** Where each kind's ranges come from, and how many sentences explain them. */
const RANGE_SOURCE: Record<DetailKind | 'STEPS', Guideline | 'WHO'> = {
  TEMPERATURE: 'NEWS2',
  BLOOD_PRESSURE: 'KSH',
  BLOOD_GLUCOSE: 'ADA_KDA',
  HEART_RATE: 'NEWS2',
  SPO2: 'NEWS2',
  SLEEP: 'AASM',
  EXERCISE: 'WHO',
  STEPS: 'WHO',
};
const RANGE_LINES: Record<DetailKind, number> = {
  TEMPERATURE: 4,
  BLOOD_PRESSURE: 5,
  BLOOD_GLUCOSE: 5,
  HEART_RATE: 4,
  SPO2: 4,
  SLEEP: 2,
  EXERCISE: 2,
};

const round = (value: number, digits = 0) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/** A number of a kind with its unit, e.g. "128/82 mmHg", "7시간 30분", "36.8 °C". */
export function kindValueText(
  kind: VitalSignKind,
  value: number,
  value2: number | null,
  t: TFunction,
): string {
  switch (kind) {
    case 'TEMPERATURE':
      return t('vitalSigns.value.TEMPERATURE', { value: value.toFixed(1) });
    case 'BLOOD_PRESSURE':
      return t('vitalSigns.value.BLOOD_PRESSURE', {
        value: round(value),
        value2: value2 === null ? '' : round(value2),
      });
    case 'BLOOD_GLUCOSE':
      return t('vitalSigns.value.BLOOD_GLUCOSE', { value: round(value), mmol: mgdlToMmol(value) });
    case 'SLEEP':
    case 'EXERCISE':
      return t('vitalSigns.value.minutes', {
        hours: Math.floor(Math.round(value) / 60),
        minutes: Math.round(value) % 60,
      });
    case 'STEPS':
      return t('vitalSigns.value.STEPS', { value: Math.round(value).toLocaleString() });
    default:
      return t(`vitalSigns.value.${kind}`, { value: round(value) });
  }
}

/** The nurse's personal target in words, e.g. "130/80 mmHg 미만". */
function targetText(target: VitalSignTarget, t: TFunction): string {
  if (target.kind === 'BLOOD_PRESSURE')
    return t('vitalSignDetail.target.below', {
      value: t('vitalSigns.value.BLOOD_PRESSURE', { value: target.high ?? '', value2: target.high2 ?? '' }),
    });
  const v = (n: number) => kindValueText(target.kind, n, null, t);
  if (target.low !== null && target.high !== null)
    return t('vitalSignDetail.target.between', { low: v(target.low), high: v(target.high) });
  if (target.high !== null) return t('vitalSignDetail.target.atMost', { value: v(target.high) });
  return t('vitalSignDetail.target.atLeast', { value: v(target.low ?? 0) });
}

/**
 * `/homecare/mystatus/{temp,spo2,sleep,heartrate,exercise,bloodpressure,bloodglucose}/detail`
 * (issue 13): one kind over a day, a week, a month or a year — its averages, a trend chart
 * with the normal range (and the nurse's target) drawn, a table of the same numbers, the
 * readings newest first to correct or delete, and the ranges explained with their source.
 */
export function VitalSignDetailScreen({ kind }: { kind: DetailKind }) {
  return <Detail key={kind} kind={kind} />;
}

function Detail({ kind }: { kind: DetailKind }) {
  const { t } = useTranslation();
  const [periodKey, setPeriodKey] = useState<PeriodKey>('week');
  const period = useMemo(() => periodOf(periodKey, new Date()), [periodKey]);
  const targets = useMyTargets();
  const target = targets.data?.find((x) => x.kind === kind) ?? null;
  const name = t(`vitalSigns.kind.${kind}`);
  const register = registerPathOf(kind);

  return (
    <Page title={t('vitalSignDetail.title', { kind: name })} back={paths.homecare.myStatusDashboard.href()}>
      <div className="vital-detail">
        <div className="vital-tabs" role="group" aria-label={t('vitalSignDetail.periodLabel')}>
          {PERIODS.map((key) => (
            <button
              key={key}
              type="button"
              className={`btn vital-tab${key === periodKey ? ' vital-tab-on' : ''}`}
              aria-pressed={key === periodKey}
              onClick={() => setPeriodKey(key)}
            >
              {t(`vitalSignDetail.period.${key}`)}
            </button>
          ))}
        </div>
        {register ? (
          <Link className="btn btn-primary btn-block" to={register}>
            {t('vitalSigns.dashboard.record', { kind: name })}
          </Link>
        ) : (
          <AddReading kind={kind} />
        )}
        {target && (
          <p className="vital-target-note">
            {t('vitalSignDetail.target.mine', { target: targetText(target, t), name: target.setByName })}
          </p>
        )}
        <KindPanel kind={kind} period={period} periodKey={periodKey} target={target} />
        {kind === 'EXERCISE' && (
          <section className="vital-section" aria-labelledby="vital-steps">
            <h2 id="vital-steps" className="vital-section-title">
              {t('vitalSignDetail.stepsTitle')}
            </h2>
            <KindPanel kind="STEPS" period={period} periodKey={periodKey} target={null} />
          </section>
        )}
        <Ranges kind={kind} />
      </div>
    </Page>
  );
}

/** SpO2 and exercise arrive from the phone; the patient may also add one by hand here. */
function AddReading({ kind }: { kind: DetailKind }) {
  const { t } = useTranslation();
  const record = useRecordVitalSign();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<VitalSign | null>(null);
  if (!isFormKind(kind)) return null;
  return (
    <section
      className="vital-add"
      aria-label={t('vitalSignDetail.add', { kind: t(`vitalSigns.kind.${kind}`) })}
    >
      {saved && (
        <div className="vital-result" role="status">
          <p className="vital-result-saved">{t('vitalSigns.saved')}</p>
          <ReadingJudgement reading={saved} />
        </div>
      )}
      {open ? (
        <ReadingForm
          kind={kind}
          pending={record.isPending}
          onCancel={() => setOpen(false)}
          onSave={async (input) => {
            const result = await record.mutateAsync(input);
            setSaved(result.readings[0] ?? null);
            setOpen(false);
          }}
        />
      ) : (
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={() => {
            setSaved(null);
            setOpen(true);
          }}
        >
          {t('vitalSignDetail.add', { kind: t(`vitalSigns.kind.${kind}`) })}
        </button>
      )}
    </section>
  );
}

function KindPanel({
  kind,
  period,
  periodKey,
  target,
}: {
  kind: VitalSignKind;
  period: Period;
  periodKey: PeriodKey;
  target: VitalSignTarget | null;
}) {
  const { t } = useTranslation();
  const summary = useSummary(kind, period);
  return (
    <>
      {summary.isPending && <LoadingView />}
      {summary.isError && (
        <ErrorView message={errorMessage(summary.error)} onRetry={() => void summary.refetch()} />
      )}
      {summary.isSuccess &&
        (summary.data.count === 0 ? (
          <EmptyView>{t('vitalSignDetail.empty', { kind: t(`vitalSigns.kind.${kind}`) })}</EmptyView>
        ) : (
          <>
            <Stats summary={summary.data} />
            <Trend summary={summary.data} periodKey={periodKey} target={target} />
          </>
        ))}
      <ReadingList kind={kind} period={period} />
    </>
  );
}

function Stats({ summary }: { summary: VitalSignSummary }) {
  const { t } = useTranslation();
  const { kind, count, average, average2, min, max } = summary;
  const v = (value: number | null, value2: number | null = null) =>
    value === null ? '–' : kindValueText(kind, value, value2, t);
  const rows: [string, string][] = [
    [t('vitalSignDetail.stats.average'), v(average, average2)],
    ...(kind === 'BLOOD_PRESSURE'
      ? []
      : ([
          [t('vitalSignDetail.stats.min'), v(min)],
          [t('vitalSignDetail.stats.max'), v(max)],
        ] as [string, string][])),
    [t('vitalSignDetail.stats.count'), t('vitalSignDetail.stats.times', { count })],
    ...(kind === 'EXERCISE' && average !== null
      ? ([[t('vitalSignDetail.stats.total'), v(average * count)]] as [string, string][])
      : []),
  ];
  return (
    <dl className="vital-stats">
      {rows.map(([label, value]) => (
        <div key={label} className="vital-stat">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Trend({
  summary,
  periodKey,
  target,
}: {
  summary: VitalSignSummary;
  periodKey: PeriodKey;
  target: VitalSignTarget | null;
}) {
  const { t } = useTranslation();
  const { kind, series, bucketSeconds } = summary;
  const locale = intlLocale(currentLocale());
  const chart = useMemo(() => {
    const twoLines = kind === 'BLOOD_PRESSURE';
    const hours = kind === 'SLEEP' || kind === 'EXERCISE';
    const timeFormat = new Intl.DateTimeFormat(
      locale,
      periodKey === 'day'
        ? { hour: 'numeric', minute: '2-digit' }
        : periodKey === 'year'
          ? { year: '2-digit', month: 'numeric' }
          : { month: 'numeric', day: 'numeric' },
    );
    return {
      times: series.map((p) => Date.parse(p.at) / 1000),
      lines: [
        { values: series.map((p) => p.value) },
        ...(twoLines ? [{ values: series.map((p) => p.value2), dashed: true }] : []),
      ],
      bands: NORMAL_BANDS[kind],
      targetLines: target
        ? [target.low, target.high, target.high2].filter((x): x is number => x !== null)
        : [],
      formatValue: (value: number) =>
        hours ? t('vitalSignDetail.axisHours', { value: round(value / 60, 1) }) : String(round(value, 1)),
      formatTime: (date: Date) => timeFormat.format(date),
      // Minutes read as whole and half hours on the axis.
      yIncrs: hours ? [15, 30, 60, 120, 180, 240, 360] : undefined,
    };
  }, [kind, series, periodKey, target, locale, t]);
  const tableTime = new Intl.DateTimeFormat(
    locale,
    bucketSeconds >= DAY_MS / 1000 ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' },
  );
  const captionId = `vital-chart-${kind}`;

  return (
    <figure className="vital-figure" aria-labelledby={captionId}>
      <figcaption id={captionId} className="vital-note">
        {t('vitalSignDetail.chartCaption', { kind: t(`vitalSigns.kind.${kind}`) })}
        {kind === 'BLOOD_PRESSURE' && ` ${t('vitalSignDetail.chartBp')}`}
        {NORMAL_BANDS[kind].length > 0 && ` ${t('vitalSignDetail.chartBand')}`}
        {chart.targetLines.length > 0 && ` ${t('vitalSignDetail.chartTarget')}`}
        {bucketSeconds > 0 && ` ${t('vitalSignDetail.chartAveraged')}`}
      </figcaption>
      <Suspense fallback={<LoadingView label={t('vitalSignDetail.chartLoading')} />}>
        <TrendChart {...chart} />
      </Suspense>
      <details className="vital-table-box">
        <summary>{t('vitalSignDetail.tableToggle')}</summary>
        <table className="vital-table">
          <caption>{t('vitalSignDetail.tableCaption', { kind: t(`vitalSigns.kind.${kind}`) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('vitalSignDetail.table.time')}</th>
              <th scope="col">{t('vitalSignDetail.table.value')}</th>
              {bucketSeconds > 0 && <th scope="col">{t('vitalSignDetail.table.count')}</th>}
            </tr>
          </thead>
          <tbody>
            {series.map((p) => (
              <tr key={p.at}>
                <td>{tableTime.format(new Date(p.at))}</td>
                <td>{kindValueText(kind, p.value, p.value2, t)}</td>
                {bucketSeconds > 0 && <td>{p.count}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** A reading's context in words: site, timing, quality, activity and energy. */
function contextText(reading: VitalSign, t: TFunction): string | null {
  const c = reading.context;
  switch (reading.kind) {
    case 'TEMPERATURE':
      return c ? t(`vitalSigns.site.${c}`, { defaultValue: c }) : null;
    case 'BLOOD_GLUCOSE':
      return c ? t(`vitalSigns.timing.${c}`, { defaultValue: c }) : null;
    case 'SLEEP':
      return c ? t(`vitalSigns.quality.${c}`, { defaultValue: c }) : null;
    case 'EXERCISE': {
      const activity = c ? t(`vitalSignDetail.activity.${c}`, { defaultValue: c }) : '';
      return reading.value2 === null
        ? activity
        : `${activity} · ${t('vitalSignDetail.kcal', { value: Math.round(reading.value2) })}`;
    }
    default:
      return null;
  }
}

function ReadingList({ kind, period }: { kind: VitalSignKind; period: Period }) {
  const { t } = useTranslation();
  const readings = useReadings(kind, period);
  const update = useUpdateVitalSign();
  const remove = useDeleteVitalSign();
  const [editing, setEditing] = useState<number | null>(null);
  const locale = intlLocale(currentLocale());
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const list = readings.data?.pages.flatMap((page) => page.dataList) ?? [];
  const total = readings.data?.pages[0]?.totalCount ?? 0;
  const name = t(`vitalSigns.kind.${kind}`);
  const headingId = `vital-readings-${kind}`;

  const confirmDelete = async (reading: VitalSign) => {
    const confirmed = await Dialog.confirm({
      content: t('vitalSignDetail.deleteConfirm', {
        value: readingValueText(reading, t),
        time: when.format(new Date(reading.effectiveAt)),
      }),
      confirmText: t('vitalSignDetail.deleteOk'),
      cancelText: t('vitalSignDetail.keep'),
    });
    if (!confirmed) return;
    remove.mutate(reading.idx, {
      onSuccess: () => toast.success(t('vitalSignDetail.deleted')),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <section className="vital-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="vital-section-title">
        {t('vitalSignDetail.readingsTitle', { kind: name })}
        {readings.isSuccess && ` (${t('vitalSignDetail.stats.times', { count: total })})`}
      </h2>
      {readings.isPending && <LoadingView />}
      {readings.isError && (
        <ErrorView message={errorMessage(readings.error)} onRetry={() => void readings.refetch()} />
      )}
      {readings.isSuccess && list.length === 0 && (
        <p className="vital-note">{t('vitalSignDetail.noReadings')}</p>
      )}
      {list.length > 0 && (
        <ul className="vital-readings">
          {list.map((reading) => {
            const context = contextText(reading, t);
            const judgement = reading.judgement;
            return (
              <li key={reading.idx} className="vital-reading">
                <p className="vital-reading-value">{readingValueText(reading, t)}</p>
                {judgement && (
                  <p className={`vital-class vital-level-${judgement.level}`}>
                    {t(`vitalSigns.class.${reading.kind}.${judgement.class}`, {
                      defaultValue: judgement.class,
                    })}
                  </p>
                )}
                {reading.target && <p className="vital-note">{t(`vitalSigns.target.${reading.target}`)}</p>}
                <p className="vital-note">
                  {when.format(new Date(reading.effectiveAt))}
                  {reading.effectiveEnd &&
                    reading.kind === 'SLEEP' &&
                    ` – ${when.format(new Date(reading.effectiveEnd))}`}
                </p>
                {context && <p className="vital-note">{context}</p>}
                <p className="vital-note">{t(`vitalSignDetail.source.${reading.source}`)}</p>
                {reading.editable && editing === reading.idx && isFormKind(reading.kind) && (
                  <ReadingForm
                    kind={reading.kind}
                    initial={draftOf(reading)}
                    pending={update.isPending}
                    submitLabel={t('vitalSignDetail.saveEdit')}
                    onCancel={() => setEditing(null)}
                    onSave={async (input) => {
                      await update.mutateAsync({
                        idx: reading.idx,
                        reading: keepUnchangedTimes(input, reading),
                      });
                      setEditing(null);
                      toast.success(t('vitalSignDetail.updated'));
                    }}
                  />
                )}
                {reading.editable && editing !== reading.idx && (
                  <div className="vital-reading-actions">
                    {isFormKind(reading.kind) && (
                      <button
                        type="button"
                        className="btn"
                        aria-label={t('vitalSignDetail.editLabel', {
                          value: readingValueText(reading, t),
                          time: when.format(new Date(reading.effectiveAt)),
                        })}
                        onClick={() => setEditing(reading.idx)}
                      >
                        {t('vitalSignDetail.edit')}
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn vital-delete"
                      aria-label={t('vitalSignDetail.deleteLabel', {
                        value: readingValueText(reading, t),
                        time: when.format(new Date(reading.effectiveAt)),
                      })}
                      disabled={remove.isPending}
                      onClick={() => void confirmDelete(reading)}
                    >
                      {t('vitalSignDetail.delete')}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {readings.hasNextPage && (
        <button
          type="button"
          className="btn btn-block"
          disabled={readings.isFetchingNextPage}
          onClick={() => void readings.fetchNextPage()}
        >
          {readings.isFetchingNextPage ? t('common.loading') : t('vitalSignDetail.more')}
        </button>
      )}
    </section>
  );
}

function Ranges({ kind }: { kind: DetailKind }) {
  const { t } = useTranslation();
  const source = RANGE_SOURCE[kind];
  return (
    <section className="vital-section" aria-labelledby="vital-ranges">
      <h2 id="vital-ranges" className="vital-section-title">
        {t('vitalSignDetail.rangesTitle')}
      </h2>
      <ul className="vital-range-list">
        {Array.from({ length: RANGE_LINES[kind] }, (_, i) => (
          <li key={i}>{t(`vitalSignDetail.ranges.${kind}.l${i + 1}`)}</li>
        ))}
      </ul>
      <p className="vital-note">
        {t('vitalSigns.guideline', {
          source: source === 'WHO' ? t('vitalSignDetail.who') : t(`vitalSigns.guidelines.${source}`),
        })}
      </p>
    </section>
  );
}
