import { apiPaths } from '@smartcare/contract/api-paths';
import type { RequestPasswordResetBody } from '@smartcare/contract/patient';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** `POST /patient/requestPasswordReset`: e-mails a 6-digit code (answers success either way). */
export function requestPasswordReset(body: RequestPasswordResetBody): Promise<unknown> {
  return callApi<unknown>('POST', apiPaths.patient.requestPasswordReset, { body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
