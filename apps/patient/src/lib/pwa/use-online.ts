import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Whether the phone has a network, from the same source that pauses and resumes the
 * queries (TanStack's onlineManager: the browser's online/offline events), so the banner
 * and the refreshing never disagree.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
}

export function isOnline(): boolean {
  return onlineManager.isOnline();
}

/**
 * The onlineManager starts out "online" and only learns from later online/offline events; an
 * app opened without a network (from the home-screen icon, by the service worker) says so
 * from the first screen, and its queries wait instead of failing.
 */
export function startOnlineState(): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
}
