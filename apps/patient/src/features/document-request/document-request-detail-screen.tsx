import '../../lib/antd-mobile';
import { ResultCode } from '@smartcare/contract/result-codes';
import Dialog from 'antd-mobile/es/components/dialog';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Page } from '../../components/ui/page';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { areaConfig, type Area } from '../../config/area';
import { paths } from '../../config/paths';
import { ApiError, errorMessage } from '../../lib/api-error';
import { formatDate, formatDateTime } from '../../lib/date-format';
import { toast } from '../../lib/toast';
import { useSession } from '../../lib/use-session';
import { useCancelRequest } from './api/cancel-request';
import { useDownloadDocument } from './api/download-document';
import { useMyRequest } from './api/get-my-request';
import { formatKrw, StatusChip } from './document-request-parts';
import { useDocumentLive } from './use-document-live';
import './document-request.css';

/** `/hospital/documentrequest/{idx}`: one request, its timeline, cancel while new, the PDF once issued. */
export function DocumentRequestDetailScreen({ area, idx }: { area: Area; idx: string }) {
  const { t } = useTranslation();
  const config = areaConfig[area];
  const { accessToken } = useSession();
  const requestIdx = /^\d{1,9}$/.test(idx) ? Number(idx) : 0;
  const request = useMyRequest(requestIdx, Boolean(accessToken));
  const cancel = useCancelRequest();
  const download = useDownloadDocument();
  useDocumentLive();

  if (!accessToken) return <Navigate to={config.login} replace />;
  const back = paths.hospital.documentRequestList.href();
  const notFound =
    requestIdx === 0 || (request.error instanceof ApiError && request.error.code === ResultCode.NOT_FOUND);

  const confirmCancel = async () => {
    const confirmed = await Dialog.confirm({
      content: t('documentRequestScreens.cancelConfirm'),
      confirmText: t('documentRequestScreens.cancelOk'),
      cancelText: t('documentRequestScreens.keep'),
    });
    if (!confirmed) return;
    cancel.mutate(requestIdx, {
      onSuccess: () => toast.success(t('documentRequestScreens.cancelled')),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <Page title={t('documentRequestScreens.detailTitle')} back={back}>
      {notFound && <ErrorView message={t('documentRequestScreens.notFound')} />}
      {!notFound && request.isPending && <LoadingView />}
      {!notFound && request.isError && (
        <ErrorView message={errorMessage(request.error)} onRetry={() => void request.refetch()} />
      )}
      {request.isSuccess && (
        <>
          <section className="doc-detail" aria-live="polite">
            <div className="doc-card-top">
              <h2 className="doc-detail-title">{t(`documentRequestScreens.types.${request.data.type}`)}</h2>
              <StatusChip status={request.data.status} />
            </div>
            <dl className="label-values doc-facts">
              <dt>{t('documentRequestScreens.hospitalLabel')}</dt>
              <dd>{request.data.hospitalName}</dd>
              <dt>{t('documentRequestScreens.fields.department')}</dt>
              <dd>{request.data.department}</dd>
              {request.data.periodFrom && (
                <>
                  <dt>
                    {t(
                      request.data.type === 'PRESCRIPTION_COPY'
                        ? 'documentRequestScreens.fields.visitDate'
                        : 'documentRequestScreens.fields.periodFrom',
                    )}
                  </dt>
                  <dd>
                    {formatDate(request.data.periodFrom)}
                    {request.data.periodTo && request.data.periodTo !== request.data.periodFrom
                      ? ` ~ ${formatDate(request.data.periodTo)}`
                      : ''}
                  </dd>
                </>
              )}
              {request.data.purpose && (
                <>
                  <dt>{t('documentRequestScreens.fields.purpose')}</dt>
                  <dd>
                    {t(`documentRequestScreens.purposes.${request.data.purpose}`)}
                    {request.data.purposeNote ? ` (${request.data.purposeNote})` : ''}
                  </dd>
                </>
              )}
              <dt>{t('documentRequestScreens.fields.copies')}</dt>
              <dd>{t('documentRequestScreens.copiesValue', { count: request.data.copies })}</dd>
              <dt>{t('documentRequestScreens.fields.language')}</dt>
              <dd>{t(`documentRequestScreens.languages.${request.data.language}`)}</dd>
              <dt>{t('documentRequestScreens.fields.delivery')}</dt>
              <dd>{t(`documentRequestScreens.deliveries.${request.data.delivery}`)}</dd>
              <dt>{t('documentRequestScreens.fee')}</dt>
              <dd>
                {request.data.feeKrw === 0
                  ? t('documentRequestScreens.feeFree')
                  : t('documentRequestScreens.feeValue', { amount: formatKrw(request.data.feeKrw) })}
              </dd>
              {request.data.note && (
                <>
                  <dt>{t('documentRequestScreens.fields.note')}</dt>
                  <dd className="doc-pre">{request.data.note}</dd>
                </>
              )}
            </dl>
          </section>

          {request.data.status === 'REJECTED' && (
            <section className="doc-rejected" role="note">
              <h2 className="section-title">{t('documentRequestScreens.rejectReason')}</h2>
              <p className="doc-pre">{request.data.rejectReason}</p>
            </section>
          )}

          {request.data.status === 'ISSUED' && (
            <section className="doc-issued">
              <dl className="label-values doc-facts">
                <dt>{t('documentRequestScreens.issueNumber')}</dt>
                <dd>{request.data.issueNumber}</dd>
                <dt>{t('documentRequestScreens.issuedAt')}</dt>
                <dd>{request.data.issuedAt ? formatDateTime(request.data.issuedAt) : ''}</dd>
                <dt>{t('documentRequestScreens.verifyCode')}</dt>
                <dd className="doc-code">{request.data.verifyCode}</dd>
              </dl>
              <p className="doc-help">{t('documentRequestScreens.verifyHelp')}</p>
              {request.data.delivery === 'APP_PDF' ? (
                <button
                  type="button"
                  className="btn btn-primary btn-block"
                  disabled={download.isPending}
                  onClick={() =>
                    download.mutate(requestIdx, {
                      onSuccess: () => toast.success(t('documentRequestScreens.downloaded')),
                      onError: (error) => toast.error(errorMessage(error)),
                    })
                  }
                >
                  {t('documentRequestScreens.download')}
                </button>
              ) : (
                <p className="doc-help">{t('documentRequestScreens.atDesk')}</p>
              )}
            </section>
          )}

          {request.data.status === 'REQUESTED' && (
            <section className="doc-cancel">
              <p className="doc-help">{t('documentRequestScreens.cancelHelp')}</p>
              <button
                type="button"
                className="btn btn-block"
                disabled={cancel.isPending}
                onClick={() => void confirmCancel()}
              >
                {t('documentRequestScreens.cancel')}
              </button>
            </section>
          )}

          <section aria-labelledby="doc-timeline-title">
            <h2 id="doc-timeline-title" className="section-title">
              {t('documentRequestScreens.timeline')}
            </h2>
            <ol className="doc-timeline">
              {request.data.events.map((event, i) => (
                <li key={`${event.at}-${i}`}>
                  <span className="doc-timeline-status">
                    {t(`documentRequestScreens.status.${event.status}`)}
                  </span>
                  <span className="doc-timeline-meta">
                    {formatDateTime(event.at)} ·{' '}
                    {event.actorType === 'patient'
                      ? t('documentRequestScreens.actorPatient')
                      : t('documentRequestScreens.actorStaff', { name: event.actorName })}
                  </span>
                  {event.note && <span className="doc-pre">{event.note}</span>}
                </li>
              ))}
            </ol>
          </section>
        </>
      )}
    </Page>
  );
}
