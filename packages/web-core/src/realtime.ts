import type { connect as MqttConnectFn } from 'mqtt';
import { tokenRenewal } from '@smartcare/contract/token-renewal';
import { PUBLISH_REFUSED_TOPIC, type PublishRefusal } from '@smartcare/contract/topics';

/**
 * One real-time connection (brief §4), for both apps: MQTT 3.1.1 over WebSocket to the
 * server's embedded broker, with a fresh token per connection, renewal before expiry on a
 * second connection, backoff, resubscription and catch-up hooks. Screens see only this
 * interface, so tests drive them with a fake and mqtt.js (≈100 KB) loads only when the first
 * connection opens, never with the first screen. What differs between the apps (address,
 * token source, client id, toasts) is passed in.
 */
export type RealtimeStatus = 'connecting' | 'connected' | 'reconnecting' | 'closed';
export type RealtimeHandler = (payload: unknown, topic: string) => void;
/**
 * `connection`: once per outage; `subscription`: the broker refused a filter;
 * `rateLimited`: the broker dropped a publish of ours over its rate limit (issue 10 point 12).
 */
export type RealtimeErrorKind = 'connection' | 'subscription' | 'rateLimited';
/** With `rateLimited`: what the broker said about the publish it dropped (its clientMsgId, if any). */
export type RealtimeErrorListener = (kind: RealtimeErrorKind, refusal?: PublishRefusal) => void;

export interface Realtime {
  status(): RealtimeStatus;
  onStatus(listener: () => void): () => void;
  onError(listener: RealtimeErrorListener): () => void;
  /** Subscribes a topic filter; kept across reconnects (and stop/start) until the returned function is called. */
  subscribe(filter: string, handler: RealtimeHandler): () => void;
  /** Runs after the connection came back or was renewed, so screens fetch what they may have missed. */
  onReconnect(listener: () => void): () => void;
  /**
   * Runs each time a connection is up: the first, every reconnect, and a renewed one that took
   * over (`renewed`: the old one may have carried publishes that were not confirmed yet).
   */
  onConnected(listener: (renewed: boolean) => void): () => void;
  /** Rejects with RealtimeOfflineError while disconnected, so the caller can keep the message pending and resend. */
  publish(topic: string, payload: unknown): Promise<void>;
  /** Connects, unless already connecting or connected (after `stop`, or when the session had ended). */
  start(): void;
  /** Ends the connection; subscriptions stay and are made again on the next `start`. */
  stop(): void;
  /** The device came back online: try now instead of waiting out the backoff. */
  retryNow(): void;
  /** The same as `stop` (the console's name for it). */
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

/* ---- the broker client, as far as the connection uses it (mqtt.js in the apps, a fake in tests) ---- */

export interface BrokerConnectOptions {
  protocolVersion: 4;
  clean: true;
  connectTimeout: number;
  reconnectPeriod: 0;
  timerVariant: 'native';
  clientId: string;
  username: string;
  password: string;
}

export interface BrokerClient {
  readonly connected: boolean;
  on(event: 'connect' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'message', listener: (topic: string, payload: Uint8Array) => void): unknown;
  subscribeAsync(topic: string, options: { qos: 1 }): Promise<{ topic: string; qos: number }[]>;
  unsubscribeAsync(topic: string): Promise<unknown>;
  publishAsync(topic: string, message: string, options: { qos: 1 }): Promise<unknown>;
  end(force?: boolean): unknown;
  removeAllListeners(): unknown;
}

export type BrokerConnect = (
  url: string,
  options: BrokerConnectOptions,
) => BrokerClient | Promise<BrokerClient>;

export interface MqttRealtimeOptions {
  /** The broker's address, read at each connection (the patient's API address override moves it). */
  url: string | (() => string);
  /** A fresh access token for each connection; `forceRefresh` after the broker refused it. Null ends the connection. */
  credentials(forceRefresh: boolean): Promise<RealtimeCredentials | null>;
  /** Delay before reconnect attempt n (1-based); exponential with jitter by default. */
  backoff?: (attempt: number) => number;
  /** Each connection's client id, unique per connection (two devices must not evict each other). */
  clientId?: (credentials: RealtimeCredentials) => string;
  /** Opens a broker connection: mqtt.js, imported on first use, unless a test passes a fake. */
  connect?: BrokerConnect;
  /** False: wait for `start()` (the patient app starts with the session). */
  autoStart?: boolean;
  /** A QoS 1 publish cut off by a dropped connection may never settle: given up after this long. */
  publishTimeoutMs?: number;
  /**
   * True while the device has no network at all: no attempt and no error is made until
   * `retryNow()` (the patient app calls it on the browser's `online` event; issue 12).
   */
  offline?: () => boolean;
}

/** Listeners of one event: `on` returns the function that removes the listener again. */
export function listenerSet<A extends unknown[] = []>() {
  const listeners = new Set<(...args: A) => void>();
  return {
    on(listener: (...args: A) => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(...args: A): void {
      for (const listener of [...listeners]) listener(...args);
    },
  };
}

/** The events of a `Realtime`: `emit` for its maker, the `on…` methods for everyone else. */
export function realtimeEvents() {
  const status = listenerSet();
  const error = listenerSet<Parameters<RealtimeErrorListener>>();
  const reconnect = listenerSet();
  const connected = listenerSet<[renewed: boolean]>();
  return {
    emit: { status: status.emit, error: error.emit, reconnect: reconnect.emit, connected: connected.emit },
    on: {
      onStatus: status.on,
      onError: error.on,
      onReconnect: reconnect.on,
      onConnected: connected.on,
    } satisfies Pick<Realtime, 'onStatus' | 'onError' | 'onReconnect' | 'onConnected'>,
  };
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

/** Random hex id; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
export function randomId(bytes = 12): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** mqtt.js's `connect`, loaded on first use. The browser build exports one default object; Node's has named exports. */
export async function loadMqttConnect(): Promise<typeof MqttConnectFn> {
  const mqttModule = await import('mqtt');
  return (
    (mqttModule as Partial<typeof mqttModule>).connect ??
    (mqttModule as unknown as { default: typeof mqttModule }).default.connect
  );
}

/** mqtt.js, loaded on the first connection. */
export const connectWithMqttJs: BrokerConnect = async (url, options) =>
  (await loadMqttConnect())(url, options) as unknown as BrokerClient;

/** A renewal that did not get through is tried again after this long, while the old connection lasts. */
const RENEW_RETRY_MS = 5_000;
const PUBLISH_TIMEOUT_MS = 15_000;

export function createMqttRealtime(options: MqttRealtimeOptions): Realtime {
  const backoff = options.backoff ?? defaultBackoff;
  const connectBroker = options.connect ?? connectWithMqttJs;
  const publishTimeoutMs = options.publishTimeoutMs ?? PUBLISH_TIMEOUT_MS;
  const offline = options.offline ?? (() => false);
  const clientIdOf =
    options.clientId ??
    ((credentials: RealtimeCredentials) => `staff_${credentials.username}_${randomId(6)}`);
  const url = () => (typeof options.url === 'string' ? options.url : options.url());
  const handlers = new Map<string, Set<RealtimeHandler>>();
  const events = realtimeEvents();
  let status: RealtimeStatus = 'closed';
  let client: BrokerClient | null = null;
  /** The connection opened with a renewed token that replaces `client` once it listens. */
  let candidate: BrokerClient | null = null;
  /** The token each connection was opened with. */
  const clientTokens = new WeakMap<BrokerClient, string>();
  /** Bumped by every start and stop, so late answers of an earlier run are dropped. */
  let generation = 0;
  let stopped = true;
  let attempt = 0;
  // issue 17: the connection dropped while the device was offline (no attempt counted): still an outage.
  let droppedOffline = false;
  let authRefused = false;
  /** The connection error was reported for this outage already (once per outage, spec §8). */
  let outageReported = false;
  /** The last connection ended because its token ran out: the next one resumes quietly. */
  let resuming = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let renewTimer: ReturnType<typeof setTimeout> | undefined;
  const decoder = new TextDecoder();

  const setStatus = (next: RealtimeStatus) => {
    if (status === next) return;
    status = next;
    events.emit.status();
  };
  const reportError = (kind: RealtimeErrorKind, refusal?: PublishRefusal) => events.emit.error(kind, refusal);
  const connected = (renewed: boolean, wasDown: boolean) => {
    events.emit.connected(renewed);
    if (wasDown) events.emit.reconnect();
  };

  /** Resolves false when the broker refused the filter (SUBACK 0x80, or mqtt.js rejects; stack-notes). */
  const subscribeFilter = async (c: BrokerClient, filter: string) => {
    try {
      const granted = await c.subscribeAsync(filter, { qos: 1 });
      return !granted.some((g) => g.qos === 128);
    } catch {
      return false;
    }
  };
  const subscribeOnBroker = (c: BrokerClient, filter: string) => {
    void subscribeFilter(c, filter).then((ok) => {
      if (!ok && client === c) reportError('subscription');
    });
  };
  const unsubscribeOnBroker = (c: BrokerClient, filter: string) => {
    void c.unsubscribeAsync(filter).catch(() => undefined);
  };

  /** Done with a connection: no more events reach us, and a late error has a listener. */
  const retire = (c: BrokerClient) => {
    c.removeAllListeners();
    c.on('error', () => undefined);
    c.end(true);
  };

  const onMessage = (topic: string, buffer: Uint8Array) => {
    let payload: unknown;
    try {
      payload = JSON.parse(decoder.decode(buffer));
    } catch {
      return;
    }
    // Sent to this connection only, with no subscription: the message it refused is not stored.
    if (topic === PUBLISH_REFUSED_TOPIC) {
      reportError(
        'rateLimited',
        typeof payload === 'object' && payload !== null ? (payload as PublishRefusal) : undefined,
      );
      return;
    }
    for (const [filter, set] of handlers) {
      if (!topicMatches(filter, topic)) continue;
      for (const handler of [...set]) handler(payload, topic);
    }
  };

  const scheduleReconnect = (gen: number) => {
    if (gen !== generation) return;
    if (offline()) {
      // Nothing can succeed without a network, and the app says so itself: wait for retryNow().
      droppedOffline = true;
      clearTimeout(timer);
      setStatus('reconnecting');
      return;
    }
    if (!outageReported) {
      // Once per outage, not once per attempt (spec §8: the connection-error toast).
      outageReported = true;
      reportError('connection');
    }
    attempt += 1;
    setStatus('reconnecting');
    clearTimeout(timer);
    timer = setTimeout(() => void connect(gen), backoff(attempt));
  };

  /**
   * A new broker connection with these credentials, its events wired to this run. `adopt`
   * takes it at once (as the connection or the renewal's candidate), before any of its events
   * can arrive, or refuses it (it is then ended).
   */
  async function open(
    gen: number,
    credentials: RealtimeCredentials | null,
    adopt: (c: BrokerClient) => boolean,
    onConnect: (c: BrokerClient) => void,
  ): Promise<void> {
    if (!credentials) {
      // The session is over (the app shows the login screen).
      end();
      return;
    }
    const c = await connectBroker(url(), {
      protocolVersion: 4,
      clean: true,
      connectTimeout: 60_000,
      // Reconnects are ours: each needs a fresh token and a growing delay.
      reconnectPeriod: 0,
      // mqtt.js's default browser timers run in a Worker made from a blob: URL, which the
      // server's Content-Security-Policy (worker-src 'self') rightly refuses.
      timerVariant: 'native',
      clientId: clientIdOf(credentials),
      username: credentials.username,
      password: credentials.password,
    });
    if (gen !== generation || !adopt(c)) {
      retire(c);
      return;
    }
    clientTokens.set(c, credentials.password);
    c.on('message', onMessage);
    c.on('error', (error) => {
      const code = (error as { code?: unknown }).code;
      // CONNACK 4 (bad user name or password) / 5 (not authorized): the token is stale.
      if (code === 4 || code === 5) authRefused = true;
    });
    c.on('close', () => onClose(gen, c));
    c.on('connect', () => onConnect(c));
  }

  async function connect(gen: number) {
    if (gen !== generation) return;
    if (offline()) {
      scheduleReconnect(gen);
      return;
    }
    const forceRefresh = authRefused;
    authRefused = false;
    try {
      const credentials = await options.credentials(forceRefresh);
      if (gen !== generation) return;
      await open(
        gen,
        credentials,
        (c) => {
          client = c;
          return true;
        },
        (c) => onConnected(gen, c),
      );
    } catch {
      // Offline: the token refresh or the library could not be fetched. Try again later.
      resuming = false;
      scheduleReconnect(gen);
    }
  }

  function onConnected(gen: number, c: BrokerClient) {
    if (gen !== generation || client !== c) return;
    const wasDown = attempt > 0 || outageReported || resuming || droppedOffline;
    attempt = 0;
    droppedOffline = false;
    outageReported = false;
    resuming = false;
    for (const filter of handlers.keys()) subscribeOnBroker(c, filter);
    setStatus('connected');
    scheduleRenewal(gen, c);
    connected(false, wasDown);
  }

  function onClose(gen: number, c: BrokerClient) {
    if (gen !== generation) return;
    if (c === candidate) {
      // The renewal did not get through; the old connection may still serve until its expiry.
      candidate = null;
      retire(c);
      if (client) scheduleRenewal(gen, client, RENEW_RETRY_MS);
      else lost(gen, c);
      return;
    }
    if (client !== c) return;
    client = null;
    clearTimeout(renewTimer);
    retire(c);
    // A renewal under way takes over when it connects (or reports its own failure).
    if (candidate) return;
    lost(gen, c);
  }

  /**
   * The broker ends a connection when its token runs out (a device that slept past the
   * renewal): no outage, so reconnect at once with a fresh token and leave the status alone.
   * Anything else is an outage: report it once and back off.
   */
  function lost(gen: number, c: BrokerClient) {
    const renewal = tokenRenewal(clientTokens.get(c) ?? '');
    const expired = renewal !== null && Date.now() >= renewal.renewAt;
    if (expired && !resuming && attempt === 0 && !outageReported) {
      resuming = true;
      clearTimeout(timer);
      void connect(gen);
      return;
    }
    resuming = false;
    scheduleReconnect(gen);
  }

  /* ---- token renewal: a second connection before the broker ends the first at expiry ---- */

  function scheduleRenewal(gen: number, c: BrokerClient, delay?: number) {
    clearTimeout(renewTimer);
    const renewal = tokenRenewal(clientTokens.get(c) ?? '');
    if (!renewal) return;
    const due = delay ?? Math.max(0, renewal.renewAt - Date.now());
    renewTimer = setTimeout(() => void renew(gen, c), due);
  }

  async function renew(gen: number, old: BrokerClient) {
    if (gen !== generation || client !== old || candidate) return;
    try {
      const forceRefresh = authRefused;
      authRefused = false;
      let credentials = await options.credentials(forceRefresh);
      // The app thought the token still fresh enough: renew it anyway, the broker is about to end this one.
      if (credentials && credentials.password === clientTokens.get(old))
        credentials = await options.credentials(true);
      if (gen !== generation || client !== old) return;
      await open(
        gen,
        credentials,
        (c) => {
          // The old connection ended meanwhile and a reconnect is under way: this one is not needed.
          if (client !== old || candidate) return false;
          candidate = c;
          return true;
        },
        (c) => void takeOver(gen, c),
      );
    } catch {
      // The server could not be reached: the old connection still works until its expiry.
      if (gen === generation && client === old) scheduleRenewal(gen, old, RENEW_RETRY_MS);
    }
  }

  /** The renewed connection listens to every topic first, then replaces the old one: nothing falls between. */
  async function takeOver(gen: number, c: BrokerClient) {
    const filters = [...handlers.keys()];
    const results = await Promise.all(filters.map((filter) => subscribeFilter(c, filter)));
    if (gen !== generation || candidate !== c) return;
    candidate = null;
    const old = client;
    client = c;
    if (old) retire(old);
    attempt = 0;
    outageReported = false;
    resuming = false;
    // Topics added or dropped while it was subscribing.
    for (const filter of handlers.keys()) if (!filters.includes(filter)) subscribeOnBroker(c, filter);
    for (const filter of filters) if (!handlers.has(filter)) unsubscribeOnBroker(c, filter);
    if (results.some((ok) => !ok)) reportError('subscription');
    setStatus('connected');
    scheduleRenewal(gen, c);
    // Screens fetch what they may have missed, as after a reconnect.
    connected(true, true);
  }

  /** Ends this run's connections (a new run starts with `start`). */
  function end() {
    generation += 1;
    clearTimeout(timer);
    clearTimeout(renewTimer);
    for (const c of [client, candidate]) if (c) retire(c);
    client = null;
    candidate = null;
    attempt = 0;
    droppedOffline = false;
    authRefused = false;
    outageReported = false;
    resuming = false;
    setStatus('closed');
  }

  function publishWithTimeout(c: BrokerClient, topic: string, payload: unknown): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const limit = setTimeout(() => reject(new RealtimeOfflineError()), publishTimeoutMs);
      c.publishAsync(topic, JSON.stringify(payload), { qos: 1 }).then(
        () => {
          clearTimeout(limit);
          resolve();
        },
        (error: unknown) => {
          clearTimeout(limit);
          reject(error instanceof Error ? error : new RealtimeOfflineError());
        },
      );
    });
  }

  const realtime: Realtime = {
    ...events.on,
    status: () => status,
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
          if (client?.connected) unsubscribeOnBroker(client, filter);
        }
      };
    },
    async publish(topic, payload) {
      const c = client;
      if (!c?.connected) throw new RealtimeOfflineError();
      await publishWithTimeout(c, topic, payload);
    },
    start() {
      if (!stopped && status !== 'closed') return;
      stopped = false;
      generation += 1;
      setStatus('connecting');
      void connect(generation);
    },
    stop() {
      stopped = true;
      end();
    },
    retryNow() {
      if (status !== 'reconnecting') return;
      clearTimeout(timer);
      void connect(generation);
    },
    close() {
      realtime.stop();
    },
  };
  if (options.autoStart !== false) realtime.start();
  return realtime;
}
