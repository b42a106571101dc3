/**
 * A lazy chunk that fails to load (a deploy replaced it, the network dropped) fires
 * `vite:preloadError`. Reload once; if it fails again, let the error reach the route's
 * error screen, which offers a retry instead of a blank page.
 */
const RELOADED_KEY = 'preloadErrorReloadedAt';
const WINDOW_MS = 60_000;

export function startPreloadErrorHandling(target: Window = window): () => void {
  const onError = (event: Event) => {
    const last = Number(target.sessionStorage.getItem(RELOADED_KEY) ?? 0);
    if (Date.now() - last > WINDOW_MS) {
      event.preventDefault();
      target.sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
      target.location.reload();
    }
  };
  target.addEventListener('vite:preloadError', onError);
  return () => target.removeEventListener('vite:preloadError', onError);
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|preload|Failed to fetch/i.test(
    message,
  );
}
