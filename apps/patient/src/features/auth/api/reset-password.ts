import type { ResetPasswordBody } from '@smartcare/contract/patient';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /patient/resetPassword` with the e-mailed code. */
export function resetPassword(body: ResetPasswordBody): Promise<unknown> {
  return api.patient.resetPassword({ body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
