import { useMutation } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

export interface MarkReadBody {
  roomIdx: number;
  lastReadMsgIdx: number;
}

/** Records what this staff member has read, so the inbox's unread count drops. */
export function markRead(client: ApiClient, body: MarkReadBody): Promise<unknown> {
  return client.api.chat.markRead({ body });
}

export function useMarkRead() {
  const client = useApiClient();
  return useMutation({ mutationFn: (body: MarkReadBody) => markRead(client, body) });
}
