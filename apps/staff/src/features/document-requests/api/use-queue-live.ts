import { useQueryClient } from '@tanstack/react-query';
import { staffDeskEventSchema } from '@smartcare/contract/staff-desk';
import { topics } from '@smartcare/contract/topics';
import { useOnReconnect, useRealtimeTopic } from '../../../lib/realtime';
import { useSession } from '../../../lib/session';
import { documentQueueRoot } from './get-queue';

/**
 * The queue follows `staffDesk/{hospitalIdx}` (issue 16, decision 031): a new, cancelled or
 * moved request of the hospital refetches it; so does a reconnect (what was missed meanwhile).
 */
export function useQueueLive(): void {
  const queryClient = useQueryClient();
  const hospitalIdx = useSession()?.myData?.hospitalIdx;
  const refetch = () => void queryClient.invalidateQueries({ queryKey: documentQueueRoot });
  useRealtimeTopic(hospitalIdx === undefined ? null : topics.staffDesk(hospitalIdx), (payload) => {
    const event = staffDeskEventSchema.safeParse(payload);
    if (event.success && event.data.queue === 'documentRequest') refetch();
  });
  useOnReconnect(refetch);
}
