import {
  realtimeEvents,
  RealtimeOfflineError,
  topicMatches,
  type Realtime,
  type RealtimeHandler,
  type RealtimeStatus,
} from '../lib/realtime';

/** A Realtime double: tests deliver broker messages with `deliver` and read what was published. */
export interface FakeRealtime extends Realtime {
  published: { topic: string; payload: unknown }[];
  subscriptions(): string[];
  deliver(topic: string, payload: unknown): void;
  /** Back to `connected` after a drop also tells the reconnect listeners, like the real one. */
  setStatus(status: RealtimeStatus): void;
  /** The connection was renewed quietly (a fresh token): the status stays, the reconnect listeners hear it. */
  renewed(): void;
  /** While offline, publish rejects like the real one does. */
  offline: boolean;
  /** The broker refuses publishes: it drops the connection, so publish rejects (3.1.1 has no negative PUBACK). */
  refusing: boolean;
  /** Every publish that reached the broker, refused or not. */
  attempts: { topic: string; payload: unknown }[];
}

export function createFakeRealtime(): FakeRealtime {
  const handlers = new Map<string, Set<RealtimeHandler>>();
  const events = realtimeEvents();
  let status: RealtimeStatus = 'connected';
  const fake: FakeRealtime = {
    published: [],
    attempts: [],
    offline: false,
    refusing: false,
    status: () => status,
    ...events.on,
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
      if (fake.offline) throw new RealtimeOfflineError();
      fake.attempts.push({ topic, payload });
      if (fake.refusing) throw new Error('connection closed');
      fake.published.push({ topic, payload });
    },
    start() {
      if (status === 'closed') fake.setStatus('connected');
    },
    stop() {
      status = 'closed';
    },
    retryNow() {},
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
      const wasDown = status === 'reconnecting';
      status = next;
      events.emit.status();
      if (next !== 'connected') return;
      events.emit.connected(false);
      if (wasDown) events.emit.reconnect();
    },
    renewed() {
      events.emit.connected(true);
      events.emit.reconnect();
    },
  };
  return fake;
}
