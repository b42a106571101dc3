import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { MQTT_PATH } from '@smartcare/contract/topics';

/**
 * A real mqtt.js client over WebSocket for the server tests, as the apps connect (brief §4):
 * MQTT 3.1.1, clean session, username = login id, password = access token.
 */
export interface TestMqttClient {
  client: MqttClient;
  /** Every message received so far, payloads parsed. */
  received: { topic: string; payload: unknown }[];
  /** Resolves with the first message (already received or still to come) matching the test. */
  next<T = unknown>(
    topic: string | ((topic: string) => boolean),
    match?: (payload: T) => boolean,
    timeoutMs?: number,
  ): Promise<T>;
  /** Subscribes; resolves true when granted, false on a refused SUBACK (0x80). */
  subscribe(filter: string): Promise<boolean>;
  publish(topic: string, payload: unknown): Promise<void>;
  /** Publishes without waiting for PUBACK (a refused publish never gets one: the broker hangs up). */
  publishAndForget(topic: string, payload: unknown): void;
  /** Resolves true once the broker has closed the connection, false if it stays open. */
  closedWithin(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

export function brokerUrl(baseUrl: string): string {
  return `${baseUrl.replace(/^http/, 'ws')}${MQTT_PATH}`;
}

export async function connectTestClient(
  baseUrl: string,
  credentials: { loginId: string; accessToken: string },
  options: {
    clientId?: string;
    /** mqtt.js reconnects on its own every so many ms (0: never), resubscribing as the apps do. */
    reconnectPeriod?: number;
  } = {},
): Promise<TestMqttClient> {
  const client = await mqtt.connectAsync(brokerUrl(baseUrl), {
    protocolVersion: 4,
    clean: true,
    connectTimeout: 10_000,
    reconnectPeriod: options.reconnectPeriod ?? 0,
    clientId: options.clientId ?? `test_${credentials.loginId}_${randomUUID().slice(0, 8)}`,
    username: credentials.loginId,
    password: credentials.accessToken,
  });
  const received: { topic: string; payload: unknown }[] = [];
  const waiters = new Set<() => void>();
  client.on('message', (topic, buffer) => {
    let payload: unknown;
    try {
      payload = JSON.parse(buffer.toString('utf8'));
    } catch {
      payload = buffer.toString('utf8');
    }
    received.push({ topic, payload });
    for (const wake of waiters) wake();
  });

  return {
    client,
    received,
    next<T>(
      topic: string | ((topic: string) => boolean),
      match: (payload: T) => boolean = () => true,
      timeoutMs = 10_000,
    ) {
      const topicMatches = typeof topic === 'string' ? (t: string) => t === topic : topic;
      const find = () =>
        received.find((m) => topicMatches(m.topic) && match(m.payload as T))?.payload as T | undefined;
      return new Promise<T>((resolve, reject) => {
        const found = find();
        if (found !== undefined) return resolve(found);
        const wake = () => {
          const hit = find();
          if (hit === undefined) return;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(hit);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no message on ${String(topic)} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    async subscribe(filter) {
      try {
        const granted = await client.subscribeAsync(filter, { qos: 1 });
        return granted.every((grant) => grant.qos !== 128);
      } catch {
        return false;
      }
    },
    async publish(topic, payload) {
      // A refused publish gets no PUBACK, the broker hangs up instead: fail at once, not at the test timeout.
      let onClose!: () => void;
      const closed = new Promise<never>((_, reject) => {
        onClose = () =>
          reject(new Error(`the broker closed the connection instead of acknowledging ${topic}`));
        client.once('close', onClose);
      });
      try {
        await Promise.race([client.publishAsync(topic, JSON.stringify(payload), { qos: 1 }), closed]);
      } finally {
        client.removeListener('close', onClose);
      }
    },
    publishAndForget(topic, payload) {
      client.publish(topic, JSON.stringify(payload), { qos: 1 });
    },
    closedWithin(timeoutMs = 3_000) {
      if (!client.connected) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        client.once('close', () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    },
    async close() {
      await client.endAsync(true);
    },
  };
}

/** Why a connection was refused: the CONNACK return code mqtt.js reports. */
export async function connackCodeOf(
  baseUrl: string,
  loginId: string,
  accessToken: string,
): Promise<number | 'accepted'> {
  try {
    const { client } = await connectTestClient(baseUrl, { loginId, accessToken });
    await client.endAsync(true);
    return 'accepted';
  } catch (error) {
    return (error as { code?: number }).code ?? -1;
  }
}
