import type { Dose } from '@smartcare/contract/medication';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { medicationQueryKey } from './keys';

export type DoseAction =
  | { kind: 'take'; doseIdx: number }
  | { kind: 'snooze'; doseIdx: number }
  | { kind: 'skip'; doseIdx: number; reason?: string };

/** `PUT /medication/takeDose`, `snoozeDose` and `skipDose`. */
export function actOnDose(action: DoseAction): Promise<Dose> {
  switch (action.kind) {
    case 'take':
      return api.medication.takeDose({ body: { doseIdx: action.doseIdx } });
    case 'snooze':
      return api.medication.snoozeDose({ body: { doseIdx: action.doseIdx } });
    case 'skip':
      return api.medication.skipDose({
        body: { doseIdx: action.doseIdx, ...(action.reason ? { reason: action.reason } : {}) },
      });
  }
}

export function useDoseAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnDose,
    onSettled: () => queryClient.invalidateQueries({ queryKey: medicationQueryKey }),
  });
}
