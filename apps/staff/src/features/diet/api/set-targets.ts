import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DietTargets, SetDietTargetsBody } from '@smartcare/contract/diet';
import { useApiClient } from '../../../lib/api-client';
import { patientDietKey } from './get-patient-diet';

/** `PUT /diet/setTargets`: the nurse's daily targets and diabetic / hypertensive call-outs. */
export function useSetDietTargets(patientIdx: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<SetDietTargetsBody, 'patientIdx'>): Promise<DietTargets> =>
      client.api.diet.setTargets({ body: { ...body, patientIdx } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientDietKey(patientIdx) }),
  });
}

/** `DELETE /diet/resetTargets`: back to the KDRI defaults by sex and age. */
export function useResetDietTargets(patientIdx: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<DietTargets> => client.api.diet.resetTargets({ body: { patientIdx } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientDietKey(patientIdx) }),
  });
}
