import '../../lib/antd-mobile';
import type { NurseCall, NurseCallReason } from '@smartcare/contract/nurse-call';
import type { AppLocale } from '@smartcare/contract/result-codes';
import {
  NURSE_CALL_REASON_VALUES,
  OPEN_NURSE_CALL_STATUS_VALUES,
} from '@smartcare/contract/realtime-constants';
import { useQueryClient } from '@tanstack/react-query';
import Dialog from 'antd-mobile/es/components/dialog';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Page } from '../../components/ui/page';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { areaConfig, type Area } from '../../config/area';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { currentLocale } from '../../lib/i18n';
import { RealtimeOfflineError, useChatSnapshot, useRealtime } from '../../lib/realtime';
import { toast } from '../../lib/toast';
import { intlLocale } from '../../lib/date-format';
import { useSession } from '../../lib/use-session';
import { useCancelNurseCall } from './api/cancel-nurse-call';
import { myCallsQueryKey, useMyCalls } from './api/get-my-calls';
import { useNurseCallLive } from './use-nurse-call-live';
import './nurse-call.css';

const OPEN = new Set<string>(OPEN_NURSE_CALL_STATUS_VALUES);
const URGENT = new Set<NurseCallReason>(['EMERGENCY', 'FALL']);

function formatTime(iso: string, locale: AppLocale): string {
  const date = new Date(iso);
  const sameDay = date.toDateString() === new Date().toDateString();
  return new Intl.DateTimeFormat(
    intlLocale(locale),
    sameDay
      ? { hour: 'numeric', minute: '2-digit' }
      : { month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  ).format(date);
}

/**
 * `/hospital/nursecalling/list`: call a nurse by reason and follow the calls live (spec §7,
 * domain.md). Always says it is not the emergency channel. One open call at a time: the
 * buttons rest while one is open, and the server folds a second request into it anyway.
 */
export function NurseCallListScreen({ area }: { area: Area }) {
  const { t } = useTranslation();
  const config = areaConfig[area];
  const { myData, accessToken } = useSession();
  const rt = useRealtime();
  const { connection } = useChatSnapshot();
  const queryClient = useQueryClient();
  const hospitalChosen = Boolean(myData?.choseHospitalIdx);
  const calls = useMyCalls(hospitalChosen && Boolean(accessToken));
  const cancel = useCancelNurseCall();
  const [sending, setSending] = useState<NurseCallReason | null>(null);
  const locale = currentLocale();
  useNurseCallLive();

  useEffect(() => {
    if (hospitalChosen) rt.resume();
  }, [rt, hospitalChosen]);

  useEffect(() => {
    if (accessToken && !hospitalChosen) toast.info(t('nurseCall.hospitalRequired'));
  }, [accessToken, hospitalChosen, t]);

  if (!accessToken) return <Navigate to={config.login} replace />;
  if (!hospitalChosen || !myData) {
    return (
      <Navigate
        to={`${config.common.hospitalSelect.href()}?next=${encodeURIComponent(paths.hospital.nurseCallList.href())}`}
        replace
      />
    );
  }

  const openCall = calls.data?.find((call) => OPEN.has(call.status)) ?? null;

  const callNurse = async (reason: NurseCallReason) => {
    if (sending || openCall) return;
    setSending(reason);
    try {
      await rt.nurseCall.request(reason);
      toast.success(t('nurseCall.sent'));
      // Stored before the broker acknowledged it: the list can show it at once.
      await queryClient.invalidateQueries({ queryKey: myCallsQueryKey });
    } catch (error) {
      toast.error(error instanceof RealtimeOfflineError ? t('nurseCall.offline') : errorMessage(error));
    } finally {
      setSending(null);
    }
  };

  const cancelCall = async (call: NurseCall) => {
    const confirmed = await Dialog.confirm({
      content: t('nurseCall.cancelConfirm'),
      confirmText: t('nurseCall.cancelOk'),
      cancelText: t('nurseCall.keep'),
    });
    if (!confirmed) return;
    cancel.mutate(call.idx, {
      onSuccess: () => toast.success(t('nurseCall.cancelled')),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  const place =
    myData.ward || myData.bed
      ? t('nurseCall.place', { ward: myData.ward ?? '-', bed: myData.bed ?? '-' })
      : null;

  return (
    <Page title={t('nurseCall.title')} back={config.home}>
      <section className="nurse-notice" aria-labelledby="nurse-notice-title">
        <h2 id="nurse-notice-title" className="nurse-notice-title">
          {t('nurseCall.notEmergencyTitle')}
        </h2>
        <p>{t('nurseCall.notEmergency')}</p>
        <a className="nurse-119" href="tel:119">
          {t('nurseCall.call119')}
        </a>
      </section>

      <p className="nurse-place">
        <span className="nurse-place-label">{t('nurseCall.placeLabel')}</span>
        <span className="nurse-place-value">{place ?? t('nurseCall.placeUnknown')}</span>
      </p>

      {(connection === 'connecting' || connection === 'reconnecting') && (
        <p className="nurse-connection" role="status">
          {t(connection === 'reconnecting' ? 'realtime.reconnecting' : 'realtime.connecting')}
        </p>
      )}

      {openCall && (
        <section className="nurse-open" aria-labelledby="nurse-open-title" aria-live="polite">
          <h2 id="nurse-open-title" className="nurse-open-title">
            {t('nurseCall.openCallTitle')}
          </h2>
          <CallSummary call={openCall} locale={locale} />
          <p className="nurse-open-help">
            {t(openCall.status === 'REQUESTED' ? 'nurseCall.openCall' : 'nurseCall.openCallSeen')}
          </p>
          <button
            type="button"
            className="nurse-cancel"
            onClick={() => void cancelCall(openCall)}
            disabled={cancel.isPending}
          >
            {t('nurseCall.cancel')}
          </button>
        </section>
      )}

      <section className="section" aria-labelledby="nurse-reasons-title">
        <h2 id="nurse-reasons-title" className="section-title">
          {t('nurseCall.reasonsLabel')}
        </h2>
        <p className="nurse-help" role="status">
          {sending
            ? t('nurseCall.sending')
            : openCall
              ? t('nurseCall.waitForOpenCall')
              : t('nurseCall.chooseReason')}
        </p>
        <ul className="nurse-reasons">
          {NURSE_CALL_REASON_VALUES.map((reason) => (
            <li key={reason}>
              <button
                type="button"
                className={`nurse-reason${URGENT.has(reason) ? ' nurse-reason-urgent' : ''}`}
                disabled={Boolean(openCall) || sending !== null || calls.isPending}
                aria-busy={sending === reason}
                onClick={() => void callNurse(reason)}
              >
                <span className="nurse-reason-label">{t(`nurseCall.reason.${reason}`)}</span>
                <span className="nurse-reason-help">{t(`nurseCall.reasonHelp.${reason}`)}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="nurse-calls-title">
        <h2 id="nurse-calls-title" className="section-title">
          {t('nurseCall.myCalls')}
        </h2>
        {calls.isPending && <LoadingView />}
        {calls.isError && (
          <ErrorView message={errorMessage(calls.error)} onRetry={() => void calls.refetch()} />
        )}
        {calls.isSuccess && calls.data.length === 0 && <p className="nurse-empty">{t('nurseCall.empty')}</p>}
        {calls.isSuccess && calls.data.length > 0 && (
          <ul className="nurse-calls">
            {calls.data.map((call) => (
              <li key={call.idx} className="nurse-call">
                <CallSummary call={call} locale={locale} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </Page>
  );
}

function CallSummary({ call, locale }: { call: NurseCall; locale: AppLocale }) {
  const { t } = useTranslation();
  const seen = call.status === 'ACKNOWLEDGED' || call.status === 'IN_PROGRESS';
  return (
    <div className="nurse-call-summary">
      <div className="nurse-call-head">
        <span className="nurse-call-reason">{t(`nurseCall.reason.${call.reason}`)}</span>
        <span className={`nurse-status nurse-status-${call.status}`}>
          {t(`nurseCall.status.${call.status}`)}
        </span>
      </div>
      <p className="nurse-call-meta">
        <time dateTime={call.requestedAt}>
          {t('nurseCall.requestedAt', { time: formatTime(call.requestedAt, locale) })}
        </time>
      </p>
      {seen && (
        <p className="nurse-call-ack">
          {call.acknowledgedByName
            ? t('nurseCall.acknowledgedBy', { name: call.acknowledgedByName })
            : t('nurseCall.acknowledged')}
        </p>
      )}
      {call.note && <p className="nurse-call-meta">{call.note}</p>}
    </div>
  );
}
