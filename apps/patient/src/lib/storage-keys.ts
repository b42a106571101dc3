/** localStorage keys. The session ones are the spec's own names (§3); native wrappers read them. */
export const storageKeys = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  loginId: 'loginId',
  myData: 'myData',
  locale: 'locale',
  lastRoute: 'lastRoute',
  /** Replaces the default API host when set (spec §3 "API address override"). */
  apiAddress: 'apiAddress',
  /** The login id kept for the "remember me" box. */
  rememberedLoginId: 'rememberedLoginId',
  mobileNoticeDismissed: 'mobileNoticeDismissed',
  /**
   * Chat messages the patient wrote that the server has not confirmed yet, with the patient
   * and hospital they belong to (JSON): they survive a reload and go on the next connection.
   * Removed on logout.
   */
  pendingChat: 'pendingChat',
  // issue 12, installable and usable offline (decision 017)
  /**
   * The answers of the queries marked offline-worthy, with the login they belong to (JSON,
   * lib/pwa/offline-queries.ts): shown when the app opens without a network. Removed on
   * logout and whenever another login is found.
   */
  offlineQueries: 'smartcare.offlineQueries',
  /** The newest chat messages of the patient's room, for reading offline (lib/realtime.ts). Removed on logout. */
  offlineChat: 'smartcare.offlineChat',
} as const;

/** Storage can throw (private mode, quota); the app keeps working without it. */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the value simply is not remembered.
  }
}
