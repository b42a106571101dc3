import type { PatientProfile, UpdateMyDataBody } from '@smartcare/contract/patient';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loadPatient } from '../../../lib/auth';
import { myDataQueryKey } from './get-my-data';
import { patientQueryKey } from './get-patient';

/** `PUT /patient/updateMyData`; the stored `myData` is reloaded so every screen sees the change. */
export async function updateMyData(body: UpdateMyDataBody): Promise<PatientProfile> {
  await api.patient.updateMyData({ body });
  return loadPatient();
}

export function useUpdateMyData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMyData,
    onSuccess: (profile) => {
      queryClient.setQueryData(patientQueryKey, profile);
      void queryClient.invalidateQueries({ queryKey: myDataQueryKey });
    },
  });
}
