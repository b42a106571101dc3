import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { StaffProfile } from '@smartcare/contract/staff';
import { EmptyState, LoadingState } from '../../components/ui/query-state';
import { useApiClient } from '../../lib/api-client';
import {
  getChatRoomsQueryOptions,
  useChatRooms,
  type InboxFilter,
} from '../../features/inbox/api/get-chat-rooms';
import { ChatInbox } from '../../features/inbox/components/chat-inbox';
import { useChangeInboxRoom } from '../../features/inbox/use-inbox-live';
import { ChatRoomView } from '../../features/chat-room/components/chat-room-view';

/** The inbox and the open consultation side by side. */
export function ChatRoute() {
  const { t } = useTranslation();
  const me = useOutletContext<StaffProfile>();
  const client = useApiClient();
  const params = useParams();
  const roomIdx = params.roomIdx ? Number(params.roomIdx) : undefined;
  const [filter, setFilter] = useState<InboxFilter>('open');
  const rooms = useChatRooms(filter);
  const changeRoom = useChangeInboxRoom();
  const inList = roomIdx === undefined ? undefined : rooms.data?.find((r) => r.idx === roomIdx);
  // A finished room drops out of the open list on the next fetch; look for it among all rooms then.
  const all = useQuery({
    ...getChatRoomsQueryOptions(client, 'all'),
    enabled: roomIdx !== undefined && rooms.isSuccess && !inList,
  });
  const room = inList ?? all.data?.find((r) => r.idx === roomIdx);

  return (
    <div className="chat-layout">
      <ChatInbox selectedRoomIdx={roomIdx} filter={filter} onFilterChange={setFilter} />
      <div className="chat-pane">
        {roomIdx === undefined ? (
          <EmptyState text={t('chatRoom.selectPrompt')} />
        ) : room ? (
          <ChatRoomView key={room.idx} room={room} me={me} onRoomChanged={changeRoom} />
        ) : rooms.isPending || all.isFetching ? (
          <LoadingState />
        ) : (
          <EmptyState text={t('chatRoom.notFound')} />
        )}
      </div>
    </div>
  );
}
