import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { nurseCallEventSchema, type NurseCall } from '@smartcare/contract/nurse-call';
import { topics } from '@smartcare/contract/topics';
import { useOnReconnect, useRealtimeTopic } from '../../../lib/realtime';
import { openCallsKey } from '../api/get-open-calls';
import { playAlertBeep, primeAlertSound } from '../alert-sound';
import { upsertCall } from '../sort-calls';
import { useCallPlace } from './use-call-place';

/** How long a new call stays highlighted on the board and in the banner. */
const FRESH_MS = 15_000;
const SOUND_KEY = 'staffNurseCallSound';

interface NurseCallAlerts {
  freshIds: ReadonlySet<number>;
  soundOn: boolean;
  setSoundOn: (on: boolean) => void;
}

const NurseCallAlertsContext = createContext<NurseCallAlerts>({
  freshIds: new Set(),
  soundOn: true,
  setSoundOn: () => undefined,
});

export function useNurseCallAlerts(): NurseCallAlerts {
  return useContext(NurseCallAlertsContext);
}

/**
 * Keeps the board's calls live from `nurseCalling/{hospitalIdx}` on every screen of the
 * console, and alerts on a new call with a beep and a banner wherever the nurse is.
 */
export function NurseCallLiveProvider({
  hospitalIdx,
  beep = playAlertBeep,
  children,
}: {
  hospitalIdx: number;
  beep?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const place = useCallPlace();
  const [freshIds, setFreshIds] = useState<ReadonlySet<number>>(new Set());
  const [banner, setBanner] = useState<NurseCall | null>(null);
  const [soundOn, setSoundOnState] = useState(() => localStorage.getItem(SOUND_KEY) !== 'off');
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => primeAlertSound(), []);
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const setSoundOn = useCallback((on: boolean) => {
    localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
    setSoundOnState(on);
  }, []);

  const alertNewCall = (call: NurseCall) => {
    setFreshIds((ids) => new Set(ids).add(call.idx));
    setBanner(call);
    if (soundOn) beep();
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setFreshIds((ids) => {
        const next = new Set(ids);
        next.delete(call.idx);
        return next;
      });
      setBanner((current) => (current?.idx === call.idx ? null : current));
    }, FRESH_MS);
    timers.current.add(timer);
  };

  useRealtimeTopic(topics.nurseCalling(hospitalIdx), (payload) => {
    // Patients publish their raw requests on this topic too; only the server's stored events count.
    const parsed = nurseCallEventSchema.safeParse(payload);
    if (!parsed.success) return;
    const { event, call } = parsed.data;
    const known =
      queryClient.getQueryData<NurseCall[]>(openCallsKey)?.some((c) => c.idx === call.idx) ?? false;
    queryClient.setQueryData<NurseCall[]>(openCallsKey, (calls) => (calls ? upsertCall(calls, call) : calls));
    if (event === 'request' && !known && call.status === 'REQUESTED') alertNewCall(call);
  });
  useOnReconnect(() => void queryClient.invalidateQueries({ queryKey: openCallsKey }));

  const value = useMemo(() => ({ freshIds, soundOn, setSoundOn }), [freshIds, soundOn, setSoundOn]);

  return (
    <NurseCallAlertsContext.Provider value={value}>
      {children}
      <div className="call-banner-region" role="alert" aria-live="assertive">
        {banner && (
          <div className="call-banner">
            <span>
              {t('nurseCall.newCall', {
                place: place(banner),
                patient: banner.patientName,
                reason: t(`nurseCall.reasons.${banner.reason}`),
              })}
            </span>
            <Button size="small" onClick={() => setBanner(null)}>
              {t('common.close')}
            </Button>
          </div>
        )}
      </div>
    </NurseCallAlertsContext.Provider>
  );
}
