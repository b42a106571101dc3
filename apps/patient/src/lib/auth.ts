import type { PatientProfile } from '@smartcare/contract/patient';
import { api, endSession } from './api-client';
import { notifyLogin } from './realtime-seam';
import { session } from './session';

/** Loads the patient's profile and keeps it as `myData` (spec §3). */
export async function loadPatient(): Promise<PatientProfile> {
  const profile = await api.patient.getPatient();
  session.setMyData(profile);
  return profile;
}

/**
 * Logout: the server ends this login first (its tokens stop working everywhere and its
 * real-time connections close, decision 012), then the session is forgotten here. Offline or
 * refused, the phone still logs out; the refresh token then dies at its expiry.
 */
export async function logout(): Promise<void> {
  if (session.isLoggedIn()) {
    try {
      await api.patient.logout();
    } catch {
      // Offline: nothing more can be done from here.
    }
  }
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
