import { readStorage, storageKeys, writeStorage } from './storage-keys';

/**
 * Spec §2: after every navigation the full path is stored; on start-up with no hash or
 * only the root hash, a saved non-root last route is restored.
 */
export function rememberRoute(fullPath: string): void {
  writeStorage(storageKeys.lastRoute, fullPath);
}

export function savedLastRoute(): string | null {
  return readStorage(storageKeys.lastRoute);
}

/** Run before the router is created, so it starts on the restored route. */
export function restoreLastRoute(
  location: Pick<Location, 'hash' | 'replace'> = window.location,
): string | null {
  const hash = location.hash;
  if (hash !== '' && hash !== '#' && hash !== '#/') return null;
  const saved = savedLastRoute();
  if (!saved || saved === '/' || !saved.startsWith('/')) return null;
  location.replace(`#${saved}`);
  return saved;
}
