import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AcceptRequestBody,
  Appointment,
  CreateAppointmentBody,
  ReasonBody,
  UpdateAppointmentBody,
} from '@smartcare/contract/appointment';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { appointmentsRoot } from './get-schedule';

export const createAppointment = (client: ApiClient, body: CreateAppointmentBody): Promise<Appointment> =>
  client.api.appointment.create({ body });
export const updateAppointment = (client: ApiClient, body: UpdateAppointmentBody): Promise<Appointment> =>
  client.api.appointment.update({ body });
export const cancelAppointment = (client: ApiClient, body: ReasonBody): Promise<Appointment> =>
  client.api.appointment.cancel({ body });
export const completeAppointment = (client: ApiClient, idx: number): Promise<Appointment> =>
  client.api.appointment.complete({ body: { idx } });
export const acceptRequest = (client: ApiClient, body: AcceptRequestBody): Promise<Appointment> =>
  client.api.appointment.acceptRequest({ body });
export const declineRequest = (client: ApiClient, body: ReasonBody): Promise<Appointment> =>
  client.api.appointment.declineRequest({ body });

function useChange<V>(run: (client: ApiClient, vars: V) => Promise<Appointment>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => run(client, vars),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: appointmentsRoot }),
  });
}

export const useCreateAppointment = () => useChange(createAppointment);
export const useUpdateAppointment = () => useChange(updateAppointment);
export const useCancelAppointment = () => useChange(cancelAppointment);
export const useCompleteAppointment = () => useChange(completeAppointment);
export const useAcceptRequest = () => useChange(acceptRequest);
export const useDeclineRequest = () => useChange(declineRequest);
