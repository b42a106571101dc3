import type { RecordResult, VitalSignInput } from '@smartcare/contract/vital-signs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every vital-sign query starts with this key: a new reading refreshes all of them. */
export const vitalSignsQueryKey = ['vitalSigns'] as const;

/** `POST /vitalSign/record`: one reading typed by the patient (a cuff's pulse comes back as a second). */
export function recordVitalSign(body: VitalSignInput): Promise<RecordResult> {
  return api.vitalSign.record({ body });
}

export function useRecordVitalSign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordVitalSign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vitalSignsQueryKey }),
  });
}
