import { useMutation } from '@tanstack/react-query';
import type { LoginBody } from '@smartcare/contract/auth';
import type { StaffProfile } from '@smartcare/contract/staff';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { useSessionStore, type SessionStore } from '../../../lib/session';
import { getMyData } from './get-my-data';

export interface LoginInput extends LoginBody {
  keepSignedIn: boolean;
}

/** Login (a public path: no bearer header, spec §6), then the profile, so the header can name the staff member. */
export async function loginStaff(
  client: ApiClient,
  session: SessionStore,
  input: LoginInput,
): Promise<StaffProfile> {
  const tokens = await client.api.staff.login({
    body: { loginId: input.loginId.trim(), password: input.password },
  });
  session.start(input.loginId.trim(), tokens, input.keepSignedIn);
  try {
    const myData = await getMyData(client);
    session.saveMyData(myData);
    return myData;
  } catch (error) {
    session.clear();
    throw error;
  }
}

export function useLogin() {
  const client = useApiClient();
  const session = useSessionStore();
  return useMutation({ mutationFn: (input: LoginInput) => loginStaff(client, session, input) });
}
