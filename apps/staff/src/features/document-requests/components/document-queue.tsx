import { useState } from 'react';
import {
  App,
  Button,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  type DocumentRequest,
  type DocumentStatus,
  type DocumentType,
} from '@smartcare/contract/document-request';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/error-message';
import { useIssueRequest, useRejectRequest, useReviewRequest } from '../api/change-request';
import { useDownloadIssuedPdf } from '../api/get-issued-pdf';
import { useQueue } from '../api/get-queue';
import { useQueueLive } from '../api/use-queue-live';
import './document-queue.css';

const CONTENT_MAX = 2000;
const REASON_MAX = 300;

const STATUS_COLOUR: Record<DocumentStatus, string> = {
  REQUESTED: '#1d4ed8',
  IN_REVIEW: '#8a4b00',
  ISSUED: '#237804',
  REJECTED: '#b42318',
  CANCELLED: '#4b5563',
};

/**
 * `/document-requests`: the hospital's document requests, new first, with filters; one opens
 * with its details and timeline to review, issue (the server generates the PDF) or reject.
 */
export function DocumentQueue() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<DocumentStatus | undefined>(undefined);
  const [type, setType] = useState<DocumentType | undefined>(undefined);
  const [openIdx, setOpenIdx] = useState<number | null>(null);
  const queue = useQueue({ ...(status ? { status } : {}), ...(type ? { type } : {}) });
  useQueueLive();
  const open = queue.data?.find((r) => r.idx === openIdx) ?? null;
  const dateTime = useDateTime();

  const columns: TableColumnsType<DocumentRequest> = [
    {
      title: t('documentRequests.columns.requestedAt'),
      key: 'requestedAt',
      render: (_, r) => dateTime(r.requestedAt),
    },
    { title: t('documentRequests.columns.patient'), key: 'patient', dataIndex: 'patientName' },
    {
      title: t('documentRequests.columns.type'),
      key: 'type',
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <strong>{t(`documentRequests.types.${r.type}`)}</strong>
          <span className="call-note">
            {r.department} · {t(`documentRequests.languages.${r.language}`)} ·{' '}
            {t('documentRequests.copies', { count: r.copies })}
          </span>
        </Space>
      ),
    },
    {
      title: t('documentRequests.columns.status'),
      key: 'status',
      render: (_, r) => (
        <Tag color={STATUS_COLOUR[r.status]} variant="solid">
          {t(`documentRequests.status.${r.status}`)}
        </Tag>
      ),
    },
    {
      title: t('documentRequests.columns.actions'),
      key: 'actions',
      render: (_, r) => (
        <Button
          type={r.status === 'REQUESTED' || r.status === 'IN_REVIEW' ? 'primary' : 'default'}
          aria-label={t('documentRequests.openLabel', {
            name: r.patientName,
            type: t(`documentRequests.types.${r.type}`),
          })}
          onClick={() => setOpenIdx(r.idx)}
        >
          {t('documentRequests.open')}
        </Button>
      ),
    },
  ];

  return (
    <section className="board" aria-labelledby="documents-title">
      <div className="board-head">
        <div>
          <Typography.Title level={2} id="documents-title" className="panel-title">
            {t('documentRequests.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('documentRequests.subtitle')}</Typography.Text>
        </div>
        <Space wrap>
          <Select<DocumentStatus | 'ALL'>
            aria-label={t('documentRequests.filterStatus')}
            value={status ?? 'ALL'}
            style={{ minWidth: 140 }}
            onChange={(value) => setStatus(value === 'ALL' ? undefined : value)}
            options={[
              { value: 'ALL', label: t('documentRequests.allStatuses') },
              ...DOCUMENT_STATUSES.map((s) => ({ value: s, label: t(`documentRequests.status.${s}`) })),
            ]}
          />
          <Select<DocumentType | 'ALL'>
            aria-label={t('documentRequests.filterType')}
            value={type ?? 'ALL'}
            style={{ minWidth: 180 }}
            onChange={(value) => setType(value === 'ALL' ? undefined : value)}
            options={[
              { value: 'ALL', label: t('documentRequests.allTypes') },
              ...DOCUMENT_TYPES.map((d) => ({ value: d, label: t(`documentRequests.types.${d}`) })),
            ]}
          />
        </Space>
      </div>
      {queue.isPending ? (
        <LoadingState />
      ) : queue.isError ? (
        <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />
      ) : queue.data.length === 0 ? (
        <EmptyState text={t('documentRequests.empty')} />
      ) : (
        <Table<DocumentRequest>
          rowKey="idx"
          columns={columns}
          dataSource={queue.data}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
        />
      )}
      <RequestModal request={open} onClose={() => setOpenIdx(null)} />
    </section>
  );
}

function useDateTime() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'kr-KO' ? 'ko-KR' : i18n.language;
  return (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

function RequestModal({ request, onClose }: { request: DocumentRequest | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const dateTime = useDateTime();
  const [shown, setShown] = useState<DocumentRequest | null>(null);
  const [content, setContent] = useState('');
  const [reason, setReason] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const [error, setError] = useState<{ content?: string; reason?: string }>({});
  const review = useReviewRequest();
  const issue = useIssueRequest();
  const reject = useRejectRequest();
  const download = useDownloadIssuedPdf();
  // The dialog keeps its last request while it animates closed (a dialog without a title fails axe).
  if (request && request !== shown) {
    if (request.idx !== shown?.idx) {
      setContent(t(`documentRequests.templates.${request.type}`));
      setReason('');
      setRejecting(false);
      setError({});
    }
    setShown(request);
  }
  const r = request ?? shown;
  if (!r) return null;
  const failed = (e: unknown) =>
    void message.error(`${t('documentRequests.actionFailed')} ${errorMessage(e, t)}`);

  const doIssue = () => {
    const text = content.trim();
    if (!text) return setError({ content: t('documentRequests.contentRequired') });
    if (text.length > CONTENT_MAX)
      return setError({ content: t('documentRequests.tooLong', { max: CONTENT_MAX }) });
    issue.mutate(
      { idx: r.idx, content: text },
      { onSuccess: () => void message.success(t('documentRequests.issued')), onError: failed },
    );
  };
  const doReject = () => {
    const text = reason.trim();
    if (!text) return setError({ reason: t('documentRequests.reasonRequired') });
    if (text.length > REASON_MAX)
      return setError({ reason: t('documentRequests.tooLong', { max: REASON_MAX }) });
    reject.mutate(
      { idx: r.idx, reason: text },
      {
        onSuccess: () => {
          setRejecting(false);
          void message.success(t('documentRequests.rejected'));
        },
        onError: failed,
      },
    );
  };

  const open = r.status === 'REQUESTED' || r.status === 'IN_REVIEW';
  return (
    <Modal
      open={request !== null}
      title={`${t(`documentRequests.types.${r.type}`)} · ${r.patientName}`}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('documentRequests.close')}</Button>}
      width={640}
    >
      <dl className="doc-facts">
        <dt>{t('documentRequests.fields.status')}</dt>
        <dd>
          <Tag color={STATUS_COLOUR[r.status]} variant="solid">
            {t(`documentRequests.status.${r.status}`)}
          </Tag>
        </dd>
        <dt>{t('documentRequests.fields.department')}</dt>
        <dd>{r.department}</dd>
        {r.periodFrom && (
          <>
            <dt>{t('documentRequests.fields.period')}</dt>
            <dd>
              {r.periodTo && r.periodTo !== r.periodFrom ? `${r.periodFrom} ~ ${r.periodTo}` : r.periodFrom}
            </dd>
          </>
        )}
        {r.purpose && (
          <>
            <dt>{t('documentRequests.fields.purpose')}</dt>
            <dd>
              {t(`documentRequests.purposes.${r.purpose}`)}
              {r.purposeNote ? ` (${r.purposeNote})` : ''}
            </dd>
          </>
        )}
        <dt>{t('documentRequests.fields.copies')}</dt>
        <dd>
          {t('documentRequests.copies', { count: r.copies })} ·{' '}
          {t(`documentRequests.languages.${r.language}`)}
        </dd>
        <dt>{t('documentRequests.fields.delivery')}</dt>
        <dd>{t(`documentRequests.deliveries.${r.delivery}`)}</dd>
        <dt>{t('documentRequests.fields.fee')}</dt>
        <dd>{t('documentRequests.fee', { amount: new Intl.NumberFormat('ko-KR').format(r.feeKrw) })}</dd>
        {r.note && (
          <>
            <dt>{t('documentRequests.fields.note')}</dt>
            <dd className="doc-pre">{r.note}</dd>
          </>
        )}
        {r.issueNumber && (
          <>
            <dt>{t('documentRequests.fields.issueNumber')}</dt>
            <dd>{r.issueNumber}</dd>
            <dt>{t('documentRequests.fields.verifyCode')}</dt>
            <dd>{r.verifyCode}</dd>
          </>
        )}
        {r.status === 'REJECTED' && (
          <>
            <dt>{t('documentRequests.fields.rejectReason')}</dt>
            <dd className="doc-pre">{r.rejectReason}</dd>
          </>
        )}
      </dl>

      <Typography.Title level={3} className="doc-subtitle">
        {t('documentRequests.timeline')}
      </Typography.Title>
      <ol className="doc-timeline">
        {r.events.map((event, i) => (
          <li key={`${event.at}-${i}`}>
            <strong>{t(`documentRequests.status.${event.status}`)}</strong> · {dateTime(event.at)} ·{' '}
            {event.actorType === 'patient' ? t('documentRequests.byPatient') : event.actorName}
            {event.note && <div className="doc-pre">{event.note}</div>}
          </li>
        ))}
      </ol>

      {r.status === 'ISSUED' && (
        <div className="doc-issue">
          {r.delivery === 'DESK' && (
            <Typography.Text type="secondary">{t('documentRequests.downloadPdfHelp')}</Typography.Text>
          )}
          <Space wrap className="doc-actions">
            <Button
              type={r.delivery === 'DESK' ? 'primary' : 'default'}
              loading={download.isPending}
              onClick={() =>
                download.mutate(r.idx, {
                  onError: (e) =>
                    void message.error(`${t('documentRequests.downloadFailed')} ${errorMessage(e, t)}`),
                })
              }
            >
              {t('documentRequests.downloadPdf')}
            </Button>
          </Space>
        </div>
      )}

      {r.status === 'REQUESTED' && !rejecting && (
        <Space wrap className="doc-actions">
          <Button
            type="primary"
            loading={review.isPending}
            onClick={() => review.mutate(r.idx, { onError: failed })}
          >
            {t('documentRequests.review')}
          </Button>
          <Button danger onClick={() => setRejecting(true)}>
            {t('documentRequests.reject')}
          </Button>
        </Space>
      )}

      {r.status === 'IN_REVIEW' && !rejecting && (
        <div className="doc-issue">
          <label htmlFor="doc-content" className="doc-label">
            {t('documentRequests.contentLabel')}
          </label>
          <Input.TextArea
            id="doc-content"
            value={content}
            maxLength={CONTENT_MAX}
            autoSize={{ minRows: 4, maxRows: 12 }}
            status={error.content ? 'error' : undefined}
            aria-invalid={error.content ? true : undefined}
            aria-describedby={error.content ? 'doc-content-error' : undefined}
            onChange={(e) => {
              setContent(e.target.value);
              setError({});
            }}
          />
          {error.content && (
            <Typography.Text type="danger" id="doc-content-error">
              {error.content}
            </Typography.Text>
          )}
          <Typography.Text type="secondary">{t('documentRequests.contentHelp')}</Typography.Text>
          <Space wrap className="doc-actions">
            <Button type="primary" loading={issue.isPending} onClick={doIssue}>
              {t('documentRequests.issue')}
            </Button>
            <Button danger onClick={() => setRejecting(true)}>
              {t('documentRequests.reject')}
            </Button>
          </Space>
        </div>
      )}

      {open && rejecting && (
        <div className="doc-issue">
          <label htmlFor="doc-reason" className="doc-label">
            {t('documentRequests.reasonLabel')}
          </label>
          <Input.TextArea
            id="doc-reason"
            value={reason}
            maxLength={REASON_MAX}
            autoSize={{ minRows: 2, maxRows: 6 }}
            status={error.reason ? 'error' : undefined}
            aria-invalid={error.reason ? true : undefined}
            aria-describedby={error.reason ? 'doc-reason-error' : undefined}
            onChange={(e) => {
              setReason(e.target.value);
              setError({});
            }}
          />
          {error.reason && (
            <Typography.Text type="danger" id="doc-reason-error">
              {error.reason}
            </Typography.Text>
          )}
          <Space wrap className="doc-actions">
            <Button danger type="primary" loading={reject.isPending} onClick={doReject}>
              {t('documentRequests.confirmReject')}
            </Button>
            <Button onClick={() => setRejecting(false)}>{t('documentRequests.back')}</Button>
          </Space>
        </div>
      )}
    </Modal>
  );
}
