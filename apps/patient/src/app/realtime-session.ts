import { consultingChat, type ConsultingChat } from '../features/consulting/consulting-realtime';
import { registerSessionListener } from '../lib/realtime-seam';
import { session } from '../lib/session';

/**
 * Plugs the real-time connection into the session (spec §4: login "then connects chat";
 * logout ends it). The chat owns the session's connection: choosing or changing the hospital
 * later starts or moves it as well. Loaded with the session (main.tsx), so a logged-out first
 * screen carries none of it.
 */
export function startRealtimeWithSession(target: ConsultingChat = consultingChat): () => void {
  let loggedIn = false;
  const unregister = registerSessionListener({
    onLogin(profile) {
      loggedIn = true;
      target.start(profile);
    },
    onLogout() {
      loggedIn = false;
      target.stop();
      target.forgetPending();
    },
  });
  const unwatch = session.subscribe(() => {
    if (!loggedIn) return;
    const { accessToken, myData } = session.snapshot();
    if (!accessToken || !myData) {
      loggedIn = false;
      target.stop();
      return;
    }
    target.start(myData);
  });
  // Loaded after the app started: a session that is already there starts now (start is idempotent).
  const { accessToken, myData } = session.snapshot();
  if (accessToken && myData) {
    loggedIn = true;
    target.start(myData);
  } else if (!accessToken) {
    // A logout that happened before this module was loaded left them behind.
    target.forgetPending();
  }
  const online = () => target.retryNow();
  window.addEventListener('online', online);
  return () => {
    unregister();
    unwatch();
    window.removeEventListener('online', online);
  };
}
