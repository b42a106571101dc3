import { useState } from 'react';
import { App, Button, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WatchReading } from '@smartcare/contract/home-care-watch';
import {
  QNA_STATUSES,
  QNA_TEMPLATE_TITLE_MAX,
  QNA_TEXT_MAX,
  type QnaQueueItem,
  type QnaStaffQuestion,
  type QnaStatus,
} from '@smartcare/contract/qna';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { useSession } from '../../../lib/session';
import { useNow } from '../../../lib/use-now';
import { errorMessage } from '../../../lib/error-message';
import { useAnswerQuestion, useAssignToMe } from '../api/change-question';
import { usePatientReadings } from '../api/get-patient-readings';
import { usePatientPhoto, usePatientQuestion, useQnaQueue } from '../api/get-queue';
import { useCreateTemplate, useDeleteTemplate, useTemplates } from '../api/templates';
import './qna-board.css';

const STATUS_COLOUR: Record<QnaStatus, string> = {
  WAITING: '#8a4b00',
  ANSWERED: '#237804',
  CLOSED: '#4b5563',
};

/** "3시간 12분" from a start to now. */
function useWaited() {
  const { t } = useTranslation();
  return (since: string, now = Date.now()) => {
    const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
    if (minutes < 60) return t('qna.waitedMinutes', { minutes });
    const hours = Math.floor(minutes / 60);
    if (hours < 24) return t('qna.waitedHours', { hours, minutes: minutes % 60 });
    return t('qna.waitedDays', { days: Math.floor(hours / 24), hours: hours % 24 });
  };
}

function useDateTime() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'kr-KO' ? 'ko-KR' : i18n.language;
  return (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * `/qna`: the hospital's Q&A queue (waiting first, with waiting time, filter by status); one
 * question opens beside it with its photos, the patient's latest readings, take it and answer it
 * (saved answer templates of the hospital).
 */
export function QnaBoard() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<QnaStatus | undefined>(undefined);
  const [openIdx, setOpenIdx] = useState<number | null>(null);
  const queue = useQnaQueue(status);
  const waited = useWaited();
  const dateTime = useDateTime();
  // The waiting time counts up while the queue is on screen.
  const now = useNow(30_000);

  const columns: TableColumnsType<QnaQueueItem> = [
    {
      title: t('qna.columns.status'),
      key: 'status',
      render: (_, q) => (
        <Space orientation="vertical" size={0}>
          <Tag color={STATUS_COLOUR[q.status]} variant="solid">
            {t(`qna.status.${q.status}`)}
          </Tag>
          {q.waitingSince && (
            <span className="qna-waited">{t('qna.waiting', { time: waited(q.waitingSince, now) })}</span>
          )}
        </Space>
      ),
    },
    { title: t('qna.columns.patient'), key: 'patient', dataIndex: 'patientName' },
    {
      title: t('qna.columns.question'),
      key: 'question',
      render: (_, q) => (
        <Space orientation="vertical" size={0}>
          <strong className="qna-pre">{q.title}</strong>
          <span className="call-note">
            {t(`qna.category.${q.category}`)} · {dateTime(q.askedAt)}
            {q.photoCount > 0 ? ` · ${t('qna.photos', { count: q.photoCount })}` : ''}
          </span>
        </Space>
      ),
    },
    {
      title: t('qna.columns.assignee'),
      key: 'assignee',
      render: (_, q) => q.assigneeName ?? t('qna.unassigned'),
    },
    {
      title: t('qna.columns.actions'),
      key: 'actions',
      render: (_, q) => (
        <Button
          type={q.status === 'WAITING' ? 'primary' : 'default'}
          aria-label={t('qna.openLabel', { name: q.patientName, title: q.title })}
          onClick={() => setOpenIdx(q.idx)}
        >
          {t('qna.open')}
        </Button>
      ),
    },
  ];

  return (
    <section className="board" aria-labelledby="qna-title">
      <div className="board-head">
        <div>
          <Typography.Title level={2} id="qna-title" className="panel-title">
            {t('qna.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('qna.subtitle')}</Typography.Text>
        </div>
        <Select<QnaStatus | 'ALL'>
          aria-label={t('qna.filterStatus')}
          value={status ?? 'ALL'}
          style={{ minWidth: 140 }}
          onChange={(value) => setStatus(value === 'ALL' ? undefined : value)}
          options={[
            { value: 'ALL', label: t('qna.allStatuses') },
            ...QNA_STATUSES.map((s) => ({ value: s, label: t(`qna.status.${s}`) })),
          ]}
        />
      </div>
      <div className="qna-layout">
        <div className="qna-queue">
          {queue.isPending ? (
            <LoadingState />
          ) : queue.isError ? (
            <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />
          ) : queue.data.length === 0 ? (
            <EmptyState text={t('qna.empty')} />
          ) : (
            <Table<QnaQueueItem>
              rowKey="idx"
              columns={columns}
              dataSource={queue.data}
              rowClassName={(q) => (q.idx === openIdx ? 'qna-row-open' : '')}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              scroll={{ x: 'max-content' }}
            />
          )}
        </div>
        {openIdx !== null && <QuestionPanel idx={openIdx} onClose={() => setOpenIdx(null)} />}
      </div>
    </section>
  );
}

function QuestionPanel({ idx, onClose }: { idx: number; onClose: () => void }) {
  const { t } = useTranslation();
  const question = usePatientQuestion(idx);
  return (
    <aside className="qna-panel" aria-labelledby="qna-panel-title">
      <div className="qna-panel-head">
        <Typography.Title level={3} id="qna-panel-title" className="qna-subtitle">
          {question.data ? `${question.data.title} · ${question.data.patientName}` : t('qna.questionTitle')}
        </Typography.Title>
        <Button onClick={onClose}>{t('qna.close')}</Button>
      </div>
      {question.isPending ? (
        <LoadingState />
      ) : question.isError ? (
        <ErrorState error={question.error} onRetry={() => void question.refetch()} />
      ) : (
        <QuestionBody key={question.data.idx} q={question.data} />
      )}
    </aside>
  );
}

function QuestionBody({ q }: { q: QnaStaffQuestion }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const dateTime = useDateTime();
  const me = useSession()?.myData ?? null;
  const assign = useAssignToMe();
  const failed = (e: unknown) => void message.error(`${t('qna.actionFailed')} ${errorMessage(e, t)}`);
  return (
    <div className="qna-body">
      <dl className="qna-facts">
        <dt>{t('qna.columns.status')}</dt>
        <dd>
          <Tag color={STATUS_COLOUR[q.status]} variant="solid">
            {t(`qna.status.${q.status}`)}
          </Tag>
        </dd>
        <dt>{t('qna.fields.category')}</dt>
        <dd>{t(`qna.category.${q.category}`)}</dd>
        <dt>{t('qna.fields.askedAt')}</dt>
        <dd>{dateTime(q.askedAt)}</dd>
        <dt>{t('qna.columns.assignee')}</dt>
        <dd>{q.assigneeName ?? t('qna.unassigned')}</dd>
      </dl>
      <p className="qna-pre">{q.text}</p>
      {q.photoIdxs.length > 0 && (
        <div className="qna-photos">
          {q.photoIdxs.map((photoIdx, i) => (
            <Photo key={photoIdx} idx={photoIdx} n={i + 1} />
          ))}
        </div>
      )}
      <Readings patientIdx={q.patientIdx} />
      <Typography.Title level={4} className="qna-subtitle">
        {t('qna.thread')}
      </Typography.Title>
      {q.messages.length === 0 ? (
        <p className="qna-muted">{t('qna.noAnswers')}</p>
      ) : (
        <ol className="qna-thread">
          {q.messages.map((m) => (
            <li key={m.idx} className={m.authorType === 'staff' ? 'qna-msg-staff' : 'qna-msg-patient'}>
              <strong>
                {m.authorType === 'staff'
                  ? t('qna.byStaff', {
                      name: m.authorName,
                      role: t(`roles.${m.authorRole ?? ''}`, { defaultValue: '' }),
                    })
                  : t('qna.byPatient')}
              </strong>{' '}
              · {dateTime(m.at)}
              <div className="qna-pre">{m.text}</div>
            </li>
          ))}
        </ol>
      )}
      {q.status === 'CLOSED' ? (
        <p className="qna-muted">{t('qna.closedHelp')}</p>
      ) : (
        <>
          {q.assigneeIdx !== me?.idx && (
            <Button
              className="qna-assign"
              loading={assign.isPending}
              onClick={() =>
                assign.mutate(q.idx, {
                  onSuccess: () => void message.success(t('qna.assigned')),
                  onError: failed,
                })
              }
            >
              {t('qna.assignToMe')}
            </Button>
          )}
          <AnswerForm q={q} />
        </>
      )}
    </div>
  );
}

function Photo({ idx, n }: { idx: number; n: number }) {
  const { t } = useTranslation();
  const photo = usePatientPhoto(idx);
  if (photo.isPending)
    return <Typography.Text type="secondary">{t('qna.photoLoading', { n })}</Typography.Text>;
  if (photo.isError) return <Typography.Text type="danger">{t('qna.photoFailed', { n })}</Typography.Text>;
  return (
    <a href={photo.data} target="_blank" rel="noreferrer">
      <img className="qna-photo" src={photo.data} alt={t('qna.photoAlt', { n })} />
    </a>
  );
}

function readingText(t: (key: string, o?: Record<string, unknown>) => string, r: WatchReading): string {
  if (r.kind === 'SLEEP') {
    const minutes = Math.round(r.value);
    return t('homeCare.value.SLEEP', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  }
  const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;
  return t(`homeCare.value.${r.kind}`, {
    value: round(r.value, r.kind === 'TEMPERATURE' ? 1 : 0),
    value2: r.value2 === null ? '' : round(r.value2, 0),
  });
}

function Readings({ patientIdx }: { patientIdx: number }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const readings = usePatientReadings(patientIdx);
  return (
    <section className="qna-readings" aria-labelledby="qna-readings-title">
      <Typography.Title level={4} id="qna-readings-title" className="qna-subtitle">
        {t('qna.readings')}
      </Typography.Title>
      {readings.isPending ? (
        <LoadingState />
      ) : readings.isError ? (
        <ErrorState error={readings.error} onRetry={() => void readings.refetch()} />
      ) : readings.data.latest.length === 0 ? (
        <Typography.Text type="secondary">{t('qna.noReadings')}</Typography.Text>
      ) : (
        <dl className="qna-facts">
          {readings.data.latest.map((r) => (
            <div key={r.idx} className="qna-reading">
              <dt>{t(`homeCare.kind.${r.kind}`)}</dt>
              <dd>
                {readingText(t, r)} · {dateTime(r.effectiveAt)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function AnswerForm({ q }: { q: QnaStaffQuestion }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const answer = useAnswerQuestion();
  const templates = useTemplates();
  const createTemplate = useCreateTemplate();
  const deleteTemplate = useDeleteTemplate();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [templateIdx, setTemplateIdx] = useState<number | null>(null);
  const [newTitle, setNewTitle] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const failed = (e: unknown) => void message.error(`${t('qna.actionFailed')} ${errorMessage(e, t)}`);

  const send = () => {
    const body = text.trim();
    if (!body) return setError(t('qna.answerRequired'));
    if (body.length > QNA_TEXT_MAX) return setError(t('qna.tooLong', { max: QNA_TEXT_MAX }));
    answer.mutate(
      { idx: q.idx, text: body },
      {
        onSuccess: () => {
          setText('');
          void message.success(t('qna.answered'));
        },
        onError: failed,
      },
    );
  };
  const saveTemplate = () => {
    const title = newTitle.trim();
    const body = text.trim();
    if (!title) return setTitleError(t('qna.templateTitleRequired'));
    if (!body) return setError(t('qna.answerRequired'));
    createTemplate.mutate(
      { title, text: body },
      {
        onSuccess: () => {
          setNewTitle('');
          void message.success(t('qna.templateSaved'));
        },
        onError: failed,
      },
    );
  };
  const removeTemplate = (idx: number) => {
    void modal.confirm({
      title: t('qna.templateDeleteConfirm'),
      okText: t('qna.templateDelete'),
      cancelText: t('qna.cancel'),
      onOk: () =>
        deleteTemplate.mutateAsync(idx).then(() => {
          setTemplateIdx(null);
          void message.success(t('qna.templateDeleted'));
        }, failed),
    });
  };

  return (
    <div className="qna-answer">
      <Space wrap>
        <Select<number>
          aria-label={t('qna.useTemplate')}
          placeholder={t('qna.useTemplate')}
          value={templateIdx ?? undefined}
          loading={templates.isPending}
          style={{ minWidth: 200 }}
          notFoundContent={templates.isError ? t('qna.templatesFailed') : t('qna.noTemplates')}
          onChange={(value) => {
            setTemplateIdx(value);
            const chosen = templates.data?.find((tpl) => tpl.idx === value);
            if (chosen) {
              setText(chosen.text);
              setError(null);
            }
          }}
          options={(templates.data ?? []).map((tpl) => ({ value: tpl.idx, label: tpl.title }))}
        />
        {templateIdx !== null && (
          <Button danger onClick={() => removeTemplate(templateIdx)} loading={deleteTemplate.isPending}>
            {t('qna.templateDelete')}
          </Button>
        )}
      </Space>
      <label htmlFor="qna-answer" className="qna-label">
        {t('qna.answerLabel')}
      </label>
      <Input.TextArea
        id="qna-answer"
        value={text}
        maxLength={QNA_TEXT_MAX}
        autoSize={{ minRows: 4, maxRows: 12 }}
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'qna-answer-error' : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
      />
      {error && (
        <Typography.Text type="danger" id="qna-answer-error">
          {error}
        </Typography.Text>
      )}
      <Space wrap className="qna-actions">
        <Button type="primary" loading={answer.isPending} onClick={send}>
          {t('qna.sendAnswer')}
        </Button>
      </Space>
      <div className="qna-save-template">
        <label htmlFor="qna-template-title" className="qna-label">
          {t('qna.templateTitle')}
        </label>
        <Space wrap>
          <Input
            id="qna-template-title"
            value={newTitle}
            maxLength={QNA_TEMPLATE_TITLE_MAX}
            status={titleError ? 'error' : undefined}
            aria-invalid={titleError ? true : undefined}
            aria-describedby={titleError ? 'qna-template-title-error' : undefined}
            onChange={(e) => {
              setNewTitle(e.target.value);
              setTitleError(null);
            }}
          />
          <Button loading={createTemplate.isPending} onClick={saveTemplate}>
            {t('qna.templateSave')}
          </Button>
        </Space>
        {titleError && (
          <Typography.Text type="danger" id="qna-template-title-error">
            {titleError}
          </Typography.Text>
        )}
      </div>
    </div>
  );
}
