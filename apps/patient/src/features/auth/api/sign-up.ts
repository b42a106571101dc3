import type { SignUpBody } from '@smartcare/contract/patient';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /patient/signUp` (no login). */
export function signUp(body: SignUpBody): Promise<{ idx: number; loginId: string }> {
  return api.patient.signUp({ body });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
