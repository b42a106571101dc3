import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Medication, MedicationInput } from '@smartcare/contract/medication';
import { useApiClient } from '../../../lib/api-client';
import { patientMedicationsKey } from './get-patient-medications';

/** Prescribe (no idx) or change (idx) a patient's medication; the patient's phone has it at once. */
export function useSaveMedication(patientIdx: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idx, medication }: { idx?: number; medication: MedicationInput }): Promise<Medication> =>
      idx
        ? client.api.medication.change({ body: { idx, medication } })
        : client.api.medication.prescribe({ body: { patientIdx, medication } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientMedicationsKey(patientIdx) }),
  });
}

export function useStopMedication(patientIdx: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idx: number): Promise<Medication> => client.api.medication.stopForPatient({ body: { idx } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientMedicationsKey(patientIdx) }),
  });
}
