import type { Dashboard, VitalSign } from '@smartcare/contract/vital-signs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/ui/page';
import { EmptyView, ErrorView, LoadingView } from '../../components/ui/state-views';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/date-format';
import { toast } from '../../lib/toast';
import { useSession } from '../../lib/use-session';
import { downloadHealthRecord } from './api/download-health-record';
import { useDashboard } from './api/get-dashboard';
import { readingValueText } from './reading-judgement';
import { detailPathOf, registerPathOf } from './register-paths';
import './vital-signs.css';

const DAY_MS = 86_400_000;

/** Whole days since a reading; 0 within the last 24 hours. */
export const daysSince = (iso: string, now: Date) => Math.floor((now.getTime() - Date.parse(iso)) / DAY_MS);

type KindSummary = Dashboard['kinds'][number];

/** A 7-day trend drawn small; the label carries the same numbers for screen readers. */
function WeekTrend({ week, label }: { week: KindSummary['week']; label: string }) {
  if (week.length < 2) return null;
  const values = week.flatMap((d) => (d.value2 === null ? [d.value] : [d.value, d.value2]));
  const min = Math.min(...values);
  const span = Math.max(...values) - min || 1;
  const x = (i: number) => 4 + (i * 112) / (week.length - 1);
  const y = (v: number) => 36 - ((v - min) / span) * 32;
  const line = (pick: (d: KindSummary['week'][number]) => number | null) =>
    week
      .map((d, i) => [i, pick(d)] as const)
      .filter((pair): pair is readonly [number, number] => pair[1] !== null)
      .map(([i, v]) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`)
      .join(' ');
  return (
    <svg className="vital-trend" viewBox="0 0 120 40" role="img" aria-label={label}>
      <polyline points={line((d) => d.value)} fill="none" stroke="currentColor" strokeWidth="2.5" />
      {week.some((d) => d.value2 !== null) && (
        <polyline
          points={line((d) => d.value2)}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeDasharray="4 3"
        />
      )}
    </svg>
  );
}

function KindCard({ summary, now }: { summary: KindSummary; now: Date }) {
  const { t, i18n } = useTranslation();
  const { kind, latest, week } = summary;
  const name = t(`vitalSigns.kind.${kind}`);
  const register = registerPathOf(kind);
  const trendLabel = t('vitalSigns.dashboard.trend', {
    values: week
      .map(
        (d) =>
          `${d.day.slice(5).replace('-', '/')} ${d.value2 === null ? d.value : `${d.value}/${d.value2}`}`,
      )
      .join(', '),
  });
  return (
    <li className="vital-card">
      <h2 className="vital-card-title">{name}</h2>
      {latest ? (
        <Latest reading={latest} now={now} language={i18n.language} />
      ) : (
        <p className="vital-note">{t('vitalSigns.dashboard.none')}</p>
      )}
      <WeekTrend week={week} label={trendLabel} />
      <Link className="btn btn-block" to={detailPathOf(kind)}>
        {t('vitalSignDetail.detailLink', { kind: name })}
      </Link>
      {register && (
        <Link className="btn btn-block" to={register}>
          {t('vitalSigns.dashboard.record', { kind: name })}
        </Link>
      )}
    </li>
  );
}

function Latest({ reading, now, language }: { reading: VitalSign; now: Date; language: string }) {
  const { t } = useTranslation();
  const days = daysSince(reading.effectiveAt, now);
  const judgement = reading.judgement;
  return (
    <>
      <p className="vital-card-value">{readingValueText(reading, t)}</p>
      {judgement && (
        <p className={`vital-class vital-level-${judgement.level}`}>
          {t(`vitalSigns.class.${reading.kind}.${judgement.class}`, { defaultValue: judgement.class })}
        </p>
      )}
      <p className={days >= 1 ? 'vital-stale' : 'vital-note'}>
        {days === 1
          ? t('vitalSigns.dashboard.oneDayAgo')
          : days > 1
            ? t('vitalSigns.dashboard.daysAgo', { days })
            : t('vitalSigns.dashboard.lastAt', { time: formatDateTime(reading.effectiveAt, language) })}
      </p>
    </>
  );
}

/**
 * `/homecare/mystatus/dashboard` (issue 13): the latest reading of each kind with its class in
 * words, how long ago it was when it is not today's, a way to record, a 7-day trend, and the
 * patient's whole record as a FHIR file.
 */
/**
 * `today`: today's medication and meals, from their own features; the route joins them here
 * (features do not import each other).
 */
export function VitalSignDashboardScreen({ today }: { today?: ReactNode } = {}) {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  const { myData } = useSession();
  const [downloading, setDownloading] = useState(false);
  const now = new Date();

  const download = async () => {
    if (!myData || downloading) return;
    setDownloading(true);
    try {
      await downloadHealthRecord(myData.idx);
      toast.success(t('vitalSigns.dashboard.downloaded'));
    } catch {
      toast.error(t('vitalSigns.dashboard.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  };

  const kinds = dashboard.data?.kinds ?? [];
  return (
    <Page title={t('vitalSigns.dashboard.title')} back={paths.homecare.home.href()}>
      <div className="vital-dashboard">
        {dashboard.isPending && <LoadingView />}
        {dashboard.isError && (
          <ErrorView message={errorMessage(dashboard.error)} onRetry={() => void dashboard.refetch()} />
        )}
        {dashboard.isSuccess && kinds.every((k) => !k.latest) && (
          <EmptyView>{t('vitalSigns.dashboard.empty')}</EmptyView>
        )}
        {today && <div className="vital-today">{today}</div>}
        {dashboard.isSuccess && (
          <ul className="vital-cards">
            {kinds.map((summary) => (
              <KindCard key={summary.kind} summary={summary} now={now} />
            ))}
          </ul>
        )}
        <section className="vital-download" aria-labelledby="vital-download">
          <h2 id="vital-download" className="vital-card-title">
            {t('vitalSigns.dashboard.downloadTitle')}
          </h2>
          <p className="vital-note">{t('vitalSigns.dashboard.downloadHelp')}</p>
          <button
            type="button"
            className="btn btn-block"
            onClick={() => void download()}
            disabled={!myData || downloading}
          >
            {downloading ? t('vitalSigns.dashboard.downloading') : t('vitalSigns.dashboard.download')}
          </button>
        </section>
      </div>
    </Page>
  );
}
