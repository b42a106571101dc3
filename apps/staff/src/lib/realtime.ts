import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import type { MqttClient } from 'mqtt';

/**
 * The console's one real-time connection (brief §4): MQTT 3.1.1 over WebSocket to the
 * server's embedded broker. Screens see only this interface, so tests drive them with a
 * fake and the mqtt library (≈100 KB) loads only after login.
 */
export type RealtimeStatus = 'connecting' | 'connected' | 'reconnecting' | 'closed';
export type RealtimeHandler = (payload: unknown, topic: string) => void;
export type RealtimeErrorKind = 'connection' | 'subscription';

export interface Realtime {
  status(): RealtimeStatus;
  onStatus(listener: () => void): () => void;
  onError(listener: (kind: RealtimeErrorKind) => void): () => void;
  /** Subscribes a topic filter; kept across reconnects until the returned function is called. */
  subscribe(filter: string, handler: RealtimeHandler): () => void;
  /** Rejects while disconnected, so the caller can keep the message pending and resend. */
  publish(topic: string, payload: unknown): Promise<void>;
  close(): void;
}

export interface RealtimeCredentials {
  username: string;
  password: string;
}

export interface MqttRealtimeOptions {
  url: string;
  /** A fresh access token for each connection; `forceRefresh` after the broker refused it. Null ends the connection. */
  credentials(forceRefresh: boolean): Promise<RealtimeCredentials | null>;
  /** Delay before reconnect attempt n (1-based); exponential with jitter by default. */
  backoff?: (attempt: number) => number;
}

/** MQTT topic filter matching with `+` and `#`. */
export function topicMatches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i += 1) {
    if (f[i] === '#') return true;
    if (i >= t.length) return false;
    if (f[i] !== '+' && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
}

export function defaultBackoff(attempt: number): number {
  const base = Math.min(30_000, 1_000 * 2 ** (attempt - 1));
  return Math.round(base * (0.5 + Math.random() / 2));
}

/** The broker's address on the page's own host: ws(s)://<host>/mqtt (brief §4). */
export function brokerUrl(location: Location, path: string): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
}

export function createMqttRealtime(options: MqttRealtimeOptions): Realtime {
  const backoff = options.backoff ?? defaultBackoff;
  const handlers = new Map<string, Set<RealtimeHandler>>();
  const statusListeners = new Set<() => void>();
  const errorListeners = new Set<(kind: RealtimeErrorKind) => void>();
  let status: RealtimeStatus = 'connecting';
  let client: MqttClient | null = null;
  let attempt = 0;
  let closed = false;
  let authRefused = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const setStatus = (next: RealtimeStatus) => {
    if (status === next) return;
    status = next;
    for (const listener of statusListeners) listener();
  };
  const reportError = (kind: RealtimeErrorKind) => {
    for (const listener of errorListeners) listener(kind);
  };

  const subscribeOnBroker = (c: MqttClient, filter: string) => {
    c.subscribe(filter, { qos: 1 }, (error, granted) => {
      // A refused filter comes back as SUBACK 0x80 and the connection stays up (stack-notes).
      if (error || granted?.some((g) => g.qos === 128)) reportError('subscription');
    });
  };

  const scheduleReconnect = () => {
    if (closed) return;
    attempt += 1;
    setStatus('reconnecting');
    timer = setTimeout(() => void connect(), backoff(attempt));
  };

  async function connect() {
    if (closed) return;
    const forceRefresh = authRefused;
    authRefused = false;
    const credentials = await options.credentials(forceRefresh);
    if (closed) return;
    if (!credentials) {
      setStatus('closed');
      return;
    }
    const mqttModule = await import('mqtt');
    // The browser build of mqtt.js exports one default object; the Node build has named exports.
    const mqttConnect =
      (mqttModule as Partial<typeof mqttModule>).connect ??
      (mqttModule as unknown as { default: typeof mqttModule }).default.connect;
    if (closed) return;
    const c = mqttConnect(options.url, {
      protocolVersion: 4,
      clean: true,
      connectTimeout: 60_000,
      // Reconnects are ours: each needs a fresh token and a growing delay.
      reconnectPeriod: 0,
      // mqtt.js's default browser timers run in a Worker made from a blob: URL, which the
      // server's Content-Security-Policy (worker-src 'self') rightly refuses.
      timerVariant: 'native',
      clientId: `staff_${credentials.username}_${crypto.randomUUID().slice(0, 12)}`,
      username: credentials.username,
      password: credentials.password,
    });
    client = c;
    c.on('connect', () => {
      attempt = 0;
      for (const filter of handlers.keys()) subscribeOnBroker(c, filter);
      setStatus('connected');
    });
    c.on('message', (topic, buffer) => {
      let payload: unknown;
      try {
        payload = JSON.parse(buffer.toString());
      } catch {
        return;
      }
      for (const [filter, set] of handlers) {
        if (!topicMatches(filter, topic)) continue;
        for (const handler of set) handler(payload, topic);
      }
    });
    c.on('error', (error) => {
      const code = (error as { code?: unknown }).code;
      // CONNACK 4 (bad user name or password) / 5 (not authorized): the token is stale.
      if (code === 4 || code === 5) authRefused = true;
      if (attempt === 0) reportError('connection');
    });
    c.on('close', () => {
      if (client !== c) return;
      client = null;
      c.removeAllListeners();
      c.end(true);
      scheduleReconnect();
    });
  }

  void connect();

  return {
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
      let set = handlers.get(filter);
      if (!set) {
        set = new Set();
        handlers.set(filter, set);
        if (client?.connected) subscribeOnBroker(client, filter);
      }
      set.add(handler);
      return () => {
        const current = handlers.get(filter);
        if (!current) return;
        current.delete(handler);
        if (current.size === 0) {
          handlers.delete(filter);
          if (client?.connected) client.unsubscribe(filter);
        }
      };
    },
    async publish(topic, payload) {
      if (!client?.connected) throw new Error('offline');
      await client.publishAsync(topic, JSON.stringify(payload), { qos: 1 });
    },
    close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      c?.removeAllListeners();
      c?.end(true);
      setStatus('closed');
    },
  };
}

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

/** Runs `callback` each time the connection comes back after a drop (to fetch what was missed). */
export function useOnReconnect(callback: () => void): void {
  const realtime = useRealtime();
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    let wasDown = false;
    return realtime.onStatus(() => {
      const now = realtime.status();
      if (now === 'connected' && wasDown) latest.current();
      wasDown = now !== 'connected';
    });
  }, [realtime]);
}
