import { useTranslation } from 'react-i18next';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/date-format';
import { useDashboard } from './api/get-dashboard';
import { readingValueText } from './reading-judgement';
import './vital-signs.css';
import './latest-readings.css';

/**
 * The latest reading of each kind, newest first, in a few lines (the dashboard's own call):
 * other screens show it through their route (issue 17, the telemedicine visit's "shared readings").
 */
export function LatestReadings({ max = 4 }: { max?: number }) {
  const { t, i18n } = useTranslation();
  const dashboard = useDashboard();
  if (dashboard.isPending) return <LoadingView />;
  if (dashboard.isError)
    return <ErrorView message={errorMessage(dashboard.error)} onRetry={() => void dashboard.refetch()} />;
  const latest = dashboard.data.kinds
    .flatMap((k) => (k.latest ? [k.latest] : []))
    .sort((a, b) => Date.parse(b.effectiveAt) - Date.parse(a.effectiveAt))
    .slice(0, max);
  if (latest.length === 0) return <p className="vital-note">{t('vitalSigns.dashboard.none')}</p>;
  return (
    <ul className="vital-latest-list">
      {latest.map((reading) => (
        <li key={reading.kind} className="vital-latest-item">
          <span className="vital-latest-kind">{t(`vitalSigns.kind.${reading.kind}`)}</span>
          <span className="vital-latest-value">{readingValueText(reading, t)}</span>
          <span className="vital-note">{formatDateTime(reading.effectiveAt, i18n.language)}</span>
        </li>
      ))}
    </ul>
  );
}
