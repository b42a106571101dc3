import {
  telemedicineVisitEventSchema,
  type TelemedicineVisit,
  type TelemedicineVisitEvent,
} from '@smartcare/contract/telemedicine';
import { notificationSchema } from '@smartcare/contract/notification';
import { topics } from '@smartcare/contract/topics';
import { useOnReconnect, useRealtime, useRealtimeTopic } from '@smartcare/web-core/use-realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../../lib/use-session';
import { visitQueryKey } from './api/get-my-visit';
import { myVisitsQueryKey, telemedicineRoot } from './api/get-my-visits';

/** A status event of the visit, read with the contract's schema; anything else is null. */
export function readVisitEvent(payload: unknown, visitIdx: number): TelemedicineVisitEvent | null {
  const parsed = telemedicineVisitEventSchema.safeParse(payload);
  return parsed.success && parsed.data.visitIdx === visitIdx ? parsed.data : null;
}

/**
 * The visit's status and place in line, live from `telemedicine/{visitIdx}/status` (the server
 * publishes every change) and the patient's `telemedicine` notices (summary written, request
 * answered); a reconnect refetches what was missed. `onEvent` sees each status event.
 */
export function useVisitLive(visitIdx: number, onEvent?: (event: TelemedicineVisitEvent) => void): void {
  const queryClient = useQueryClient();
  const { accessToken, myData } = useSession();
  const rt = useRealtime();
  useEffect(() => {
    if (accessToken) rt.start();
  }, [rt, accessToken]);
  useRealtimeTopic(accessToken && visitIdx > 0 ? topics.telemedicineVisit(visitIdx) : null, (payload) => {
    const event = readVisitEvent(payload, visitIdx);
    if (!event) return;
    queryClient.setQueryData<TelemedicineVisit>(visitQueryKey(visitIdx), (visit) =>
      visit ? { ...visit, status: event.status, queue: event.queue } : visit,
    );
    void queryClient.invalidateQueries({ queryKey: visitQueryKey(visitIdx) });
    void queryClient.invalidateQueries({ queryKey: myVisitsQueryKey });
    onEvent?.(event);
  });
  // What changes no status (the summary, a request answered) comes as a `telemedicine` notice.
  useRealtimeTopic(accessToken && myData ? topics.notificationPatient(myData.idx) : null, (payload) => {
    const parsed = notificationSchema.safeParse(payload);
    if (parsed.success && parsed.data.kind === 'telemedicine')
      void queryClient.invalidateQueries({ queryKey: telemedicineRoot });
  });
  useOnReconnect(() => void queryClient.invalidateQueries({ queryKey: telemedicineRoot }));
}
