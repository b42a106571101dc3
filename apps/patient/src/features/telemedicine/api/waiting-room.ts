import type { TelemedicineVisit } from '@smartcare/contract/telemedicine';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { visitQueryKey } from './get-my-visit';
import { myVisitsQueryKey } from './get-my-visits';

/** `PUT /telemedicine/enterWaitingRoom`: BOOKED → WAITING (window open, consent current). */
export function enterWaitingRoom(visitIdx: number): Promise<TelemedicineVisit> {
  return api.telemedicine.enterWaitingRoom({ body: { visitIdx } });
}

/** `PUT /telemedicine/leaveWaitingRoom`: WAITING → BOOKED; the patient may come back. */
export function leaveWaitingRoom(visitIdx: number): Promise<TelemedicineVisit> {
  return api.telemedicine.leaveWaitingRoom({ body: { visitIdx } });
}

function useVisitChange(change: (visitIdx: number) => Promise<TelemedicineVisit>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (visit) => {
      queryClient.setQueryData(visitQueryKey(visit.visitIdx), (old: TelemedicineVisit | undefined) => ({
        ...old,
        ...visit,
      }));
      void queryClient.invalidateQueries({ queryKey: myVisitsQueryKey });
    },
  });
}

export const useEnterWaitingRoom = () => useVisitChange(enterWaitingRoom);
export const useLeaveWaitingRoom = () => useVisitChange(leaveWaitingRoom);
