import type { TelemedicineConsent } from '@smartcare/contract/telemedicine';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { telemedicineRoot } from './get-my-visits';

/** `PUT /telemedicine/agreeConsent`: the patient agrees to this version of the 비대면진료 consent. */
export function agreeConsent(version: string): Promise<TelemedicineConsent> {
  return api.telemedicine.agreeConsent({ body: { version } });
}

export function useAgreeConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: agreeConsent,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: telemedicineRoot }),
  });
}
