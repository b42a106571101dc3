import { useTranslation } from 'react-i18next';
import { Button } from 'antd';
import type { ChatMessage } from '@smartcare/contract/chat';
import { formatTime } from '../../../lib/format';
import type { PendingMessage } from '../timeline';

type Side = 'patient' | 'staff' | 'mine' | 'bot';

function sideOf(message: ChatMessage, myIdx: number): Side {
  if (message.personType === 'PATIENT') return 'patient';
  if (message.personType === 'CHATBOT') return 'bot';
  return message.senderIdx === myIdx ? 'mine' : 'staff';
}

/**
 * One message. Content is always rendered as text (React escapes it; nothing is parsed as
 * HTML or markdown), so a patient cannot inject markup into the console (brief §3).
 */
export function MessageBubble({ message, myIdx }: { message: ChatMessage; myIdx: number }) {
  const { t, i18n } = useTranslation();
  const side = sideOf(message, myIdx);
  const sender = side === 'bot' ? t('chatRoom.chatbot') : message.senderName;
  if (message.notice === 'STAFF_JOINED') {
    return (
      <div className="notice-line" role="note" data-notice={message.notice}>
        <span className="sr-only">{t('chatTriage.noticeStaffJoined')}: </span>
        {message.content}
      </div>
    );
  }
  const urgent = message.notice === 'URGENT' || message.notice === 'URGENT_SELF_HARM';
  return (
    <div
      className={`bubble-row bubble-${side}${urgent ? ' bubble-urgent' : ''}`}
      data-person-type={message.personType}
      data-notice={message.notice ?? undefined}
    >
      <div className="bubble-sender">
        {sender}
        {urgent && ` · ${t('chatTriage.noticeUrgent')}`}
      </div>
      <div className="bubble">{message.content}</div>
      <div className="bubble-meta">
        <time dateTime={message.createdAt}>{formatTime(message.createdAt, i18n.language)}</time>
      </div>
    </div>
  );
}

export function PendingBubble({
  pending,
  myName,
  onResend,
}: {
  pending: PendingMessage;
  myName: string;
  onResend: (clientMsgId: string) => void;
}) {
  const { t } = useTranslation();
  // Waiting for a connection or for the server's copy: to the staff member, both are "sending".
  const state = pending.state === 'failed' ? 'failed' : 'sending';
  return (
    <div className={`bubble-row bubble-mine bubble-${state}`} data-pending={state}>
      <div className="bubble-sender">{myName}</div>
      <div className="bubble">{pending.content}</div>
      <div className="bubble-meta">
        {state === 'sending' ? (
          <span className="bubble-state">{t('chatRoom.pending')}</span>
        ) : (
          <>
            <span className="bubble-state bubble-state-failed">{t('chatRoom.failed')}</span>
            {pending.failure === 'notAccepted' && (
              <span className="bubble-state-reason">{t('chatRoom.failedNotAccepted')}</span>
            )}
            {pending.failure === 'roomComplete' ? (
              <span className="bubble-state-reason">{t('chatRoom.failedRoomComplete')}</span>
            ) : (
              <Button size="small" type="link" onClick={() => onResend(pending.clientMsgId)}>
                {t('chatRoom.resend')}
              </Button>
            )}
          </>
        )}
      </div>
    </div>
  );
}
