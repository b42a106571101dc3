import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatRoomSummary } from '@smartcare/contract/chat';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

/**
 * `open`: consultations that need or had staff (not finished, not the bot's); `bot`: rooms the
 * chatbot is handling ("챗봇 응대 중", decision 011); `all`: every room, finished ones included.
 */
export type InboxFilter = 'open' | 'bot' | 'all';

export const chatRoomsKey = ['chat', 'rooms'] as const;

const queries: Record<InboxFilter, Record<string, string>> = {
  open: {},
  bot: { status: 'BOT' },
  all: { includeCompleted: 'true' },
};

export function getChatRooms(client: ApiClient, filter: InboxFilter): Promise<ChatRoomSummary[]> {
  return client.api.chat.rooms({ query: queries[filter] });
}

export function getChatRoomsQueryOptions(client: ApiClient, filter: InboxFilter) {
  return queryOptions({ queryKey: [...chatRoomsKey, filter], queryFn: () => getChatRooms(client, filter) });
}

export function useChatRooms(filter: InboxFilter) {
  return useQuery(getChatRoomsQueryOptions(useApiClient(), filter));
}
