import { apiPaths } from '@smartcare/contract/api-paths';
import type { ResetPasswordBody } from '@smartcare/contract/patient';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** `POST /patient/resetPassword` with the e-mailed code. */
export function resetPassword(body: ResetPasswordBody): Promise<unknown> {
  return callApi<unknown>('POST', apiPaths.patient.resetPassword, { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
