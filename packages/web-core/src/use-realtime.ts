import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import type { Realtime, RealtimeHandler, RealtimeStatus } from './realtime';

/** The React side of the shared real-time connection: the app provides one `Realtime`. */
export const RealtimeContext = createContext<Realtime | null>(null);

export function useRealtime(): Realtime {
  const realtime = useContext(RealtimeContext);
  if (!realtime) throw new Error('useRealtime needs a RealtimeContext provider');
  return realtime;
}

export function useRealtimeStatus(): RealtimeStatus {
  const realtime = useRealtime();
  return useSyncExternalStore(realtime.onStatus, realtime.status);
}

/** Calls `handler` for every message on `filter` while mounted; null subscribes to nothing. */
export function useRealtimeTopic(filter: string | null, handler: RealtimeHandler): void {
  const realtime = useRealtime();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!filter) return undefined;
    return realtime.subscribe(filter, (payload, topic) => latest.current(payload, topic));
  }, [realtime, filter]);
}

/** Runs `callback` each time the connection comes back after a drop or is renewed (to fetch what was missed). */
export function useOnReconnect(callback: () => void): void {
  const realtime = useRealtime();
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => realtime.onReconnect(() => latest.current()), [realtime]);
}
