import type { ChatMessage } from '@smartcare/contract/chat';
import type { OutboxItem } from '@smartcare/web-core/outbox';
import { dayKey } from '../../lib/format';

/** Why a message was given up: no stamped copy in time, refused on every attempt, or the room ended. */
export type PendingFailure = 'noReply' | 'notAccepted' | 'roomComplete';

/** A message this console sent that the server has not stamped and sent back yet (web-core's outbox keeps them). */
export interface PendingMessage extends OutboxItem {
  content: string;
  createdAt: string;
  failure?: PendingFailure;
}

export type TimelineItem =
  | { kind: 'date'; key: string; at: string }
  | { kind: 'message'; key: string; message: ChatMessage }
  | { kind: 'pending'; key: string; pending: PendingMessage };

/**
 * History pages (newest page first) plus what arrived live, each message once, oldest first.
 * Pages shift while new messages arrive, so an older page may repeat what we have: idx decides.
 */
export function mergeMessages(
  pages: readonly (readonly ChatMessage[])[],
  live: readonly ChatMessage[],
): ChatMessage[] {
  const byIdx = new Map<number, ChatMessage>();
  for (const page of pages) for (const message of page) byIdx.set(message.idx, message);
  for (const message of live) byIdx.set(message.idx, message);
  return [...byIdx.values()].sort(
    (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.idx - b.idx,
  );
}

/** Pending messages whose stamped copy has not come back (by clientMsgId). */
export function stillPending(
  pending: readonly PendingMessage[],
  messages: readonly ChatMessage[],
): PendingMessage[] {
  const confirmed = new Set(messages.map((m) => m.clientMsgId).filter((id): id is string => id !== null));
  return pending.filter((p) => !confirmed.has(p.clientMsgId));
}

/** Messages and pending ones in order, with a date separator wherever the day changes. */
export function buildTimeline(
  messages: readonly ChatMessage[],
  pending: readonly PendingMessage[],
): TimelineItem[] {
  const items: TimelineItem[] = [];
  let lastDay: string | null = null;
  const addDate = (at: string) => {
    const day = dayKey(at);
    if (day !== lastDay) {
      items.push({ kind: 'date', key: `date-${day}`, at });
      lastDay = day;
    }
  };
  for (const message of messages) {
    addDate(message.createdAt);
    items.push({ kind: 'message', key: `m-${message.idx}`, message });
  }
  for (const p of pending) {
    addDate(p.createdAt);
    items.push({ kind: 'pending', key: `p-${p.clientMsgId}`, pending: p });
  }
  return items;
}
