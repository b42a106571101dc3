import type { RecordResult, VitalSignInput } from '@smartcare/contract/vital-signs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { vitalSignsQueryKey } from './record-vital-sign';

/** `PUT /vitalSign/update`: the patient corrects a reading they typed (same kind). */
export function updateVitalSign(idx: number, reading: VitalSignInput): Promise<RecordResult> {
  return api.vitalSign.update({ body: { idx, reading } });
}

/** `DELETE /vitalSign/delete`: the patient removes a reading they typed. */
export async function deleteVitalSign(idx: number): Promise<void> {
  await api.vitalSign.delete({ body: { idx } });
}

export function useUpdateVitalSign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idx, reading }: { idx: number; reading: VitalSignInput }) => updateVitalSign(idx, reading),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vitalSignsQueryKey }),
  });
}

export function useDeleteVitalSign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVitalSign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vitalSignsQueryKey }),
  });
}
