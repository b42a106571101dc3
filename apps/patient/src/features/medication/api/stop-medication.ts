import type { Medication } from '@smartcare/contract/medication';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { medicationQueryKey } from './keys';

/** `PUT /medication/stop`: no more doses from now on; the history stays. */
export function stopMedication(idx: number): Promise<Medication> {
  return api.medication.stop({ body: { idx } });
}

export function useStopMedication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopMedication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: medicationQueryKey }),
  });
}
