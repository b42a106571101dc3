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
import { startTouchEmulation } from './lib/touch-emulation';

// Order matters: the restored hash must be in place before the router reads it (spec §2).
startPreloadErrorHandling();
restoreLastRoute();
startAppHeight();
startTouchEmulation();
// The chat connection (spec §4) loads beside the first screen, not in it; a stored session starts it at once.
void import('./lib/realtime').then((m) => m.startRealtimeWithSession());

void initI18n().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  void resumeSession();
  // antd-mobile's React 19 shim and locale (lib/antd-mobile.ts), fetched once the first
  // screen is up; screens that use the library import it themselves as well.
  setTimeout(() => void import('./lib/antd-mobile'), 1500);
});
