import { createContext, useContext, useSyncExternalStore } from 'react';
import type { TokenPair } from '@smartcare/contract/auth';
import type { StaffProfile } from '@smartcare/contract/staff';

/**
 * The staff member's session. Keys carry a `staff` prefix because the patient app lives on
 * the same origin and keeps its own `accessToken`/`refreshToken` in localStorage (spec §3).
 * "Keep me signed in" puts the session in localStorage; otherwise it lives in sessionStorage
 * and ends with the tab, which suits shared ward workstations.
 */
export const STAFF_SESSION_KEYS = {
  accessToken: 'staffAccessToken',
  refreshToken: 'staffRefreshToken',
  loginId: 'staffLoginId',
  myData: 'staffMyData',
} as const;

export interface StaffSession {
  accessToken: string;
  /**
   * '' since the server keeps it in an HttpOnly cookie out of this page's reach (issue 10
   * point 19); only a session stored before that still holds one here.
   */
  refreshToken: string;
  loginId: string;
  myData: StaffProfile | null;
}

export interface SessionStore {
  get(): StaffSession | null;
  /** Starts a session after login; `persistent` chooses localStorage over sessionStorage. */
  start(loginId: string, tokens: TokenPair, persistent: boolean): void;
  saveTokens(tokens: TokenPair): void;
  saveMyData(myData: StaffProfile): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

const allKeys = Object.values(STAFF_SESSION_KEYS);

/** The server sends '' (the token is in its cookie): nothing of it is kept where script can read it. */
function keepRefreshToken(storage: Storage, refreshToken: string) {
  if (refreshToken) storage.setItem(STAFF_SESSION_KEYS.refreshToken, refreshToken);
  else storage.removeItem(STAFF_SESSION_KEYS.refreshToken);
}

function readFrom(storage: Storage): StaffSession | null {
  const accessToken = storage.getItem(STAFF_SESSION_KEYS.accessToken);
  const refreshToken = storage.getItem(STAFF_SESSION_KEYS.refreshToken) ?? '';
  const loginId = storage.getItem(STAFF_SESSION_KEYS.loginId);
  if (!accessToken || !loginId) return null;
  let myData: StaffProfile | null = null;
  const raw = storage.getItem(STAFF_SESSION_KEYS.myData);
  if (raw) {
    try {
      myData = JSON.parse(raw) as StaffProfile;
    } catch {
      myData = null;
    }
  }
  return { accessToken, refreshToken, loginId, myData };
}

export function createSessionStore(
  local: Storage = window.localStorage,
  perTab: Storage = window.sessionStorage,
): SessionStore {
  const listeners = new Set<() => void>();
  // A stable snapshot object, so React's useSyncExternalStore sees a change only on a real change.
  let snapshot = readFrom(perTab) ?? readFrom(local);

  const storageInUse = (): Storage => (readFrom(perTab) ? perTab : local);
  const emit = () => {
    snapshot = readFrom(perTab) ?? readFrom(local);
    for (const listener of listeners) listener();
  };
  // Another tab refreshing or logging out a localStorage session changes ours too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || (allKeys as string[]).includes(event.key)) emit();
  };

  return {
    get: () => snapshot,
    start(loginId, tokens, persistent) {
      for (const key of allKeys) {
        local.removeItem(key);
        perTab.removeItem(key);
      }
      const storage = persistent ? local : perTab;
      storage.setItem(STAFF_SESSION_KEYS.loginId, loginId);
      storage.setItem(STAFF_SESSION_KEYS.accessToken, tokens.accessToken);
      keepRefreshToken(storage, tokens.refreshToken);
      emit();
    },
    saveTokens(tokens) {
      const storage = storageInUse();
      storage.setItem(STAFF_SESSION_KEYS.accessToken, tokens.accessToken);
      keepRefreshToken(storage, tokens.refreshToken);
      emit();
    },
    saveMyData(myData) {
      storageInUse().setItem(STAFF_SESSION_KEYS.myData, JSON.stringify(myData));
      emit();
    },
    clear() {
      for (const key of allKeys) {
        local.removeItem(key);
        perTab.removeItem(key);
      }
      emit();
    },
    subscribe(listener) {
      if (listeners.size === 0) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
  };
}

export const SessionContext = createContext<SessionStore | null>(null);

export function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSessionStore needs a SessionContext provider');
  return store;
}

/** The current session, re-rendering on login, refresh and logout (also from other tabs). */
export function useSession(): StaffSession | null {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.get);
}
