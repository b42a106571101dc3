import type { AppLocale } from '@smartcare/contract/result-codes';
import { useTranslation } from 'react-i18next';
import type { ConsultingChat } from '../consulting-realtime';
import type { TimelineItem } from '../chat-timeline';
import { MessageBubble, PendingBubble } from './message-bubble';

/** The conversation as a log: date separators, then bubbles; new messages are announced politely. */
export function ChatMessageList({
  items,
  patientIdx,
  locale,
  chat,
  inpatient,
}: {
  items: TimelineItem[];
  patientIdx: number;
  locale: AppLocale;
  chat: ConsultingChat['chat'];
  inpatient: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div role="log" aria-live="polite" aria-label={t('chat.messagesLabel')}>
      <ol className="chat-list">
        {items.map((item) => {
          switch (item.kind) {
            case 'date':
              return (
                <li key={item.key} className="chat-date">
                  {item.label}
                </li>
              );
            case 'message':
              return (
                <MessageBubble
                  key={item.key}
                  message={item.message}
                  mine={item.message.personType === 'PATIENT' && item.message.senderIdx === patientIdx}
                  locale={locale}
                  inpatient={inpatient}
                />
              );
            case 'pending':
              return (
                <PendingBubble
                  key={item.key}
                  pending={item.pending}
                  locale={locale}
                  onRetry={() => chat.retry(item.pending.clientMsgId)}
                  onDiscard={() => chat.discard(item.pending.clientMsgId)}
                />
              );
          }
        })}
      </ol>
    </div>
  );
}
