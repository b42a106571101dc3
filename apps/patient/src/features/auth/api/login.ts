import type { LoginBody } from '@smartcare/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { login } from '../../../lib/auth';

/** `POST /patient/login` or `/patient/iosLogin`, then the profile and real time (lib/auth). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: LoginBody) => login(credentials),
    onSuccess: (profile) => {
      // Whatever the previous patient left in the cache is not this patient's.
      queryClient.clear();
      queryClient.setQueryData(['patient'], profile);
    },
  });
}
