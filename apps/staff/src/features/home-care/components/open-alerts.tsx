import { App, Button, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { useAcknowledgeAlert } from '../api/acknowledge-alert';
import { useOpenAlerts } from '../api/get-open-alerts';
import { formatDateTime } from '../reading-words';
import { useAlertText, useHomeCareAlertSound } from './home-care-alerts';

/** The hospital's unacknowledged urgent alerts with one-click acknowledgement, and the sound switch. */
export function OpenAlerts() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const alerts = useOpenAlerts();
  const acknowledge = useAcknowledgeAlert();
  const text = useAlertText();
  const { soundOn, setSoundOn } = useHomeCareAlertSound();

  return (
    <section className="open-alerts" aria-labelledby="open-alerts-title">
      <div className="open-alerts-head">
        <Typography.Title level={3} id="open-alerts-title" className="panel-subtitle">
          {t('homeCare.alerts.title')}
        </Typography.Title>
        <label className="board-sound">
          <Switch checked={soundOn} onChange={setSoundOn} aria-label={t('homeCare.alerts.soundToggle')} />
          <span>{soundOn ? t('homeCare.alerts.soundOn') : t('homeCare.alerts.soundOff')}</span>
        </label>
      </div>
      {alerts.isPending ? null : alerts.isError ? (
        <p role="alert">{errorMessage(alerts.error, t)}</p>
      ) : alerts.data.length === 0 ? (
        <p className="open-alerts-none">{t('homeCare.alerts.none')}</p>
      ) : (
        <ul className="open-alerts-list">
          {alerts.data.map((alert) => (
            <li key={alert.idx} className="open-alert" data-alert-idx={alert.idx}>
              <span className="open-alert-text">
                <strong>{text(alert)}</strong>{' '}
                <span className="open-alert-time">
                  {t('homeCare.alerts.measuredAt', {
                    time: formatDateTime(alert.effectiveAt, i18n.language),
                  })}
                </span>
              </span>
              <Link to={paths.homeCarePatient.href(alert.patientIdx)}>
                {t('homeCare.alerts.viewPatient')}
              </Link>
              <Button
                type="primary"
                danger
                aria-label={t('homeCare.alerts.acknowledgeLabel', {
                  patient: alert.patientName,
                  kind: t(`homeCare.kind.${alert.kind}`),
                })}
                loading={acknowledge.isPending && acknowledge.variables === alert.idx}
                onClick={() =>
                  acknowledge.mutate(alert.idx, {
                    onError: (error) =>
                      void message.error(`${t('homeCare.alerts.failed')} ${errorMessage(error, t)}`),
                  })
                }
              >
                {t('homeCare.alerts.acknowledge')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
