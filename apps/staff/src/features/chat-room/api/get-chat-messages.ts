import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ChatMessage } from '@smartcare/contract/chat';
import type { Page } from '@smartcare/contract/paging';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

export const CHAT_PAGE_SIZE = 30;

export interface ChatMessagesParams {
  roomIdx: number;
  hospitalIdx: number;
}

/** One page of a room's history; page 1 is the newest, each page ordered oldest → newest. */
export function getChatMessages(
  client: ApiClient,
  params: ChatMessagesParams,
  pNum: number,
): Promise<Page<ChatMessage>> {
  return client.api.chat.messages({
    query: { pNum, pSize: CHAT_PAGE_SIZE, roomIdx: params.roomIdx, hospitalIdx: params.hospitalIdx },
  });
}

export function chatMessagesKey(roomIdx: number) {
  return ['chat', 'messages', roomIdx] as const;
}

export function getChatMessagesQueryOptions(client: ApiClient, params: ChatMessagesParams) {
  return infiniteQueryOptions({
    queryKey: chatMessagesKey(params.roomIdx),
    initialPageParam: 1,
    queryFn: ({ pageParam }) => getChatMessages(client, params, pageParam),
    // "Next" here means older: scrolling up asks for the following page.
    getNextPageParam: (last) => (last.pNum * last.pSize < last.totalCount ? last.pNum + 1 : undefined),
  });
}

export function useChatMessages(params: ChatMessagesParams) {
  return useInfiniteQuery(getChatMessagesQueryOptions(useApiClient(), params));
}
