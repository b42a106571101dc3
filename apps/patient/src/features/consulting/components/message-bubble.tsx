import type { ChatMessage } from '@smartcare/contract/chat';
import type { AppLocale } from '@smartcare/contract/result-codes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { PendingChatMessage } from '../consulting-realtime';
import { formatTime } from '../chat-timeline';

/**
 * One message. The patient's own on the right; staff on the left with their name; the
 * chatbot on the left with a bot label. Text is always rendered as text (brief §3).
 */
export function MessageBubble({
  message,
  mine,
  locale,
  inpatient,
}: {
  message: ChatMessage;
  mine: boolean;
  locale: AppLocale;
  /** The hospital area: the urgent guidance offers the app's nurse call, an answer opens its FAQ entry or guide. */
  inpatient: boolean;
}) {
  const { t } = useTranslation();
  const time = formatTime(message.createdAt, locale);
  if (message.notice === 'STAFF_JOINED') {
    return (
      <li className="chat-notice" data-notice={message.notice}>
        <span className="visually-hidden">{t('chatUrgent.staffJoined')}: </span>
        {message.content}
      </li>
    );
  }
  const urgent = message.notice === 'URGENT' || message.notice === 'URGENT_SELF_HARM';
  const who = mine
    ? t('chat.me')
    : message.personType === 'CHATBOT'
      ? t('chat.bot')
      : message.senderName || t('chat.staff');
  const kind = mine ? 'mine' : message.personType === 'CHATBOT' ? 'bot' : 'staff';
  return (
    <li
      className={`chat-row chat-row-${kind}${urgent ? ' chat-row-urgent' : ''}`}
      data-person-type={message.personType}
      data-notice={message.notice ?? undefined}
    >
      {!mine && (
        <span className="chat-sender" aria-hidden="true">
          {message.personType === 'CHATBOT' && <span className="chat-bot-badge">{t('chat.bot')}</span>}
          {message.personType !== 'CHATBOT' && who}
        </span>
      )}
      <div className="chat-bubble-line">
        <p className={`chat-bubble chat-bubble-${kind}`}>
          <span className="visually-hidden">{who}: </span>
          {message.content}
        </p>
        <time className="chat-time" dateTime={message.createdAt}>
          {time}
        </time>
      </div>
      {message.link && inpatient && !urgent && (
        // Issue 14: the FAQ entry or guide the answer quotes, opened in the app.
        <div className="chat-link-actions" role="group" aria-label={t('chatLink.label')}>
          <Link
            className="chat-link-button"
            to={
              message.link.kind === 'FAQ'
                ? paths.hospital.newsDetail.href(message.link.idx)
                : paths.hospital.guideSearchDetail.href(message.link.idx)
            }
          >
            {t(`chatLink.${message.link.kind}`, { title: message.link.title })}
          </Link>
        </div>
      )}
      {urgent && (
        // Decision 011: what to do now, one tap away, right under the guidance.
        <div className="chat-urgent-actions" role="group" aria-label={t('chatUrgent.label')}>
          {inpatient && (
            <Link className="chat-urgent-button chat-urgent-primary" to={paths.hospital.nurseCallList.href()}>
              {t('chatUrgent.nurseCall')}
            </Link>
          )}
          <a className="chat-urgent-button" href="tel:119">
            {t('chatUrgent.call119')}
          </a>
          {message.notice === 'URGENT_SELF_HARM' && (
            <a className="chat-urgent-button" href="tel:109">
              {t('chatUrgent.call109')}
            </a>
          )}
        </div>
      )}
    </li>
  );
}

/** A message the patient wrote that the server has not confirmed yet. */
export function PendingBubble({
  pending,
  locale,
  onRetry,
  onDiscard,
}: {
  pending: PendingChatMessage;
  locale: AppLocale;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  const failed = pending.state === 'failed';
  return (
    <li className="chat-row chat-row-mine" data-pending-state={pending.state}>
      <div className="chat-bubble-line">
        <p
          className={`chat-bubble chat-bubble-mine chat-bubble-pending${failed ? ' chat-bubble-failed' : ''}`}
        >
          <span className="visually-hidden">{t('chat.me')}: </span>
          {pending.content}
        </p>
        <span className="chat-time">{formatTime(pending.createdAt, locale)}</span>
      </div>
      <span
        className={`chat-pending-state${failed ? ' chat-pending-failed' : ''}`}
        role={failed ? 'alert' : undefined}
      >
        {t(`chat.pending.${pending.state}`)}
      </span>
      {failed && (
        <span className="chat-pending-actions">
          <button type="button" className="chat-text-button" onClick={onRetry}>
            {t('chat.retrySend')}
          </button>
          <button type="button" className="chat-text-button chat-text-button-danger" onClick={onDiscard}>
            {t('chat.discard')}
          </button>
        </span>
      )}
    </li>
  );
}
