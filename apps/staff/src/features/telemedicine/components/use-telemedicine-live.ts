import { useQueryClient } from '@tanstack/react-query';
import { topics } from '@smartcare/contract/topics';
import { useOnReconnect, useRealtimeTopic } from '../../../lib/realtime';
import { telemedicineRoot } from '../api/get-day';

/**
 * Keeps the telemedicine views live: the server publishes on `telemedicineQueue/{hospitalIdx}`
 * whenever a visit of the hospital changes (a patient enters or leaves the waiting room, a call
 * starts or ends); the views refetch. After a dropped connection they refetch too.
 */
export function useTelemedicineLive(hospitalIdx: number) {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: telemedicineRoot });
  useRealtimeTopic(topics.telemedicineQueue(hospitalIdx), refetch);
  useOnReconnect(refetch);
}
