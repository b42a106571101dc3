import type { RequestPasswordResetBody } from '@smartcare/contract/patient';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /patient/requestPasswordReset`: e-mails a 6-digit code (answers success either way). */
export function requestPasswordReset(body: RequestPasswordResetBody): Promise<unknown> {
  return api.patient.requestPasswordReset({ body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
