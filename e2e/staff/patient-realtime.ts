import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { MQTT_PATH } from '@smartcare/contract/topics';

/**
 * A patient on the other end of the broker, played from Node with the same MQTT 3.1.1
 * client the apps use: it authenticates with its own access token, publishes and collects
 * whatever arrives, so a staff test can see its screens react to a real patient.
 */
export interface PatientLine {
  client: MqttClient;
  received: { topic: string; payload: unknown }[];
  subscribe(topic: string): Promise<void>;
  publish(topic: string, payload: unknown): Promise<void>;
  /** Resolves with the first message (already received or arriving) that `match` accepts. */
  waitFor<T>(match: (topic: string, payload: unknown) => boolean, timeoutMs?: number): Promise<T>;
  close(): Promise<void>;
}

export async function connectPatient(
  baseURL: string,
  loginId: string,
  accessToken: string,
): Promise<PatientLine> {
  const url = `${baseURL.replace(/^http/, 'ws').replace(/\/$/, '')}${MQTT_PATH}`;
  const client = await mqtt.connectAsync(url, {
    protocolVersion: 4,
    clean: true,
    connectTimeout: 60_000,
    reconnectPeriod: 0,
    clientId: `e2e_${loginId}_${randomUUID().slice(0, 8)}`,
    username: loginId,
    password: accessToken,
  });
  const received: PatientLine['received'] = [];
  const waiters = new Set<() => void>();
  client.on('message', (topic, buffer) => {
    let payload: unknown;
    try {
      payload = JSON.parse(buffer.toString());
    } catch {
      payload = buffer.toString();
    }
    received.push({ topic, payload });
    for (const wake of waiters) wake();
  });
  return {
    client,
    received,
    async subscribe(topic) {
      const granted = await client.subscribeAsync(topic, { qos: 1 });
      if (granted.some((g) => g.qos === 128)) throw new Error(`subscription to ${topic} was refused`);
    },
    async publish(topic, payload) {
      await client.publishAsync(topic, JSON.stringify(payload), { qos: 1 });
    },
    waitFor<T>(match: (topic: string, payload: unknown) => boolean, timeoutMs = 15_000) {
      return new Promise<T>((resolve, reject) => {
        const check = () => {
          const hit = received.find((m) => match(m.topic, m.payload));
          if (!hit) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit.payload as T);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no matching message within ${timeoutMs} ms; got ${JSON.stringify(received).slice(0, 500)}`,
            ),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    async close() {
      await client.endAsync(true);
    },
  };
}
