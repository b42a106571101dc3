import type { TokenPair } from '@smartcare/contract/auth';
import type { PatientProfile } from '@smartcare/contract/patient';
import { readStorage, storageKeys, writeStorage } from './storage-keys';

/**
 * The session as the spec keeps it (§3): accessToken, refreshToken, loginId and myData
 * (JSON) in localStorage. React reads it through `useSession` (useSyncExternalStore), and
 * other tabs' changes arrive through the `storage` event.
 */
export interface SessionSnapshot {
  accessToken: string | null;
  refreshToken: string | null;
  loginId: string | null;
  myData: PatientProfile | null;
}

const listeners = new Set<() => void>();
let snapshot: SessionSnapshot = read();

function parseMyData(raw: string | null): PatientProfile | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as PatientProfile;
  } catch {
    return null;
  }
}

function read(): SessionSnapshot {
  return {
    accessToken: readStorage(storageKeys.accessToken),
    refreshToken: readStorage(storageKeys.refreshToken),
    loginId: readStorage(storageKeys.loginId),
    myData: parseMyData(readStorage(storageKeys.myData)),
  };
}

function changed(): void {
  snapshot = read();
  for (const listener of listeners) listener();
}

export const session = {
  /** Always from storage, not the snapshot: another tab may have rotated the pair. */
  tokens(): { accessToken: string | null; refreshToken: string | null } {
    return {
      accessToken: readStorage(storageKeys.accessToken),
      refreshToken: readStorage(storageKeys.refreshToken),
    };
  },
  setTokens(pair: TokenPair): void {
    writeStorage(storageKeys.accessToken, pair.accessToken);
    writeStorage(storageKeys.refreshToken, pair.refreshToken);
    changed();
  },
  clearTokens(): void {
    writeStorage(storageKeys.accessToken, null);
    writeStorage(storageKeys.refreshToken, null);
    changed();
  },
  setLoginId(loginId: string): void {
    writeStorage(storageKeys.loginId, loginId);
    changed();
  },
  setMyData(profile: PatientProfile): void {
    writeStorage(storageKeys.myData, JSON.stringify(profile));
    changed();
  },
  /** Logout (spec §4): tokens, loginId and myData go. */
  clear(): void {
    for (const key of [
      storageKeys.accessToken,
      storageKeys.refreshToken,
      storageKeys.loginId,
      storageKeys.myData,
    ]) {
      writeStorage(key, null);
    }
    changed();
  },
  isLoggedIn(): boolean {
    return readStorage(storageKeys.accessToken) !== null;
  },
  snapshot(): SessionSnapshot {
    return snapshot;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values(storageKeys).includes(event.key as never)) changed();
  });
}
