import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { staffInboxEventSchema, type ChatRoomSummary } from '@smartcare/contract/chat';
import { topics } from '@smartcare/contract/topics';
import { useOnReconnect, useRealtimeTopic } from '../../lib/realtime';
import { chatRoomsKey } from './api/get-chat-rooms';
import { upsertRoom } from './sort-rooms';

/** Writes a room summary from the server into every cached inbox list. */
export function useUpsertInboxRoom() {
  const queryClient = useQueryClient();
  return useCallback(
    (room: ChatRoomSummary) => {
      queryClient.setQueriesData<ChatRoomSummary[]>({ queryKey: chatRoomsKey }, (rooms) =>
        rooms ? upsertRoom(rooms, room) : rooms,
      );
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
 * connection.
 */
export function useInboxLive(hospitalIdx: number | undefined, staffIdx: number | undefined) {
  const queryClient = useQueryClient();
  const upsert = useUpsertInboxRoom();
  const topic =
    hospitalIdx === undefined || staffIdx === undefined ? null : topics.staffInbox(hospitalIdx, staffIdx);
  useRealtimeTopic(topic, (payload) => {
    const parsed = staffInboxEventSchema.safeParse(payload);
    if (parsed.success) upsert(parsed.data.room);
  });
  useOnReconnect(() => void queryClient.invalidateQueries({ queryKey: chatRoomsKey }));
}
