import type { ChatRoomStatus, ChatRoomSummary } from '@smartcare/contract/chat';

/** Rooms waiting for staff first, then those waiting for the patient, the bot, and finished ones. */
const statusOrder: Record<ChatRoomStatus, number> = { WAIT: 0, STANDBY: 1, NONE: 2, COMPLETE: 3 };

const time = (iso: string | null) => (iso ? Date.parse(iso) : 0);

/** WAIT first, longest waiting on top; the rest by latest activity. */
export function sortRooms(rooms: readonly ChatRoomSummary[]): ChatRoomSummary[] {
  return [...rooms].sort((a, b) => {
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

/** Puts a changed room into a list; an open-only list still shows a room that just finished until the next fetch. */
export function upsertRoom(rooms: readonly ChatRoomSummary[], room: ChatRoomSummary): ChatRoomSummary[] {
  const index = rooms.findIndex((r) => r.idx === room.idx);
  if (index === -1) return [...rooms, room];
  const next = [...rooms];
  next[index] = room;
  return next;
}
