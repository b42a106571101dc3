// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { createMqttRealtime, topicMatches, type Realtime } from './realtime';
import { tokenRenewal } from '@smartcare/contract/token-renewal';
import { PUBLISH_REFUSED_TOPIC } from '@smartcare/contract/topics';

/**
 * A real MQTT 3.1.1 broker over WebSocket, like the server's, that accepts only the
 * token it is told is current: enough to show how the console's connection behaves.
 */
async function startBroker() {
  const broker = await Aedes.createBroker({
    maxClientsIdLength: 128,
    authenticate(client, username, password, done) {
      const token = password?.toString();
      if (username === 'nurse' && token === state.validToken) {
        state.passwords.push(token);
        // Like the server's broker: a connection ends when its token runs out.
        const expiresAt = tokenRenewal(token)?.expiresAt;
        if (expiresAt !== undefined) setTimeout(() => client.close(), expiresAt - Date.now()).unref();
        return done(null, true);
      }
      const error = new Error('bad token') as AuthenticateError;
      error.returnCode = 4;
      done(error, false);
    },
  });
  const state = { validToken: 'token-1', connects: [] as string[], passwords: [] as string[] };
  broker.on('client', (client) => state.connects.push(client.id));
  const http: Server = createServer();
  const wss = new WebSocketServer({ server: http, path: '/mqtt' });
  wss.on('connection', (socket, request) => broker.handle(createWebSocketStream(socket), request));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/mqtt`;
  return {
    url,
    state,
    broker,
    /** Drops every connection, as a server restart or an expired token would. */
    dropAll() {
      for (const socket of wss.clients) socket.terminate();
    },
    publish(topic: string, payload: unknown) {
      return new Promise<void>((resolve, reject) =>
        broker.publish(
          { cmd: 'publish', topic, payload: JSON.stringify(payload), qos: 1, retain: false, dup: false },
          (error) => (error ? reject(error) : resolve()),
        ),
      );
    },
    async close() {
      for (const socket of wss.clients) socket.terminate();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

const until = async (check: () => boolean, timeoutMs = 10_000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

describe('the console’s MQTT connection', () => {
  it('matches topic filters the way the broker does', () => {
    expect(topicMatches('chat/11/#', 'chat/11/message')).toBe(true);
    expect(topicMatches('chat/11/#', 'chat/12/message')).toBe(false);
    expect(topicMatches('nurseCalling/1', 'nurseCalling/1')).toBe(true);
    expect(topicMatches('nurseCalling/1', 'nurseCalling/1/patient/5')).toBe(false);
    expect(topicMatches('staffInbox/+', 'staffInbox/3')).toBe(true);
  });

  it('connects with the staff member’s token, delivers subscribed topics and publishes', async () => {
    const broker = await startBroker();
    cleanup.push(broker.close);
    const realtime = createMqttRealtime({
      url: broker.url,
      credentials: async () => ({ username: 'nurse', password: 'token-1' }),
    });
    cleanup.push(async () => realtime.close());
    const received: unknown[] = [];
    realtime.subscribe('chat/11/#', (payload) => received.push(payload));

    await until(() => realtime.status() === 'connected');
    expect(broker.state.connects[0]).toMatch(/^staff_nurse_/);
    // The subscription made before the connection was up is in place now.
    await until(() => {
      void broker.publish('chat/11/message', { content: '안녕하세요' });
      return received.length > 0;
    });
    expect(received[0]).toEqual({ content: '안녕하세요' });

    const seen: unknown[] = [];
    broker.broker.subscribe(
      'chat/11/enter',
      (packet, done) => {
        seen.push(JSON.parse(packet.payload.toString()));
        done();
      },
      () => undefined,
    );
    await realtime.publish('chat/11/enter', {});
    await until(() => seen.length === 1);
    expect(seen[0]).toEqual({});
  });

  it('reports a publish the broker refused over its rate limit (issue 10 point 12)', async () => {
    const broker = await startBroker();
    cleanup.push(broker.close);
    const clients: Client[] = [];
    broker.broker.on('client', (client) => clients.push(client));
    const realtime = createMqttRealtime({
      url: broker.url,
      credentials: async () => ({ username: 'nurse', password: 'token-1' }),
    });
    cleanup.push(async () => realtime.close());
    const errors: string[] = [];
    realtime.onError((kind) => errors.push(kind));
    await until(() => realtime.status() === 'connected' && clients.length === 1);

    // As the server's broker does: to this connection only, on a topic nobody subscribes to.
    clients[0]!.publish(
      {
        cmd: 'publish',
        topic: PUBLISH_REFUSED_TOPIC,
        payload: Buffer.from(JSON.stringify({ topic: 'chat/11/message', code: 10004029, retryAfterS: 2 })),
        qos: 0,
        retain: false,
        dup: false,
      },
      () => undefined,
    );
    await until(() => errors.length > 0);
    expect(errors).toEqual(['rateLimited']);
    expect(realtime.status()).toBe('connected');
  });

  it('reconnects after a drop with a fresh token, resubscribes, and tells who asked', async () => {
    const broker = await startBroker();
    cleanup.push(broker.close);
    const asked: boolean[] = [];
    let current = 'token-1';
    const realtime: Realtime = createMqttRealtime({
      url: broker.url,
      credentials: async (forceRefresh) => {
        asked.push(forceRefresh);
        // The app renews the token when the broker refused the old one.
        if (forceRefresh) current = broker.state.validToken;
        return { username: 'nurse', password: current };
      },
      backoff: () => 20,
    });
    cleanup.push(async () => realtime.close());
    const received: unknown[] = [];
    realtime.subscribe('nurseCalling/1', (payload) => received.push(payload));
    const statuses: string[] = [];
    realtime.onStatus(() => statuses.push(realtime.status()));
    await until(() => realtime.status() === 'connected');

    // The token expires on the server and the connection drops.
    broker.state.validToken = 'token-2';
    broker.dropAll();

    await until(() => statuses.filter((s) => s === 'connected').length === 2);
    expect(statuses).toContain('reconnecting');
    // First retry with the old token is refused (CONNACK 4); the next one asks for a fresh one.
    expect(asked).toEqual([false, false, true]);
    expect(current).toBe('token-2');
    await until(() => {
      void broker.publish('nurseCalling/1', { event: 'request' });
      return received.length > 0;
    });
    expect(received[0]).toEqual({ event: 'request' });
  });

  // issue 17: a video call restarts ICE when the broker link comes back; a drop while offline is an outage too.
  it('after a drop while the device was offline, tells the reconnect listeners once it is back', async () => {
    const broker = await startBroker();
    cleanup.push(broker.close);
    let offline = false;
    const realtime: Realtime = createMqttRealtime({
      url: broker.url,
      credentials: async () => ({ username: 'nurse', password: broker.state.validToken }),
      backoff: () => 20,
      offline: () => offline,
    });
    cleanup.push(async () => realtime.close());
    const reconnects = { count: 0 };
    realtime.onReconnect(() => (reconnects.count += 1));
    await until(() => realtime.status() === 'connected');

    offline = true;
    broker.dropAll();
    await until(() => realtime.status() === 'reconnecting');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(broker.state.connects).toHaveLength(1);

    offline = false;
    realtime.retryNow();
    await until(() => realtime.status() === 'connected');
    expect(broker.state.connects).toHaveLength(2);
    expect(reconnects.count).toBe(1);
  });

  /** A token shaped like the server's: a JWT saying when it was issued and when it runs out. */
  function jwt(lifetimeS: number): string {
    const iat = Math.floor(Date.now() / 1000);
    return `h.${btoa(JSON.stringify({ sub: 'nurse', iat, exp: iat + lifetimeS }))}.s`;
  }

  /** The console's credentials as the app gives them: a fresh token when asked or when the current one runs out within 30 s. */
  function appCredentials(broker: Awaited<ReturnType<typeof startBroker>>, lifetimeS: number) {
    const issue = () => {
      broker.state.validToken = jwt(lifetimeS);
      return broker.state.validToken;
    };
    let current = issue();
    const refreshes = { count: 0 };
    return {
      refreshes,
      credentials: async (forceRefresh: boolean) => {
        if (forceRefresh || (tokenRenewal(current)?.expiresAt ?? 0) < Date.now() + 30_000) {
          refreshes.count += 1;
          current = issue();
        }
        return { username: 'nurse', password: current };
      },
    };
  }

  function watch(realtime: Realtime) {
    const statuses: string[] = [];
    const errors: string[] = [];
    const reconnects = { count: 0 };
    realtime.onStatus(() => statuses.push(realtime.status()));
    realtime.onError((kind) => errors.push(kind));
    realtime.onReconnect(() => (reconnects.count += 1));
    return { statuses, errors, reconnects };
  }

  it('renews a token before the broker ends the connection, quietly, on a new connection that loses nothing', async () => {
    const broker = await startBroker();
    cleanup.push(broker.close);
    // Three-second tokens: renewed at three quarters of their life, ended by the broker at expiry.
    const app = appCredentials(broker, 3);
    const realtime = createMqttRealtime({ url: broker.url, credentials: app.credentials, backoff: () => 20 });
    cleanup.push(async () => realtime.close());
    const received = new Set<number>();
    realtime.subscribe('chat/11/#', (payload) => received.add((payload as { seq: number }).seq));
    await until(() => realtime.status() === 'connected');
    const seen = watch(realtime);

    // A steady stream of messages across two renewals.
    let seq = 0;
    const publisher = setInterval(() => void broker.publish('chat/11/message', { seq: seq++ }), 20);
    try {
      await until(() => broker.state.passwords.length >= 3, 15_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      clearInterval(publisher);
    }
    await until(() => received.size >= seq, 2_000).catch(() => undefined);

    const missing = Array.from({ length: seq }, (_, i) => i).filter((i) => !received.has(i));
    expect(missing).toEqual([]);
    expect(seen.statuses).toEqual([]);
    expect(seen.errors).toEqual([]);
    expect(realtime.status()).toBe('connected');
    expect(seen.reconnects.count).toBeGreaterThanOrEqual(2);
    // Each connection used the token renewed for it.
    expect(new Set(broker.state.passwords).size).toBe(broker.state.passwords.length);
    expect(app.refreshes.count).toBe(broker.state.passwords.length);
    await realtime.publish('chat/11/enter', {});
  });

  it('after a sleep past the renewal, reconnects at once with a fresh token when the broker ends the expired connection', async () => {
    const broker = await startBroker();
    cleanup.push(broker.close);
    const app = appCredentials(broker, 900);
    const realtime = createMqttRealtime({ url: broker.url, credentials: app.credentials, backoff: () => 20 });
    cleanup.push(async () => realtime.close());
    const received: unknown[] = [];
    realtime.subscribe('nurseCalling/1', (payload) => received.push(payload));
    await until(() => realtime.status() === 'connected');
    const seen = watch(realtime);

    // The laptop slept: the clock moved past the expiry, the renewal timer never ran.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 901_000);
      broker.dropAll();
      await until(() => broker.state.passwords.length === 2);
      await until(() => seen.reconnects.count === 1);
    } finally {
      vi.useRealTimers();
    }
    expect(app.refreshes.count).toBe(1);
    expect(broker.state.passwords[1]).toBe(broker.state.validToken);
    expect(seen.statuses).toEqual([]);
    expect(seen.errors).toEqual([]);
    await until(() => {
      void broker.publish('nurseCalling/1', { event: 'request' });
      return received.length > 0;
    });
  });

  it('stops when there is no session to connect with', async () => {
    const broker = await startBroker();
    cleanup.push(broker.close);
    const realtime = createMqttRealtime({ url: broker.url, credentials: async () => null });
    await until(() => realtime.status() === 'closed');
    expect(broker.state.connects).toEqual([]);
  });

  it('refuses to publish while disconnected, so the caller keeps the message pending', async () => {
    const realtime = createMqttRealtime({
      url: 'ws://127.0.0.1:9/mqtt',
      credentials: async () => ({ username: 'nurse', password: 'x' }),
      backoff: () => 60_000,
    });
    cleanup.push(async () => realtime.close());
    await expect(realtime.publish('chat/1/message', { content: 'x' })).rejects.toThrow('offline');
  });

  it('waits for start when asked to, and after a stop starts again with the same subscriptions (the patient’s session)', async () => {
    const broker = await startBroker();
    cleanup.push(broker.close);
    const realtime = createMqttRealtime({
      url: () => broker.url,
      credentials: async () => ({ username: 'nurse', password: 'token-1' }),
      clientId: () => `patient_7_${broker.state.connects.length}`,
      autoStart: false,
    });
    cleanup.push(async () => realtime.stop());
    const received: unknown[] = [];
    const connected: boolean[] = [];
    realtime.onConnected((renewed) => connected.push(renewed));
    realtime.subscribe('nurseCalling/1/patient/7', (payload) => received.push(payload));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(realtime.status()).toBe('closed');
    expect(broker.state.connects).toEqual([]);

    realtime.start();
    await until(() => realtime.status() === 'connected');
    expect(broker.state.connects).toEqual(['patient_7_0']);
    realtime.stop();
    expect(realtime.status()).toBe('closed');
    await expect(realtime.publish('nurseCalling/1', {})).rejects.toThrow('offline');

    realtime.start();
    await until(() => realtime.status() === 'connected');
    expect(connected).toEqual([false, false]);
    await until(() => {
      void broker.publish('nurseCalling/1/patient/7', { event: 'update' });
      return received.length > 0;
    });
    expect(received[0]).toEqual({ event: 'update' });
  });
});
