import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { staffInboxEventSchema, type ChatRoomSummary } from '@smartcare/contract/chat';
import { topics } from '@smartcare/contract/topics';
import { useOnReconnect, useRealtimeTopic } from '../../lib/realtime';
import { chatRoomsKey } from './api/get-chat-rooms';
import { upsertRoom } from './sort-rooms';

/** Writes a changed room into every cached inbox list (also used by the open room's events). */
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

/** Keeps the inbox live from `staffInbox/{hospitalIdx}` and refetches after a dropped connection. */
export function useInboxLive(hospitalIdx: number | undefined) {
  const queryClient = useQueryClient();
  const upsert = useUpsertInboxRoom();
  useRealtimeTopic(hospitalIdx === undefined ? null : topics.staffInbox(hospitalIdx), (payload) => {
    const parsed = staffInboxEventSchema.safeParse(payload);
    if (parsed.success) upsert(parsed.data.room);
  });
  useOnReconnect(() => void queryClient.invalidateQueries({ queryKey: chatRoomsKey }));
}
