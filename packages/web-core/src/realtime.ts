import type { connect as MqttConnectFn, MqttClient } from 'mqtt';
import { tokenRenewal } from '@smartcare/contract/token-renewal';
import { PUBLISH_REFUSED_TOPIC } from '@smartcare/contract/topics';

type MqttConnect = typeof MqttConnectFn;

/**
 * One real-time connection (brief §4), for both apps: MQTT 3.1.1 over WebSocket to the
 * server's embedded broker, with a fresh token per connection, renewal before expiry on a
 * second connection, backoff, resubscription and catch-up hooks. Screens see only this
 * interface, so tests drive them with a fake and mqtt.js (≈100 KB) loads only after login.
 */
export type RealtimeStatus = 'connecting' | 'connected' | 'reconnecting' | 'closed';
export type RealtimeHandler = (payload: unknown, topic: string) => void;
/** `rateLimited`: the broker dropped a publish of ours over its rate limit (issue 10 point 12). */
export type RealtimeErrorKind = 'connection' | 'subscription' | 'rateLimited';

export interface Realtime {
  status(): RealtimeStatus;
  onStatus(listener: () => void): () => void;
  onError(listener: (kind: RealtimeErrorKind) => void): () => void;
  /** Subscribes a topic filter; kept across reconnects until the returned function is called. */
  subscribe(filter: string, handler: RealtimeHandler): () => void;
  /** Runs after the connection came back or was renewed, so screens fetch what they may have missed. */
  onReconnect(listener: () => void): () => void;
  /** Rejects with RealtimeOfflineError while disconnected, so the caller can keep the message pending and resend. */
  publish(topic: string, payload: unknown): Promise<void>;
  close(): void;
}

/** A publish that was not sent at all: there is no connection right now. */
export class RealtimeOfflineError extends Error {
  constructor() {
    super('realtime offline');
    this.name = 'RealtimeOfflineError';
  }
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
  /** Start of each connection's client id (`staff_<loginId>_<random>` by default). */
  clientIdPrefix?: string;
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

/** mqtt.js's `connect`, loaded on first use. The browser build exports one default object; Node's has named exports. */
export async function loadMqttConnect(): Promise<MqttConnect> {
  const mqttModule = await import('mqtt');
  return (
    (mqttModule as Partial<typeof mqttModule>).connect ??
    (mqttModule as unknown as { default: typeof mqttModule }).default.connect
  );
}

/** A renewal that did not get through is tried again after this long, while the old connection lasts. */
const RENEW_RETRY_MS = 5_000;

export function createMqttRealtime(options: MqttRealtimeOptions): Realtime {
  const backoff = options.backoff ?? defaultBackoff;
  const handlers = new Map<string, Set<RealtimeHandler>>();
  const statusListeners = new Set<() => void>();
  const errorListeners = new Set<(kind: RealtimeErrorKind) => void>();
  const reconnectListeners = new Set<() => void>();
  let status: RealtimeStatus = 'connecting';
  let client: MqttClient | null = null;
  /** The connection opened with a renewed token that replaces `client` once it listens. */
  let candidate: MqttClient | null = null;
  /** The token each connection was opened with. */
  const clientTokens = new WeakMap<MqttClient, string>();
  let attempt = 0;
  let closed = false;
  let authRefused = false;
  /** The last connection ended because its token ran out: the next one resumes quietly. */
  let resuming = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let renewTimer: ReturnType<typeof setTimeout> | undefined;

  const setStatus = (next: RealtimeStatus) => {
    if (status === next) return;
    status = next;
    for (const listener of statusListeners) listener();
  };
  const reportError = (kind: RealtimeErrorKind) => {
    for (const listener of errorListeners) listener(kind);
  };
  const reconnected = () => {
    for (const listener of reconnectListeners) listener();
  };

  /** Resolves false when the broker refused the filter (SUBACK 0x80; the connection stays up, stack-notes). */
  const subscribeFilter = (c: MqttClient, filter: string) =>
    new Promise<boolean>((resolve) => {
      c.subscribe(filter, { qos: 1 }, (error, granted) => {
        resolve(!error && !granted?.some((g) => g.qos === 128));
      });
    });
  const subscribeOnBroker = (c: MqttClient, filter: string) => {
    void subscribeFilter(c, filter).then((ok) => {
      if (!ok && client === c) reportError('subscription');
    });
  };

  /** Done with a connection: no more events reach us, and a late error has a listener. */
  const retire = (c: MqttClient) => {
    c.removeAllListeners();
    c.on('error', () => undefined);
    c.end(true);
  };

  const onMessage = (topic: string, buffer: Uint8Array) => {
    // Sent to this connection only, with no subscription: the message it refused is not stored.
    if (topic === PUBLISH_REFUSED_TOPIC) {
      reportError('rateLimited');
      return;
    }
    let payload: unknown;
    try {
      payload = JSON.parse(new TextDecoder().decode(buffer));
    } catch {
      return;
    }
    for (const [filter, set] of handlers) {
      if (!topicMatches(filter, topic)) continue;
      for (const handler of set) handler(payload, topic);
    }
  };

  const scheduleReconnect = () => {
    if (closed) return;
    attempt += 1;
    setStatus('reconnecting');
    clearTimeout(timer);
    timer = setTimeout(() => void connect(), backoff(attempt));
  };

  /** A new broker connection with these credentials (mqtt.js is loaded on the first one). */
  async function open(credentials: RealtimeCredentials): Promise<MqttClient | null> {
    const mqttConnect = await loadMqttConnect();
    if (closed) return null;
    const c = mqttConnect(options.url, {
      protocolVersion: 4,
      clean: true,
      connectTimeout: 60_000,
      // Reconnects are ours: each needs a fresh token and a growing delay.
      reconnectPeriod: 0,
      // mqtt.js's default browser timers run in a Worker made from a blob: URL, which the
      // server's Content-Security-Policy (worker-src 'self') rightly refuses.
      timerVariant: 'native',
      clientId: `${options.clientIdPrefix ?? 'staff'}_${credentials.username}_${crypto.randomUUID().slice(0, 12)}`,
      username: credentials.username,
      password: credentials.password,
    });
    clientTokens.set(c, credentials.password);
    c.on('message', onMessage);
    return c;
  }

  async function connect() {
    if (closed) return;
    const forceRefresh = authRefused;
    authRefused = false;
    let c: MqttClient | null;
    try {
      const credentials = await options.credentials(forceRefresh);
      if (closed) return;
      if (!credentials) {
        setStatus('closed');
        return;
      }
      c = await open(credentials);
    } catch {
      // The library could not be loaded (offline): try again later.
      if (attempt === 0) reportError('connection');
      resuming = false;
      scheduleReconnect();
      return;
    }
    if (!c) return;
    client = c;
    c.on('connect', () => {
      const wasDown = attempt > 0 || resuming;
      attempt = 0;
      resuming = false;
      for (const filter of handlers.keys()) subscribeOnBroker(c, filter);
      setStatus('connected');
      scheduleRenewal(c);
      if (wasDown) reconnected();
    });
    c.on('error', (error) => {
      const code = (error as { code?: unknown }).code;
      // CONNACK 4 (bad user name or password) / 5 (not authorized): the token is stale.
      if (code === 4 || code === 5) authRefused = true;
      if (attempt === 0) reportError('connection');
    });
    c.on('close', () => onClose(c));
  }

  function onClose(c: MqttClient) {
    if (closed) return;
    if (c === candidate) {
      // The renewal did not get through; the old connection may still serve until its expiry.
      candidate = null;
      retire(c);
      if (client) scheduleRenewal(client, RENEW_RETRY_MS);
      else lost(c);
      return;
    }
    if (client !== c) return;
    client = null;
    clearTimeout(renewTimer);
    retire(c);
    // A renewal under way takes over when it connects (or reports its own failure).
    if (candidate) return;
    lost(c);
  }

  /**
   * The broker ends a connection when its token runs out (a laptop that slept past the
   * renewal): no outage, so reconnect at once with a fresh token and leave the status alone.
   */
  function lost(c: MqttClient) {
    const renewal = tokenRenewal(clientTokens.get(c) ?? '');
    const expired = renewal !== null && Date.now() >= renewal.renewAt;
    if (expired && !resuming && attempt === 0) {
      resuming = true;
      clearTimeout(timer);
      void connect();
      return;
    }
    resuming = false;
    scheduleReconnect();
  }

  /* ---- token renewal: a second connection before the broker ends the first at expiry ---- */

  function scheduleRenewal(c: MqttClient, delay?: number) {
    clearTimeout(renewTimer);
    const renewal = tokenRenewal(clientTokens.get(c) ?? '');
    if (!renewal) return;
    const due = delay ?? Math.max(0, renewal.renewAt - Date.now());
    renewTimer = setTimeout(() => void renew(c), due);
  }

  async function renew(old: MqttClient) {
    if (closed || client !== old || candidate) return;
    let c: MqttClient | null;
    try {
      const forceRefresh = authRefused;
      authRefused = false;
      let credentials = await options.credentials(forceRefresh);
      // The app thought the token still fresh enough: renew it anyway, the broker is about to end this one.
      if (credentials && credentials.password === clientTokens.get(old))
        credentials = await options.credentials(true);
      if (closed || client !== old) return;
      if (!credentials) {
        // The session is over (the app shows the login screen).
        client = null;
        retire(old);
        setStatus('closed');
        return;
      }
      c = await open(credentials);
    } catch {
      if (!closed && client === old) scheduleRenewal(old, RENEW_RETRY_MS);
      return;
    }
    if (!c) return;
    if (closed || client !== old || candidate) {
      retire(c);
      return;
    }
    candidate = c;
    const next = c;
    c.on('connect', () => void takeOver(next));
    // Quiet while the old connection still serves: a failure shows as a close and is retried.
    c.on('error', (error) => {
      const code = (error as { code?: unknown }).code;
      if (code === 4 || code === 5) authRefused = true;
      if (client === next && attempt === 0) reportError('connection');
    });
    c.on('close', () => onClose(next));
  }

  /** The renewed connection listens to every topic first, then replaces the old one: nothing falls between. */
  async function takeOver(c: MqttClient) {
    const filters = [...handlers.keys()];
    const results = await Promise.all(filters.map((filter) => subscribeFilter(c, filter)));
    if (closed || candidate !== c) return;
    candidate = null;
    const old = client;
    client = c;
    if (old) retire(old);
    attempt = 0;
    resuming = false;
    // Topics added or dropped while it was subscribing.
    for (const filter of handlers.keys()) if (!filters.includes(filter)) subscribeOnBroker(c, filter);
    for (const filter of filters) if (!handlers.has(filter)) c.unsubscribe(filter);
    if (results.some((ok) => !ok)) reportError('subscription');
    setStatus('connected');
    scheduleRenewal(c);
    // Screens fetch what they may have missed, as after a reconnect.
    reconnected();
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
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
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
      if (!client?.connected) throw new RealtimeOfflineError();
      await client.publishAsync(topic, JSON.stringify(payload), { qos: 1 });
    },
    close() {
      closed = true;
      clearTimeout(timer);
      clearTimeout(renewTimer);
      for (const c of [client, candidate]) if (c) retire(c);
      client = null;
      candidate = null;
      setStatus('closed');
    },
  };
}
