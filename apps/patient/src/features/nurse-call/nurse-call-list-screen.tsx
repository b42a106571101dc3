import '../../lib/antd-mobile';
import type { NurseCall, NurseCallReason } from '@smartcare/contract/nurse-call';
import type { AppLocale } from '@smartcare/contract/result-codes';
import {
  NURSE_CALL_NOTE_MAX_LENGTH,
  NURSE_CALL_REASON_VALUES,
  OPEN_NURSE_CALL_STATUS_VALUES,
} from '@smartcare/contract/realtime-constants';
import { RealtimeOfflineError } from '@smartcare/web-core/realtime';
import { useRealtime, useRealtimeStatus } from '@smartcare/web-core/use-realtime';
import { useQueryClient } from '@tanstack/react-query';
import Dialog from 'antd-mobile/es/components/dialog';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { Page } from '../../components/ui/page';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { areaConfig, type Area } from '../../config/area';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { currentLocale } from '../../lib/i18n';
import { requestNurseCall } from './nurse-call-realtime';
import { toast } from '../../lib/toast';
import { intlLocale } from '../../lib/date-format';
import { useSession } from '../../lib/use-session';
import { useCancelNurseCall } from './api/cancel-nurse-call';
import { useMyAdmission } from './api/get-my-admission';
import { myCallsQueryKey, useMyCalls } from './api/get-my-calls';
import { useNurseCallLive } from './use-nurse-call-live';
import './nurse-call.css';

const OPEN = new Set<string>(OPEN_NURSE_CALL_STATUS_VALUES);
const URGENT = new Set<NurseCallReason>(['EMERGENCY', 'FALL']);

/** While a call is open, one tap on 응급 or 낙상 raises it, unless it is urgent already (issue 10). */
const canRaise = (open: NurseCall, reason: NurseCallReason) => URGENT.has(reason) && !URGENT.has(open.reason);

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
  // The connection only: the chat's state is not this screen's (issue 11).
  const connection = useRealtimeStatus();
  const queryClient = useQueryClient();
  const hospitalChosen = Boolean(myData?.choseHospitalIdx);
  const calls = useMyCalls(hospitalChosen && Boolean(accessToken));
  const cancel = useCancelNurseCall();
  // The bed staff registered decides whether and where a call goes (issue 10), not the profile.
  const admission = useMyAdmission(hospitalChosen && Boolean(accessToken));
  const [sending, setSending] = useState<NurseCallReason | null>(null);
  const [otherOpen, setOtherOpen] = useState(false);
  const [otherNote, setOtherNote] = useState('');
  const locale = currentLocale();
  useNurseCallLive();

  useEffect(() => {
    // A screen opened before the session's start (a resumed session): connect now (start is idempotent).
    if (hospitalChosen && accessToken) rt.start();
  }, [rt, hospitalChosen, accessToken]);

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

  const callNurse = async (reason: NurseCallReason, note?: string) => {
    if (sending) return;
    const raising = openCall !== null && canRaise(openCall, reason);
    if (openCall && !raising) return;
    // 기타 asks what is needed first (a short, optional text).
    if (reason === 'OTHER' && note === undefined) {
      setOtherOpen(true);
      return;
    }
    setSending(reason);
    try {
      await requestNurseCall(rt, reason, note);
      toast.success(
        raising ? t(`nurseCallAdmission.raised.${reason as 'EMERGENCY' | 'FALL'}`) : t('nurseCall.sent'),
      );
      setOtherOpen(false);
      setOtherNote('');
      // Stored before the broker acknowledged it: the list can show it at once.
      await queryClient.invalidateQueries({ queryKey: myCallsQueryKey });
    } catch (error) {
      toast.error(error instanceof RealtimeOfflineError ? t('nurseCall.offline') : errorMessage(error));
      // A discharge since the screen opened makes the server refuse: show the reason, not just the failure.
      void admission.refetch();
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

  const place = admission.data
    ? t('nurseCall.place', { ward: admission.data.ward, bed: admission.data.bed })
    : null;
  const noAdmission = admission.isSuccess && admission.data === null;

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

      {admission.isPending && <LoadingView />}
      {admission.isError && (
        <ErrorView message={errorMessage(admission.error)} onRetry={() => void admission.refetch()} />
      )}
      {place && (
        <div className="nurse-place">
          <p className="nurse-place-line">
            <span className="nurse-place-label">{t('nurseCall.placeLabel')}</span>
            <span className="nurse-place-value">{place}</span>
          </p>
          <p className="nurse-place-help">{t('nurseCallAdmission.placeHelp')}</p>
        </div>
      )}
      {noAdmission && (
        <section className="nurse-no-admission" aria-labelledby="nurse-no-admission-title">
          <h2 id="nurse-no-admission-title" className="nurse-no-admission-title">
            {t('nurseCallAdmission.noAdmissionTitle')}
          </h2>
          <p>{t('nurseCallAdmission.noAdmission')}</p>
          <Link className="nurse-chat-link" to={paths.hospital.consultingChat.href()}>
            {t('nurseCallAdmission.openChat')}
          </Link>
        </section>
      )}

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

      {admission.data && (
        <section className="section" aria-labelledby="nurse-reasons-title">
          <h2 id="nurse-reasons-title" className="section-title">
            {t('nurseCall.reasonsLabel')}
          </h2>
          <p className="nurse-help" role="status">
            {sending
              ? t('nurseCall.sending')
              : openCall
                ? URGENT.has(openCall.reason)
                  ? t('nurseCall.waitForOpenCall')
                  : `${t('nurseCall.waitForOpenCall')} ${t('nurseCallAdmission.raiseHelp')}`
                : t('nurseCall.chooseReason')}
          </p>
          {otherOpen && !openCall && (
            <form
              className="nurse-other"
              aria-labelledby="nurse-other-title"
              onSubmit={(event) => {
                event.preventDefault();
                void callNurse('OTHER', otherNote.trim());
              }}
            >
              <h3 id="nurse-other-title" className="nurse-other-title">
                {t('nurseCallAdmission.otherTitle')}
              </h3>
              <label className="nurse-other-label" htmlFor="nurse-other-note">
                {t('nurseCallAdmission.otherLabel', { max: NURSE_CALL_NOTE_MAX_LENGTH })}
              </label>
              <textarea
                id="nurse-other-note"
                className="nurse-other-note"
                rows={2}
                maxLength={NURSE_CALL_NOTE_MAX_LENGTH}
                placeholder={t('nurseCallAdmission.otherPlaceholder')}
                value={otherNote}
                onChange={(event) => setOtherNote(event.target.value)}
              />
              <div className="nurse-other-actions">
                <button type="button" className="nurse-other-close" onClick={() => setOtherOpen(false)}>
                  {t('nurseCallAdmission.otherCancel')}
                </button>
                <button type="submit" className="nurse-other-send" disabled={sending !== null}>
                  {t('nurseCallAdmission.otherSend')}
                </button>
              </div>
            </form>
          )}
          <ul className="nurse-reasons">
            {NURSE_CALL_REASON_VALUES.map((reason) => (
              <li key={reason}>
                <button
                  type="button"
                  className={`nurse-reason${URGENT.has(reason) ? ' nurse-reason-urgent' : ''}`}
                  disabled={
                    (openCall !== null && !canRaise(openCall, reason)) || sending !== null || calls.isPending
                  }
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
      )}

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
