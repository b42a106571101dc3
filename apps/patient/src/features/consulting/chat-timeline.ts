import type { ChatMessage } from '@smartcare/contract/chat';
import type { AppLocale } from '@smartcare/contract/result-codes';
import { intlLocale } from '../../lib/date-format';
import type { PendingChatMessage } from './consulting-realtime';

/** One row of the conversation: a date separator, a stored message, or one of the patient's pending ones. */
export type TimelineItem =
  | { kind: 'date'; key: string; label: string }
  | { kind: 'message'; key: string; message: ChatMessage }
  | { kind: 'pending'; key: string; pending: PendingChatMessage };

export { intlLocale };

export function formatTime(iso: string, locale: AppLocale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  );
}

function dayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/**
 * Messages in order with a separator before each new day (in the phone's time zone).
 * Pending messages come last: the server has not placed them yet.
 */
export function buildTimeline(
  messages: readonly ChatMessage[],
  pending: readonly PendingChatMessage[],
  locale: AppLocale,
): TimelineItem[] {
  const dateFormat = new Intl.DateTimeFormat(intlLocale(locale), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    weekday: 'long',
  });
  const items: TimelineItem[] = [];
  let lastDay: string | null = null;
  const addDay = (iso: string) => {
    const date = new Date(iso);
    const key = dayKey(date);
    if (key === lastDay) return;
    lastDay = key;
    items.push({ kind: 'date', key: `date-${key}`, label: dateFormat.format(date) });
  };
  for (const message of messages) {
    addDay(message.createdAt);
    items.push({ kind: 'message', key: `m-${message.idx}`, message });
  }
  for (const item of pending) {
    addDay(item.createdAt);
    items.push({ kind: 'pending', key: `p-${item.clientMsgId}`, pending: item });
  }
  return items;
}
