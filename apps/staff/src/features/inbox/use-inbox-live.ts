import { useCallback, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { staffInboxEventSchema, type ChatRoomSummary } from '@smartcare/contract/chat';
import { topics } from '@smartcare/contract/topics';
import { useOnReconnect, useRealtimeTopic } from '../../lib/realtime';
import { chatRoomsKey, type InboxFilter } from './api/get-chat-rooms';
import { isUrgent, upsertRoom } from './sort-rooms';

/** Writes room summaries from the server into every cached inbox list, one write per list. */
export function useUpsertInboxRoom() {
  const queryClient = useQueryClient();
  return useCallback(
    (...changed: ChatRoomSummary[]) => {
      // Each list keeps to its filter: a bot-handled room never shows in the open list.
      for (const [key, rooms] of queryClient.getQueriesData<ChatRoomSummary[]>({ queryKey: chatRoomsKey })) {
        if (!rooms) continue;
        const filter = (key[chatRoomsKey.length] ?? 'all') as InboxFilter;
        queryClient.setQueryData<ChatRoomSummary[]>(
          key,
          changed.reduce((list, room) => upsertRoom(list, room, filter), rooms),
        );
      }
    },
    [queryClient],
  );
}

/**
 * Changes one room in every cached inbox list with a function of its current state, so a
 * late answer (a mark-read) never writes back an older copy over a newer live update.
 */
export function useChangeInboxRoom() {
  const queryClient = useQueryClient();
  return useCallback(
    (roomIdx: number, change: (room: ChatRoomSummary) => ChatRoomSummary) => {
      queryClient.setQueriesData<ChatRoomSummary[]>({ queryKey: chatRoomsKey }, (rooms) =>
        rooms?.map((room) => (room.idx === roomIdx ? change(room) : room)),
      );
    },
    [queryClient],
  );
}

/**
 * Keeps the inbox live from this staff member's own inbox topic, whose summaries carry their
 * own unread counts as `GET /chat/rooms` does (decision 009), and refetches after a dropped
 * connection. `onUrgent` is called once when a room becomes urgent (decision 011), not for
 * rooms already urgent when the inbox was loaded.
 */
export function useInboxLive(
  hospitalIdx: number | undefined,
  staffIdx: number | undefined,
  onUrgent?: (room: ChatRoomSummary) => void,
) {
  const queryClient = useQueryClient();
  const upsert = useUpsertInboxRoom();
  const alerted = useRef(new Set<string>());
  const knownUrgent = (room: ChatRoomSummary) =>
    queryClient
      .getQueriesData<ChatRoomSummary[]>({ queryKey: chatRoomsKey })
      .some(([, rooms]) => rooms?.some((r) => r.idx === room.idx && r.urgentAt === room.urgentAt));
  const topic =
    hospitalIdx === undefined || staffIdx === undefined ? null : topics.staffInbox(hospitalIdx, staffIdx);
  useRealtimeTopic(topic, (payload) => {
    const parsed = staffInboxEventSchema.safeParse(payload);
    if (!parsed.success) return;
    const { rooms } = parsed.data;
    for (const room of rooms) {
      const flag = `${room.idx}:${room.urgentAt}`;
      if (isUrgent(room) && !knownUrgent(room) && !alerted.current.has(flag)) {
        alerted.current.add(flag);
        onUrgent?.(room);
      }
    }
    upsert(...rooms);
  });
  useOnReconnect(() => void queryClient.invalidateQueries({ queryKey: chatRoomsKey }));
}
