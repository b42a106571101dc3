import type {
  TelemedicineRequestCancelBody,
  TelemedicineRequestChangeBody,
  TelemedicineVisit,
} from '@smartcare/contract/telemedicine';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { telemedicineRoot } from './get-my-visits';

/** `PUT /telemedicine/requestChange`: one to three preferred times for a BOOKED visit. */
export function requestChange(body: TelemedicineRequestChangeBody): Promise<TelemedicineVisit> {
  return api.telemedicine.requestChange({ body });
}

/** `PUT /telemedicine/requestCancel`. */
export function requestCancel(body: TelemedicineRequestCancelBody): Promise<TelemedicineVisit> {
  return api.telemedicine.requestCancel({ body });
}

/** `PUT /telemedicine/withdrawRequest`: the open request is taken back. */
export function withdrawRequest(visitIdx: number): Promise<TelemedicineVisit> {
  return api.telemedicine.withdrawRequest({ body: { visitIdx } });
}

function useRequestMutation<A>(fn: (arg: A) => Promise<TelemedicineVisit>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: telemedicineRoot }),
  });
}

export const useRequestChange = () => useRequestMutation(requestChange);
export const useRequestCancel = () => useRequestMutation(requestCancel);
export const useWithdrawRequest = () => useRequestMutation(withdrawRequest);
