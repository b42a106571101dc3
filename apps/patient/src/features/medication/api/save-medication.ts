import type { Medication, MedicationInput } from '@smartcare/contract/medication';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { medicationQueryKey } from './keys';

/** `POST /medication/add` without an idx, `PUT /medication/update` with one. */
export function saveMedication({
  idx,
  medication,
}: {
  idx?: number;
  medication: MedicationInput;
}): Promise<Medication> {
  return idx
    ? api.medication.update({ body: { idx, medication } })
    : api.medication.add({ body: medication });
}

export function useSaveMedication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMedication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: medicationQueryKey }),
  });
}
