import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { ChatRoomSummary } from '@smartcare/contract/chat';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

/** `open` hides finished consultations; `all` includes them. */
export type InboxFilter = 'open' | 'all';

export const chatRoomsKey = ['chat', 'rooms'] as const;

export function getChatRooms(client: ApiClient, filter: InboxFilter): Promise<ChatRoomSummary[]> {
  return client.call<ChatRoomSummary[]>('GET', apiPaths.chat.rooms, {
    query: filter === 'all' ? { includeCompleted: 'true' } : {},
  });
}

export function getChatRoomsQueryOptions(client: ApiClient, filter: InboxFilter) {
  return queryOptions({ queryKey: [...chatRoomsKey, filter], queryFn: () => getChatRooms(client, filter) });
}

export function useChatRooms(filter: InboxFilter) {
  return useQuery(getChatRoomsQueryOptions(useApiClient(), filter));
}
