import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { vitalSignAlertEventSchema, type VitalSignAlert } from '@smartcare/contract/home-care-watch';
import { topics } from '@smartcare/contract/topics';
import { paths } from '../../../config/paths';
import { playAlertBeep, primeAlertSound } from '../../../lib/alert-sound';
import { errorMessage } from '../../../lib/error-message';
import { useOnReconnect, useRealtimeTopic } from '../../../lib/realtime';
import { applyAlert, useAcknowledgeAlert } from '../api/acknowledge-alert';
import { openAlertsKey } from '../api/get-open-alerts';
import { className, formatDateTime, readingValue } from '../reading-words';
import './home-care-alerts.css';

const SOUND_KEY = 'staffHomeCareAlertSound';

interface HomeCareAlertSound {
  soundOn: boolean;
  setSoundOn: (on: boolean) => void;
}

const SoundContext = createContext<HomeCareAlertSound>({ soundOn: true, setSoundOn: () => undefined });

export function useHomeCareAlertSound(): HomeCareAlertSound {
  return useContext(SoundContext);
}

/** One alert's words: "긴급 수치: 김환자 님 혈압 185/100 mmHg (고혈압 2기)". */
export function useAlertText() {
  const { t } = useTranslation();
  return (alert: VitalSignAlert) =>
    t('homeCare.alerts.banner', {
      patient: alert.patientName,
      kind: t(`homeCare.kind.${alert.kind}`),
      value: readingValue(t, alert),
      class: className(t, alert.kind, alert.class),
    });
}

/**
 * Urgent home readings live on every screen of the console (issue 13): `homeCareAlert/{hospitalIdx}`
 * keeps the open alerts current, a new one sounds the beep and shows a banner until a nurse
 * acknowledges it (one click); a colleague's acknowledgement shows who and when.
 */
export function HomeCareAlertsProvider({
  hospitalIdx,
  beep = playAlertBeep,
  children,
}: {
  hospitalIdx: number;
  beep?: () => void;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const acknowledge = useAcknowledgeAlert();
  const text = useAlertText();
  const [banner, setBanner] = useState<{ alert: VitalSignAlert; soundPlayed: boolean } | null>(null);
  const [soundOn, setSoundOnState] = useState(() => localStorage.getItem(SOUND_KEY) !== 'off');

  useEffect(() => primeAlertSound(), []);
  const setSoundOn = useCallback((on: boolean) => {
    localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
    setSoundOnState(on);
  }, []);

  useRealtimeTopic(topics.homeCareAlert(hospitalIdx), (payload) => {
    const parsed = vitalSignAlertEventSchema.safeParse(payload);
    if (!parsed.success) return;
    const { event, alert } = parsed.data;
    applyAlert(queryClient, alert);
    if (event === 'new') {
      if (soundOn) beep();
      setBanner({ alert, soundPlayed: soundOn });
    } else {
      // A colleague acknowledged it: the banner says who and when, then can be closed.
      setBanner((current) => (current?.alert.idx === alert.idx ? { ...current, alert } : current));
    }
  });
  useOnReconnect(() => void queryClient.invalidateQueries({ queryKey: openAlertsKey }));

  const value = useMemo(() => ({ soundOn, setSoundOn }), [soundOn, setSoundOn]);
  const shown = banner?.alert;

  return (
    <SoundContext.Provider value={value}>
      {children}
      <div className="call-banner-region home-care-banner-region" role="alert" aria-live="assertive">
        {shown && (
          <div
            className={`call-banner home-care-banner${shown.acknowledgedAt ? ' home-care-banner-done' : ''}`}
            data-testid="home-care-alert-banner"
            data-sound-played={banner.soundPlayed ? 'true' : 'false'}
          >
            <span>{text(shown)}</span>
            {shown.acknowledgedAt ? (
              <span className="home-care-banner-ack">
                {t('homeCare.alerts.acknowledgedBy', {
                  name: shown.acknowledgedByName,
                  time: formatDateTime(shown.acknowledgedAt, i18n.language),
                })}
              </span>
            ) : (
              <Button
                type="primary"
                className="home-care-ack"
                aria-label={t('homeCare.alerts.acknowledgeLabel', {
                  patient: shown.patientName,
                  kind: t(`homeCare.kind.${shown.kind}`),
                })}
                loading={acknowledge.isPending && acknowledge.variables === shown.idx}
                onClick={() =>
                  acknowledge.mutate(shown.idx, {
                    onSuccess: (alert) =>
                      setBanner((b) => (b?.alert.idx === alert.idx ? { ...b, alert } : b)),
                    onError: (error) =>
                      void message.error(`${t('homeCare.alerts.failed')} ${errorMessage(error, t)}`),
                  })
                }
              >
                {t('homeCare.alerts.acknowledge')}
              </Button>
            )}
            <Link to={paths.homeCarePatient.href(shown.patientIdx)} className="home-care-banner-link">
              {t('homeCare.alerts.viewPatient')}
            </Link>
            <Button onClick={() => setBanner(null)}>{t('common.close')}</Button>
          </div>
        )}
      </div>
    </SoundContext.Provider>
  );
}
