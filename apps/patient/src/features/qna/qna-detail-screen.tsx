import '../../lib/antd-mobile';
import { QNA_TEXT_MAX, qnaReplyBodySchema, type QnaMessage } from '@smartcare/contract/qna';
import { ResultCode } from '@smartcare/contract/result-codes';
import { isValidationMessageKey } from '@smartcare/contract/validation-messages';
import Dialog from 'antd-mobile/es/components/dialog';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { paths } from '../../config/paths';
import { ApiError, errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/date-format';
import { validationText } from '../../lib/form-rules';
import { toast } from '../../lib/toast';
import { useAddFollowUp } from './api/add-follow-up';
import { useCloseQuestion } from './api/close-question';
import { useQuestionPhoto } from './api/get-photo';
import { useQuestion } from './api/get-question';
import { QnaStatusChip } from './qna-parts';
import { useQnaLive } from './use-qna-live';
import './qna.css';

/** `/homecare/qna/{idx}`: the question, its photos, the care team's answers; follow up or close. */
export function QnaDetailScreen({ idx }: { idx: string }) {
  const { t } = useTranslation();
  const questionIdx = /^\d{1,9}$/.test(idx) ? Number(idx) : 0;
  const question = useQuestion(questionIdx);
  const close = useCloseQuestion();
  useQnaLive();
  const notFound =
    questionIdx === 0 || (question.error instanceof ApiError && question.error.code === ResultCode.NOT_FOUND);

  const confirmClose = async () => {
    const confirmed = await Dialog.confirm({
      content: t('qna.detail.closeConfirm'),
      confirmText: t('qna.detail.closeOk'),
      cancelText: t('qna.detail.keepOpen'),
    });
    if (!confirmed) return;
    close.mutate(questionIdx, {
      onSuccess: () => toast.success(t('qna.detail.closed')),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <Page title={t('qna.detail.title')} back={paths.homecare.qnaList.href()}>
      {notFound && <ErrorView message={t('qna.detail.notFound')} />}
      {!notFound && question.isPending && <LoadingView />}
      {!notFound && question.isError && (
        <ErrorView message={errorMessage(question.error)} onRetry={() => void question.refetch()} />
      )}
      {question.isSuccess && (
        <>
          <section className="qna-card" aria-live="polite">
            <div className="qna-row-top">
              <h2 className="qna-row-title">{question.data.title}</h2>
              <QnaStatusChip status={question.data.status} />
            </div>
            <p className="qna-meta">
              {t(`qna.category.${question.data.category}`)} · {formatDateTime(question.data.askedAt)}
            </p>
            <p className="qna-pre">{question.data.text}</p>
            {question.data.photoIdxs.length > 0 && (
              <ul className="qna-photo-list">
                {question.data.photoIdxs.map((photoIdx, i) => (
                  <li key={photoIdx}>
                    <StoredPhoto idx={photoIdx} n={i + 1} />
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="qna-thread-title">
            <h2 id="qna-thread-title" className="qna-section-title">
              {t('qna.detail.answers')}
            </h2>
            {question.data.messages.length === 0 ? (
              <p className="qna-help">{t('qna.detail.noAnswer')}</p>
            ) : (
              <ol className="qna-thread">
                {question.data.messages.map((m) => (
                  <MessageItem key={m.idx} message={m} />
                ))}
              </ol>
            )}
          </section>

          {question.data.status !== 'CLOSED' ? (
            <>
              <FollowUpForm idx={questionIdx} />
              <button
                type="button"
                className="btn btn-block"
                disabled={close.isPending}
                onClick={() => void confirmClose()}
              >
                {t('qna.detail.close')}
              </button>
            </>
          ) : (
            <p className="qna-help">{t('qna.detail.closedHelp')}</p>
          )}
        </>
      )}
    </Page>
  );
}

function MessageItem({ message }: { message: QnaMessage }) {
  const { t } = useTranslation();
  const staff = message.authorType === 'staff';
  return (
    <li className={`qna-message${staff ? ' qna-message-staff' : ''}`}>
      <span className="qna-message-author">
        {staff
          ? t('qna.detail.staffAuthor', {
              name: message.authorName,
              role: t(`qna.role.${message.authorRole ?? 'OTHER'}`, {
                defaultValue: message.authorRole ?? '',
              }),
            })
          : t('qna.detail.me')}
      </span>
      <span className="qna-meta">{formatDateTime(message.at)}</span>
      <p className="qna-pre">{message.text}</p>
    </li>
  );
}

function StoredPhoto({ idx, n }: { idx: number; n: number }) {
  const { t } = useTranslation();
  const photo = useQuestionPhoto(idx);
  if (photo.isPending) return <p className="qna-meta">{t('qna.detail.photoLoading', { n })}</p>;
  if (photo.isError) return <p className="qna-meta">{t('qna.detail.photoFailed', { n })}</p>;
  return <img className="qna-photo" src={photo.data} alt={t('qna.register.photoAlt', { n })} />;
}

function FollowUpForm({ idx }: { idx: number }) {
  const { t } = useTranslation();
  const add = useAddFollowUp();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const checked = qnaReplyBodySchema.safeParse({ idx, text });
    if (!checked.success) {
      const key = checked.error.issues[0]?.message ?? 'invalid';
      setError(
        isValidationMessageKey(key)
          ? validationText(key, { field: t('qna.detail.followUp'), length: QNA_TEXT_MAX })
          : key,
      );
      return;
    }
    try {
      await add.mutateAsync({ idx, text: checked.data.text });
      setText('');
      toast.success(t('qna.detail.followUpSent'));
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors().length > 0) setError(e.fieldErrors()[0]!.message);
      else toast.error(errorMessage(e));
    }
  };

  return (
    <form className="plain-form qna-card" onSubmit={(e) => void submit(e)} noValidate>
      <div className="text-field">
        <label htmlFor={id}>{t('qna.detail.followUp')}</label>
        <textarea
          id={id}
          className="qna-textarea"
          rows={3}
          value={text}
          maxLength={QNA_TEXT_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
        />
        {error && (
          <p id={`${id}-error`} className="text-field-error">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={add.isPending}>
        {t('qna.detail.followUpSend')}
      </button>
    </form>
  );
}
