import '../../lib/antd-mobile';
import { ResultCode } from '@smartcare/contract/result-codes';
import {
  TELEMEDICINE_CONSENT_VERSION,
  TELEMEDICINE_MAX_PREFERRED,
  type TelemedicineVisit,
} from '@smartcare/contract/telemedicine';
import Dialog from 'antd-mobile/es/components/dialog';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/ui/page';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { paths } from '../../config/paths';
import { ApiError, errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/date-format';
import { toast } from '../../lib/toast';
import { useAgreeConsent } from './api/agree-consent';
import { useMyVisit } from './api/get-my-visit';
import { useRequestCancel, useRequestChange, useWithdrawRequest } from './api/visit-requests';
import {
  clinicianText,
  enterHref,
  inRoom,
  opensAtText,
  videoCallHref,
  visitIdxOf,
  VisitStatusChip,
} from './telemedicine-parts';
import { useVisitLive } from './use-telemedicine-live';
import './telemedicine.css';

/** A visit still ahead or running. */
const isOpen = (visit: TelemedicineVisit) =>
  visit.status === 'BOOKED' || visit.status === 'WAITING' || visit.status === 'IN_CALL';

const CONSENT_PARAGRAPHS = ['who', 'identity', 'prescription', 'recording', 'privacy'] as const;

/**
 * `/homecare/telemedicine/{idx}`: the visit — clinician, time, reason, what to prepare, the shared
 * readings (`readings`, handed in by the route: another feature's), the consent, change / cancel
 * requests and their history, and after the visit the summary.
 */
export function TelemedicineDetailScreen({ idx, readings }: { idx: string; readings?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const visitIdx = visitIdxOf(idx);
  const visit = useMyVisit(visitIdx);
  useVisitLive(visitIdx);
  const notFound =
    visitIdx === 0 || (visit.error instanceof ApiError && visit.error.code === ResultCode.NOT_FOUND);

  return (
    <Page title={t('telemedicine.detail.title')} back={paths.homecare.telemedicineList.href()}>
      {notFound && <ErrorView message={t('telemedicine.detail.notFound')} />}
      {!notFound && visit.isPending && <LoadingView />}
      {!notFound && visit.isError && (
        <ErrorView message={errorMessage(visit.error)} onRetry={() => void visit.refetch()} />
      )}
      {visit.isSuccess && (
        <>
          <section className="tm-card tm-facts-card" aria-labelledby="tm-visit-title">
            <div className="tm-row-top">
              <h2 id="tm-visit-title" className="tm-row-title">
                {formatDateTime(visit.data.scheduledAt)}
              </h2>
              <VisitStatusChip status={visit.data.status} />
            </div>
            <dl className="tm-facts">
              <dt>{t('telemedicine.detail.clinician')}</dt>
              <dd>{clinicianText(visit.data, t)}</dd>
              <dt>{t('telemedicine.detail.hospital')}</dt>
              <dd>{visit.data.hospitalName}</dd>
              <dt>{t('telemedicine.detail.duration')}</dt>
              <dd>{t('telemedicine.minutes', { minutes: visit.data.durationMin })}</dd>
              <dt>{t('telemedicine.detail.reason')}</dt>
              <dd className="tm-pre">{visit.data.reason}</dd>
            </dl>
            <EnterArea visit={visit.data} language={i18n.language} />
          </section>

          {visit.data.summary && (
            <section className="tm-card" aria-labelledby="tm-summary">
              <h2 id="tm-summary" className="tm-section-title">
                {t('telemedicine.detail.summary')}
              </h2>
              <p className="tm-pre">{visit.data.summary.text}</p>
              {visit.data.summary.followUp && (
                <>
                  <h3 className="tm-subtitle">{t('telemedicine.detail.followUp')}</h3>
                  <p className="tm-pre">{visit.data.summary.followUp}</p>
                </>
              )}
              <p className="tm-meta">
                {t('telemedicine.detail.summaryBy', {
                  name: visit.data.summary.writtenBy,
                  time: formatDateTime(visit.data.summary.writtenAt),
                })}
              </p>
            </section>
          )}
          {visit.data.status === 'COMPLETE' && !visit.data.summary && (
            <p className="tm-help">{t('telemedicine.detail.summaryPending')}</p>
          )}
          {/* A completed visit can be rated, as an outpatient visit can (decision 028). */}
          {visit.data.status === 'COMPLETE' && visit.data.callEndedAt && (
            <Link
              className="btn btn-primary btn-block"
              to={`${paths.hospital.rate.href()}?kind=TELEMEDICINE&idx=${visit.data.visitIdx}`}
            >
              {t('telemedicine.detail.rateVisit')}
            </Link>
          )}

          {/* Before and during the visit: what to prepare, what is shared, the consent. */}
          {isOpen(visit.data) && (
            <>
              <section className="tm-card" aria-labelledby="tm-prepare">
                <h2 id="tm-prepare" className="tm-section-title">
                  {t('telemedicine.detail.preparation')}
                </h2>
                <p className="tm-pre">{visit.data.preparation ?? t('telemedicine.detail.noPreparation')}</p>
                <p className="tm-help">{t('telemedicine.detail.prepareAlways')}</p>
              </section>

              {readings && (
                <section className="tm-card" aria-labelledby="tm-readings">
                  <h2 id="tm-readings" className="tm-section-title">
                    {t('telemedicine.detail.readingsTitle')}
                  </h2>
                  <p className="tm-help">{t('telemedicine.detail.readingsNote')}</p>
                  {readings}
                </section>
              )}

              <ConsentSection visit={visit.data} />
            </>
          )}
          {visit.data.status === 'BOOKED' && <RequestSection visit={visit.data} />}
          {visit.data.history && visit.data.history.length > 0 && (
            <section className="tm-card" aria-labelledby="tm-history">
              <h2 id="tm-history" className="tm-section-title">
                {t('telemedicine.detail.history')}
              </h2>
              <ol className="tm-history">
                {visit.data.history.map((entry, i) => (
                  <li key={`${entry.at}-${i}`}>
                    <span className="tm-history-what">{t(`telemedicine.history.${entry.kind}`)}</span>
                    <span className="tm-meta">
                      {formatDateTime(entry.at)}
                      {entry.byName ? ` · ${entry.byName}` : ''}
                    </span>
                    {entry.note && <span className="tm-pre">{entry.note}</span>}
                  </li>
                ))}
              </ol>
            </section>
          )}
        </>
      )}
    </Page>
  );
}

function EnterArea({ visit, language }: { visit: TelemedicineVisit; language: string }) {
  const { t } = useTranslation();
  if (inRoom(visit)) {
    return (
      <Link className="btn btn-primary btn-block btn-large" to={videoCallHref(visit.visitIdx)}>
        {t('telemedicine.backToRoom')}
      </Link>
    );
  }
  if (visit.status !== 'BOOKED') return null;
  if (!visit.canEnter) {
    return (
      <p className="tm-note">
        {t('telemedicine.list.opensAt', { time: opensAtText(visit.enterOpensAt, language) })}
      </p>
    );
  }
  if (visit.consentCurrent === false) {
    return (
      <p className="tm-note" role="note">
        {t('telemedicine.consent.neededToEnter')}
      </p>
    );
  }
  return (
    <Link className="btn btn-primary btn-block btn-large" to={enterHref(visit)}>
      {t('telemedicine.enter')}
    </Link>
  );
}

function ConsentSection({ visit }: { visit: TelemedicineVisit }) {
  const { t } = useTranslation();
  const agree = useAgreeConsent();
  const open = visit.status === 'BOOKED' || visit.status === 'WAITING';
  const agreed = visit.consentCurrent === true || agree.isSuccess;
  return (
    <section className="tm-card" aria-labelledby="tm-consent">
      <h2 id="tm-consent" className="tm-section-title">
        {t('telemedicine.consent.title')}
      </h2>
      <div className="tm-consent-text">
        {CONSENT_PARAGRAPHS.map((key) => (
          <p key={key}>{t(`telemedicine.consent.${key}`)}</p>
        ))}
      </div>
      <p className="tm-meta">
        {t('telemedicine.consent.version', { version: TELEMEDICINE_CONSENT_VERSION })}
      </p>
      {agreed ? (
        <p className="tm-ok" role="status">
          {(agree.data?.agreedAt ?? visit.consentAgreedAt)
            ? t('telemedicine.consent.agreedAt', {
                time: formatDateTime((agree.data?.agreedAt ?? visit.consentAgreedAt)!),
              })
            : t('telemedicine.consent.agreed')}
        </p>
      ) : (
        open && (
          <button
            type="button"
            className="btn btn-primary btn-block btn-large"
            disabled={agree.isPending}
            onClick={() =>
              agree.mutate(TELEMEDICINE_CONSENT_VERSION, {
                onSuccess: () => toast.success(t('telemedicine.consent.thanks')),
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          >
            {t('telemedicine.consent.agree')}
          </button>
        )
      )}
    </section>
  );
}

/** A `datetime-local` value (the device's time) as an instant with offset. */
const toInstant = (local: string) => new Date(local).toISOString();

function RequestSection({ visit }: { visit: TelemedicineVisit }) {
  const { t } = useTranslation();
  const withdraw = useWithdrawRequest();
  const request = visit.request;
  const [mode, setMode] = useState<'none' | 'change' | 'cancel'>('none');

  if (request) {
    return (
      <section className="tm-card" aria-labelledby="tm-request">
        <h2 id="tm-request" className="tm-section-title">
          {t(`telemedicine.request.open.${request.kind}`)}
        </h2>
        <p className="tm-meta">
          {t('telemedicine.request.sentAt', { time: formatDateTime(request.requestedAt) })}
        </p>
        {request.preferredDates.length > 0 && (
          <>
            <h3 className="tm-subtitle">{t('telemedicine.request.preferred')}</h3>
            <ul className="tm-plain-list">
              {request.preferredDates.map((date) => (
                <li key={date}>{formatDateTime(date)}</li>
              ))}
            </ul>
          </>
        )}
        {request.reason && <p className="tm-pre">{request.reason}</p>}
        <p className="tm-help">{t('telemedicine.request.waiting')}</p>
        <button
          type="button"
          className="btn btn-block"
          disabled={withdraw.isPending}
          onClick={() =>
            withdraw.mutate(visit.visitIdx, {
              onSuccess: () => toast.success(t('telemedicine.request.withdrawn')),
              onError: (error) => toast.error(errorMessage(error)),
            })
          }
        >
          {t('telemedicine.request.withdraw')}
        </button>
      </section>
    );
  }

  return (
    <section className="tm-card" aria-labelledby="tm-request">
      <h2 id="tm-request" className="tm-section-title">
        {t('telemedicine.request.title')}
      </h2>
      <p className="tm-help">{t('telemedicine.request.intro')}</p>
      {mode === 'none' && (
        <div className="tm-actions">
          <button type="button" className="btn btn-block" onClick={() => setMode('change')}>
            {t('telemedicine.request.change')}
          </button>
          <button type="button" className="btn btn-block" onClick={() => setMode('cancel')}>
            {t('telemedicine.request.cancel')}
          </button>
        </div>
      )}
      {mode !== 'none' && <RequestForm visit={visit} kind={mode} onDone={() => setMode('none')} />}
    </section>
  );
}

function RequestForm({
  visit,
  kind,
  onDone,
}: {
  visit: TelemedicineVisit;
  kind: 'change' | 'cancel';
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const change = useRequestChange();
  const cancel = useRequestCancel();
  const [dates, setDates] = useState<string[]>(['']);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const pending = change.isPending || cancel.isPending;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const trimmed = reason.trim();
    try {
      if (kind === 'change') {
        const chosen = dates.filter((d) => d !== '');
        if (chosen.length === 0) {
          setError(t('telemedicine.request.needDate'));
          return;
        }
        if (chosen.some((d) => new Date(d).getTime() <= Date.now())) {
          setError(t('telemedicine.request.futureDate'));
          return;
        }
        await change.mutateAsync({
          visitIdx: visit.visitIdx,
          preferredDates: chosen.map(toInstant),
          ...(trimmed ? { reason: trimmed } : {}),
        });
      } else {
        const confirmed = await Dialog.confirm({
          content: t('telemedicine.request.cancelConfirm'),
          confirmText: t('telemedicine.request.cancelSend'),
          cancelText: t('telemedicine.request.keep'),
        });
        if (!confirmed) return;
        await cancel.mutateAsync({ visitIdx: visit.visitIdx, ...(trimmed ? { reason: trimmed } : {}) });
      }
      toast.success(t('telemedicine.request.sent'));
      onDone();
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors().length > 0) setError(e.fieldErrors()[0]!.message);
      else toast.error(errorMessage(e));
    }
  };

  return (
    <form className="plain-form tm-form" onSubmit={(e) => void submit(e)} noValidate>
      {kind === 'change' && (
        <fieldset className="tm-fieldset">
          <legend>{t('telemedicine.request.preferredLegend', { max: TELEMEDICINE_MAX_PREFERRED })}</legend>
          {dates.map((value, i) => (
            <div className="text-field" key={i}>
              <label htmlFor={`${id}-date-${i}`}>{t('telemedicine.request.preferredN', { n: i + 1 })}</label>
              <input
                id={`${id}-date-${i}`}
                type="datetime-local"
                value={value}
                onChange={(e) => {
                  const next = [...dates];
                  next[i] = e.target.value;
                  setDates(next);
                  setError(null);
                }}
              />
            </div>
          ))}
          {dates.length < TELEMEDICINE_MAX_PREFERRED && (
            <button type="button" className="btn btn-block" onClick={() => setDates([...dates, ''])}>
              {t('telemedicine.request.addDate')}
            </button>
          )}
        </fieldset>
      )}
      <div className="text-field">
        <label htmlFor={`${id}-reason`}>{t('telemedicine.request.reason')}</label>
        <textarea
          id={`${id}-reason`}
          className="tm-textarea"
          rows={3}
          maxLength={300}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      {error && (
        <p className="text-field-error" role="alert">
          {error}
        </p>
      )}
      <div className="tm-actions">
        <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
          {kind === 'change' ? t('telemedicine.request.changeSend') : t('telemedicine.request.cancelSend')}
        </button>
        <button type="button" className="btn btn-block" onClick={onDone}>
          {t('telemedicine.request.back')}
        </button>
      </div>
    </form>
  );
}
