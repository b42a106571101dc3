import type { ChatRoomStatus, ChatRoomSummary } from '@smartcare/contract/chat';
import type { InboxFilter } from './api/get-chat-rooms';

/** Rooms waiting for staff first, then those waiting for the patient, the bot, and finished ones. */
const statusOrder: Record<ChatRoomStatus, number> = { WAIT: 0, STANDBY: 1, NONE: 2, COMPLETE: 3 };

const time = (iso: string | null) => (iso ? Date.parse(iso) : 0);

/** An open room an urgent message flagged (decision 011): it leads every inbox. */
export const isUrgent = (room: ChatRoomSummary) => Boolean(room.urgentAt) && room.status !== 'COMPLETE';

/** Urgent first (earliest flag on top), then WAIT, longest waiting on top; the rest by latest activity. */
export function sortRooms(rooms: readonly ChatRoomSummary[]): ChatRoomSummary[] {
  return [...rooms].sort((a, b) => {
    const byUrgency = Number(isUrgent(b)) - Number(isUrgent(a));
    if (byUrgency !== 0) return byUrgency;
    if (isUrgent(a)) {
      const byFlag = time(a.urgentAt ?? null) - time(b.urgentAt ?? null);
      if (byFlag !== 0) return byFlag;
    }
    const byStatus = statusOrder[a.status] - statusOrder[b.status];
    if (byStatus !== 0) return byStatus;
    if (a.status === 'WAIT') {
      const byWait = time(a.waitingSince ?? a.lastActivityAt) - time(b.waitingSince ?? b.lastActivityAt);
      if (byWait !== 0) return byWait;
    } else {
      const byActivity = time(b.lastActivityAt) - time(a.lastActivityAt);
      if (byActivity !== 0) return byActivity;
    }
    return a.idx - b.idx;
  });
}

/** Whether a live room belongs in a list: the bot's rooms only under `bot`, and only there. */
export function belongsIn(filter: InboxFilter, room: ChatRoomSummary): boolean {
  if (filter === 'all') return true;
  return filter === 'bot' ? room.status === 'NONE' : room.status !== 'NONE';
}

/**
 * Puts a changed room into a list of `filter`; an open-only list still shows a room that just
 * finished until the next fetch, and a room the bot handed over leaves the bot list.
 */
export function upsertRoom(
  rooms: readonly ChatRoomSummary[],
  room: ChatRoomSummary,
  filter: InboxFilter = 'all',
): ChatRoomSummary[] {
  const index = rooms.findIndex((r) => r.idx === room.idx);
  if (!belongsIn(filter, room)) return index === -1 ? [...rooms] : rooms.filter((r) => r.idx !== room.idx);
  if (index === -1) return [...rooms, room];
  const next = [...rooms];
  next[index] = room;
  return next;
}
