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
import { handledCallsKey } from '../api/get-handled-calls';
import { openCallsKey } from '../api/get-open-calls';
import { playAlertBeep, playEscalationAlarm, primeAlertSound } from '../../../lib/alert-sound';
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
/** Why the banner shows a call: a new one, one the patient raised, or one left unacknowledged. */
type AlertKind = 'new' | 'raised' | 'escalated';
const BANNER_TEXT: Record<AlertKind, string> = {
  new: 'nurseCall.newCall',
  raised: 'callDetails.raisedCall',
  escalated: 'callDetails.escalatedCall',
};

export function NurseCallLiveProvider({
  hospitalIdx,
  beep = playAlertBeep,
  alarm = playEscalationAlarm,
  children,
}: {
  hospitalIdx: number;
  beep?: () => void;
  /** The louder, distinct sound of an escalated call (issue 10). */
  alarm?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const place = useCallPlace();
  const [freshIds, setFreshIds] = useState<ReadonlySet<number>>(new Set());
  const [banner, setBanner] = useState<{ call: NurseCall; kind: AlertKind } | null>(null);
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

  const alertCall = (call: NurseCall, kind: AlertKind) => {
    setFreshIds((ids) => new Set(ids).add(call.idx));
    setBanner({ call, kind });
    if (soundOn) (kind === 'escalated' ? alarm : beep)();
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setFreshIds((ids) => {
        const next = new Set(ids);
        next.delete(call.idx);
        return next;
      });
      setBanner((current) => (current?.call.idx === call.idx ? null : current));
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
    if (event === 'request' && !known && call.status === 'REQUESTED') alertCall(call, 'new');
    // A raised call alerts again; an escalated one with the louder alarm (issue 10).
    if (event === 'raise') alertCall(call, 'raised');
    if (event === 'escalate' && call.status === 'REQUESTED') alertCall(call, 'escalated');
    if (call.status === 'DONE' || call.status === 'CANCELLED')
      void queryClient.invalidateQueries({ queryKey: handledCallsKey });
  });
  useOnReconnect(() => void queryClient.invalidateQueries({ queryKey: openCallsKey }));

  const value = useMemo(() => ({ freshIds, soundOn, setSoundOn }), [freshIds, soundOn, setSoundOn]);

  return (
    <NurseCallAlertsContext.Provider value={value}>
      {children}
      <div className="call-banner-region" role="alert" aria-live="assertive">
        {banner && (
          <div className={`call-banner call-banner-${banner.kind}`}>
            <span>
              {t(BANNER_TEXT[banner.kind], {
                place: place(banner.call),
                patient: banner.call.patientName,
                reason: t(`nurseCall.reasons.${banner.call.reason}`),
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
