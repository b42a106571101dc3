import type { PatientProfile } from '@smartcare/contract/patient';
import { session } from './session';

/**
 * Where the real-time connection plugs into the session (spec §4: login "then connects
 * chat"). app/realtime-session.ts registers a listener; this module knows no MQTT.
 */
export interface SessionListener {
  onLogin(profile: PatientProfile): void | Promise<void>;
  onLogout(): void | Promise<void>;
}

const listeners = new Set<SessionListener>();

export function registerSessionListener(listener: SessionListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called after tokens are stored and the profile is loaded; a failing listener never fails the login. */
export async function notifyLogin(profile: PatientProfile): Promise<void> {
  await Promise.all(
    [...listeners].map(async (l) => {
      try {
        await l.onLogin(profile);
      } catch {
        /* its own toast */
      }
    }),
  );
}

export async function notifyLogout(): Promise<void> {
  await Promise.all(
    [...listeners].map(async (l) => {
      try {
        await l.onLogout();
      } catch {
        /* nothing left to do */
      }
    }),
  );
}

/**
 * Runs `start` once: now when a session is stored, else (after `loggedOut`) at the next
 * login. The real-time module is loaded this way, so a logged-out first screen does not carry it.
 */
export function whenLoggedIn(start: () => void, loggedOut: () => void = () => undefined): void {
  if (session.isLoggedIn()) {
    start();
    return;
  }
  loggedOut();
  const unregister = registerSessionListener({
    onLogin() {
      unregister();
      start();
    },
    onLogout() {},
  });
}
