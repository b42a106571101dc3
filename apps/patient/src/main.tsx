// antd-mobile's global CSS variables (our theme in app.css overrides them).
import 'antd-mobile/es/global';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startAppHeight } from './lib/app-height';
import { resumeSession } from './lib/auth';
import { initI18n } from './lib/i18n';
import { restoreLastRoute } from './lib/last-route';
import { startPreloadErrorHandling } from './lib/preload-error';
import { forgetOfflineQueries } from './lib/pwa/offline-queries';
import { registerServiceWorker } from './lib/pwa/register-service-worker';
import { startOnlineState } from './lib/pwa/use-online';
import { whenLoggedIn } from './lib/realtime-seam';
import { storageKeys, writeStorage } from './lib/storage-keys';
import { applyTextSize, storedTextSize } from './lib/text-size';
import { startTouchEmulation } from './lib/touch-emulation';

// Order matters: the restored hash must be in place before the router reads it (spec §2).
startPreloadErrorHandling();
restoreLastRoute();
// Before the first paint: no screen is drawn at one size and then redrawn at another.
applyTextSize(storedTextSize());
startAppHeight();
startTouchEmulation();
startOnlineState();
// The chat connection (spec §4) loads with the session: beside the first screen when one is
// stored, else at login (a logged-out first screen carries none of it).
whenLoggedIn(
  () => void import('./app/realtime-session').then((m) => m.startRealtimeWithSession()),
  // Chat written before a logout that the module did not see (it forgets them when loaded without a session).
  () => {
    writeStorage(storageKeys.pendingChat, null);
    // What was kept for reading offline belongs to the login that ended (decision 017).
    writeStorage(storageKeys.offlineChat, null);
    forgetOfflineQueries();
  },
);

void initI18n().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  void resumeSession();
  registerServiceWorker();
});
