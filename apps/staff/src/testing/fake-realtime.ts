import {
  topicMatches,
  type Realtime,
  type RealtimeErrorKind,
  type RealtimeHandler,
  type RealtimeStatus,
} from '../lib/realtime';

/** A Realtime double: tests deliver broker messages with `deliver` and read what was published. */
export interface FakeRealtime extends Realtime {
  published: { topic: string; payload: unknown }[];
  subscriptions(): string[];
  deliver(topic: string, payload: unknown): void;
  setStatus(status: RealtimeStatus): void;
  /** While offline, publish rejects like the real one does. */
  offline: boolean;
}

export function createFakeRealtime(): FakeRealtime {
  const handlers = new Map<string, Set<RealtimeHandler>>();
  const statusListeners = new Set<() => void>();
  const errorListeners = new Set<(kind: RealtimeErrorKind) => void>();
  let status: RealtimeStatus = 'connected';
  const fake: FakeRealtime = {
    published: [],
    offline: false,
    status: () => status,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    onError(listener) {
      errorListeners.add(listener);
      return () => errorListeners.delete(listener);
    },
    subscribe(filter, handler) {
      const set = handlers.get(filter) ?? new Set();
      set.add(handler);
      handlers.set(filter, set);
      return () => {
        set.delete(handler);
        if (set.size === 0) handlers.delete(filter);
      };
    },
    async publish(topic, payload) {
      if (fake.offline) throw new Error('offline');
      fake.published.push({ topic, payload });
    },
    close() {
      status = 'closed';
    },
    subscriptions: () => [...handlers.keys()],
    deliver(topic, payload) {
      for (const [filter, set] of handlers) {
        if (topicMatches(filter, topic)) for (const handler of [...set]) handler(payload, topic);
      }
    },
    setStatus(next) {
      status = next;
      for (const listener of statusListeners) listener();
    },
  };
  return fake;
}
