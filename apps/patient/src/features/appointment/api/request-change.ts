import type { Appointment, RequestCancelBody, RequestChangeBody } from '@smartcare/contract/appointment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { myAppointmentQueryKey } from './get-my-appointment';
import { appointmentsRoot } from './get-my-appointments';

/** `PUT /appointment/requestChange`: one to three preferred times. */
export function requestChange(body: RequestChangeBody): Promise<Appointment> {
  return api.appointment.requestChange({ body });
}

/** `PUT /appointment/requestCancel`. */
export function requestCancel(body: RequestCancelBody): Promise<Appointment> {
  return api.appointment.requestCancel({ body });
}

function useAppointmentMutation<B>(call: (body: B) => Promise<Appointment>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (item) => {
      queryClient.setQueryData(myAppointmentQueryKey(item.idx), item);
      void queryClient.invalidateQueries({ queryKey: appointmentsRoot });
    },
    // Refused by the state machine: show what the hospital did meanwhile.
    onError: () => void queryClient.invalidateQueries({ queryKey: appointmentsRoot }),
  });
}

export const useRequestChange = () => useAppointmentMutation(requestChange);
export const useRequestCancel = () => useAppointmentMutation(requestCancel);
