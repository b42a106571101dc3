import { apiPaths } from '@smartcare/contract/api-paths';
import type { LoginBody, TokenPair } from '@smartcare/contract/auth';
import type { PatientProfile } from '@smartcare/contract/patient';
import { ApiError } from './api-error';
import { apiRequest, callApi, endSession, uploadPushToken } from './api-client';
import { detectPlatform } from './platform';
import { notifyLogin } from './realtime-seam';
import { session } from './session';

/** Spec §6: iOS logs in through /patient/iosLogin, Android and unknown through /patient/login. */
export function loginPath(platform = detectPlatform()): string {
  return platform === 'ios' ? apiPaths.patient.iosLogin : apiPaths.patient.login;
}

/** Loads the patient's profile and keeps it as `myData` (spec §3). */
export async function loadPatient(): Promise<PatientProfile> {
  const profile = await callApi<PatientProfile>('GET', apiPaths.patient.getPatient);
  session.setMyData(profile);
  return profile;
}

/**
 * Login (spec §4): store the tokens, load the profile, then start the real-time connection.
 * A failure throws with the server's words: its data's message when present, else its
 * description (spec §5).
 */
export async function login(credentials: LoginBody): Promise<PatientProfile> {
  const body = await apiRequest<TokenPair & { message?: string }>('POST', loginPath(), { body: credentials });
  const envelope = body as {
    code?: number;
    description?: string;
    data?: (TokenPair & { message?: string }) | null;
  };
  if (envelope.code !== 0 || !envelope.data?.accessToken) {
    const message = envelope.data?.message ?? envelope.description ?? '';
    throw new ApiError(envelope.code ?? -1, message, envelope.data ?? null);
  }
  session.setTokens({ accessToken: envelope.data.accessToken, refreshToken: envelope.data.refreshToken });
  session.setLoginId(credentials.loginId);
  const profile = await loadPatient();
  void uploadPushToken();
  await notifyLogin(profile);
  return profile;
}

export async function logout(): Promise<void> {
  await endSession();
}

/**
 * A returning patient (tokens already stored): refresh the profile and start real time,
 * as a login would. A dead session is handled by the API client (toast, login).
 */
export async function resumeSession(): Promise<void> {
  if (!session.isLoggedIn()) return;
  try {
    const profile = await loadPatient();
    await notifyLogin(profile);
  } catch {
    // Offline or refused: the screens show their own error states.
  }
}
