import { apiPaths } from '@smartcare/contract/api-paths';
import type { LoginBody, TokenPair } from '@smartcare/contract/auth';
import type { Envelope } from '@smartcare/contract/envelope';
import type { PatientProfile } from '@smartcare/contract/patient';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope, uploadPushToken } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { loadPatient } from '../../../lib/auth';
import { detectPlatform } from '../../../lib/platform';
import { notifyLogin } from '../../../lib/realtime-seam';
import { session } from '../../../lib/session';

/** Spec §6: iOS logs in through /patient/iosLogin, Android and unknown through /patient/login. */
export function loginPath(platform = detectPlatform()): string {
  return platform === 'ios' ? apiPaths.patient.iosLogin : apiPaths.patient.login;
}

/**
 * Login (spec §4): store the tokens, load the profile, then start the real-time connection.
 * A failure throws with the server's words: its data's message when present, else its
 * description (spec §5).
 */
export async function login(credentials: LoginBody): Promise<PatientProfile> {
  const send =
    loginPath() === apiPaths.patient.iosLogin ? apiEnvelope.patient.iosLogin : apiEnvelope.patient.login;
  const envelope: Partial<Envelope<TokenPair>> = await send({ body: credentials });
  if (envelope.code !== 0 || !envelope.data?.accessToken) {
    // A refusal may carry the server's words in its data (spec §5).
    const refusal = envelope.data as { message?: string } | null | undefined;
    const message = refusal?.message ?? envelope.description ?? '';
    throw new ApiError(envelope.code ?? -1, message, envelope.data ?? null);
  }
  return startSession(envelope.data, credentials.loginId);
}

/**
 * What every login does once it has a token pair (password or Kakao, issue 12): keep the
 * pair, load the profile, hand the native wrapper's push token over, start real time.
 */
export async function startSession(pair: TokenPair, loginId?: string): Promise<PatientProfile> {
  session.setTokens({ accessToken: pair.accessToken, refreshToken: pair.refreshToken });
  if (loginId) session.setLoginId(loginId);
  const profile = await loadPatient();
  if (!loginId) session.setLoginId(profile.loginId);
  void uploadPushToken();
  await notifyLogin(profile);
  return profile;
}

/** `POST /patient/login` or `/patient/iosLogin`, then the profile and real time. */
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
