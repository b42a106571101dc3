import type { Appointment, PersonalItemBody, UpdatePersonalItemBody } from '@smartcare/contract/appointment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { appointmentsRoot } from './get-my-appointments';

/** `POST /appointment/addPersonal` (a resend with the same clientRequestId returns the first). */
export function addPersonal(body: PersonalItemBody): Promise<Appointment> {
  return api.appointment.addPersonal({ body });
}
/** `PUT /appointment/updatePersonal`. */
export function updatePersonal(body: UpdatePersonalItemBody): Promise<Appointment> {
  return api.appointment.updatePersonal({ body });
}
/** `DELETE /appointment/deletePersonal`. */
export async function deletePersonal(idx: number): Promise<void> {
  await api.appointment.deletePersonal({ body: { idx } });
}

function useRefreshing<A, R>(call: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: appointmentsRoot }),
  });
}

export const useAddPersonal = () => useRefreshing(addPersonal);
export const useUpdatePersonal = () => useRefreshing(updatePersonal);
export const useDeletePersonal = () => useRefreshing(deletePersonal);
