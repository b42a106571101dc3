import { useQueryClient } from '@tanstack/react-query';
import { staffDeskEventSchema } from '@smartcare/contract/staff-desk';
import { topics } from '@smartcare/contract/topics';
import { useOnReconnect, useRealtimeTopic } from '../../../lib/realtime';
import { useSession } from '../../../lib/session';
import { appointmentsRoot } from './get-schedule';

/**
 * The request queue and the day/week view follow `staffDesk/{hospitalIdx}` (issue 16, decision
 * 031): a patient's change or cancel request, or a colleague's booking or decision, refetches
 * both (a request moves an appointment in the view too); so does a reconnect.
 */
export function useAppointmentsLive(): void {
  const queryClient = useQueryClient();
  const hospitalIdx = useSession()?.myData?.hospitalIdx;
  const refetch = () => {
    void queryClient.invalidateQueries({ queryKey: [...appointmentsRoot, 'schedule'] });
    void queryClient.invalidateQueries({ queryKey: [...appointmentsRoot, 'requests'] });
  };
  useRealtimeTopic(hospitalIdx === undefined ? null : topics.staffDesk(hospitalIdx), (payload) => {
    const event = staffDeskEventSchema.safeParse(payload);
    if (event.success && event.data.queue !== 'documentRequest') refetch();
  });
  useOnReconnect(refetch);
}
