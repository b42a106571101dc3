import { apiPaths } from '@smartcare/contract/api-paths';
import type { SignUpBody } from '@smartcare/contract/patient';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** `POST /patient/signUp` (no login). */
export function signUp(body: SignUpBody): Promise<{ idx: number; loginId: string }> {
  return callApi<{ idx: number; loginId: string }>('POST', apiPaths.patient.signUp, { body });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
