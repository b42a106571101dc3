import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Admission, AdmitBody, DischargeBody, MoveBedBody } from '@smartcare/contract/admission';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

/** `POST /admission/admit`, `PUT /admission/moveBed`, `PUT /admission/discharge`. */
export const admitPatient = (client: ApiClient, body: AdmitBody) => client.api.admission.admit({ body });
export const moveBed = (client: ApiClient, body: MoveBedBody) => client.api.admission.moveBed({ body });
export const dischargePatient = (client: ApiClient, body: DischargeBody) =>
  client.api.admission.discharge({ body });

/** One of the three changes; the list is fetched again afterwards, whatever the search. */
function useAdmissionChange<B>(send: (client: ApiClient, body: B) => Promise<Admission>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => send(client, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admission', 'patients'] }),
  });
}

export const useAdmitPatient = () => useAdmissionChange(admitPatient);
export const useMoveBed = () => useAdmissionChange(moveBed);
export const useDischargePatient = () => useAdmissionChange(dischargePatient);
