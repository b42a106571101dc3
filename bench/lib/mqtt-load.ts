import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import mqtt, { type MqttClient } from 'mqtt';
import { percentile } from './results.ts';

/** One simulated patient: where to connect, how to authenticate, which room topic is theirs. */
export interface LoadClient {
  url: string;
  username?: string;
  password?: string;
  /** `chat/{roomIdx}`: the client subscribes to `…/#` and publishes to `…/message`. */
  roomTopic: string;
}

export interface LoadResult {
  clients: number;
  offeredPerSecond: number;
  durationSeconds: number;
  sent: number;
  delivered: number;
  lost: number;
  deliveredPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
}

export function connectClient(url: string, username?: string, password?: string): Promise<MqttClient> {
  return mqtt.connectAsync(url, {
    // The embedded broker speaks MQTT 3.1.1 only (stack-notes); Mosquitto gets the same.
    protocolVersion: 4,
    clean: true,
    clientId: `bench-${randomBytes(6).toString('hex')}`,
    connectTimeout: 60_000,
    reconnectPeriod: 0,
    ...(username ? { username } : {}),
    ...(password ? { password } : {}),
  });
}

/**
 * Every client publishes chat messages to its own room at a steady rate (start times
 * spread over one interval) and receives them back through its subscription, after the
 * broker (or the server behind it) has done its work. Latency is publish → delivery in
 * this one process, so a single clock measures both ends.
 */
export async function runChatLoad(
  specs: LoadClient[],
  options: { messagesPerClientPerSecond: number; durationSeconds: number; drainSeconds?: number },
): Promise<LoadResult> {
  const pending = new Map<string, number>();
  const latencies: number[] = [];
  let sent = 0;
  let measuring = true;
  let lastDeliveryAt = 0;
  const clients = await Promise.all(
    specs.map(async (spec, index) => {
      const client = await connectClient(spec.url, spec.username, spec.password);
      await client.subscribeAsync(`${spec.roomTopic}/#`, { qos: 1 });
      client.on('message', (topic, payload) => {
        if (!topic.endsWith('/message')) return;
        let clientMsgId: unknown;
        try {
          clientMsgId = (JSON.parse(payload.toString()) as { clientMsgId?: unknown }).clientMsgId;
        } catch {
          return;
        }
        const sentAt = typeof clientMsgId === 'string' ? pending.get(clientMsgId) : undefined;
        if (sentAt === undefined) return;
        pending.delete(clientMsgId as string);
        if (measuring) {
          lastDeliveryAt = performance.now();
          latencies.push(lastDeliveryAt - sentAt);
        }
      });
      return { client, spec, index };
    }),
  );

  const intervalMs = 1000 / options.messagesPerClientPerSecond;
  const timers: NodeJS.Timeout[] = [];
  const startTimers: NodeJS.Timeout[] = [];
  const started = performance.now();
  for (const { client, spec, index } of clients) {
    let sequence = 0;
    const publish = () => {
      const clientMsgId = `b${index}-${sequence++}`;
      pending.set(clientMsgId, performance.now());
      sent++;
      client.publish(
        `${spec.roomTopic}/message`,
        JSON.stringify({ clientMsgId, content: `측정 메시지 ${sequence}` }),
        { qos: 1 },
      );
    };
    startTimers.push(
      setTimeout(() => {
        publish();
        timers.push(setInterval(publish, intervalMs));
      }, Math.random() * intervalMs),
    );
  }
  await new Promise((r) => setTimeout(r, options.durationSeconds * 1000));
  for (const timer of [...startTimers, ...timers]) clearTimeout(timer);
  const publishWindowS = (performance.now() - started) / 1000;
  // Let in-flight messages arrive; what is still missing after the drain counts as lost.
  const drainDeadline = performance.now() + (options.drainSeconds ?? 5) * 1000;
  while (pending.size > 0 && performance.now() < drainDeadline) await new Promise((r) => setTimeout(r, 50));
  measuring = false;
  const lost = pending.size;
  await Promise.all(clients.map(({ client }) => client.endAsync(true)));

  return {
    clients: specs.length,
    offeredPerSecond: Math.round(specs.length * options.messagesPerClientPerSecond),
    durationSeconds: options.durationSeconds,
    sent,
    delivered: latencies.length,
    lost,
    // Over the time deliveries actually took: a broker that falls behind is not credited
    // with what it delivered during the drain as if it had kept pace.
    deliveredPerSecond: Math.round(
      latencies.length / Math.max(publishWindowS, (lastDeliveryAt - started) / 1000),
    ),
    latencyP50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
    latencyP99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
    latencyMaxMs: Math.round(Math.max(0, ...latencies) * 10) / 10,
  };
}

/** Least-squares slope of rss over held connections: bytes per connection. */
function slope(points: { held: number; rss: number }[]): number {
  const n = points.length;
  const meanX = points.reduce((sum, p) => sum + p.held, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.rss, 0) / n;
  const covariance = points.reduce((sum, p) => sum + (p.held - meanX) * (p.rss - meanY), 0);
  const variance = points.reduce((sum, p) => sum + (p.held - meanX) ** 2, 0);
  return variance === 0 ? Number.NaN : covariance / variance;
}

/** Resident memory of a process in bytes (Linux /proc). */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kbValue = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  return kbValue ? Number(kbValue) * 1024 : Number.NaN;
}

export interface RampResult {
  target: number;
  held: number;
  firstFailure: string | null;
  rssBeforeBytes: number;
  rssAfterBytes: number;
  bytesPerConnection: number;
  secondsToConnect: number;
}

/**
 * Opens connections in batches until `target` are held at once or one fails, each
 * authenticated and subscribed to its room, then reads the broker process's memory.
 */
export async function rampConnections(
  next: (i: number) => LoadClient,
  options: { target: number; batch: number; pid: number; settleMs?: number },
): Promise<RampResult> {
  const open: MqttClient[] = [];
  const rssBefore = residentBytes(options.pid);
  const samples: { held: number; rss: number }[] = [{ held: 0, rss: rssBefore }];
  let firstFailure: string | null = null;
  const started = performance.now();
  try {
    while (open.length < options.target && !firstFailure) {
      const size = Math.min(options.batch, options.target - open.length);
      const results = await Promise.allSettled(
        Array.from({ length: size }, async (_, k) => {
          const spec = next(open.length + k);
          const client = await connectClient(spec.url, spec.username, spec.password);
          open.push(client);
          await client.subscribeAsync(`${spec.roomTopic}/#`, { qos: 1 });
        }),
      );
      samples.push({ held: open.length, rss: residentBytes(options.pid) });
      const failure = results.find((r) => r.status === 'rejected');
      if (failure) firstFailure = String((failure as PromiseRejectedResult).reason);
    }
    const secondsToConnect = (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, options.settleMs ?? 2_000));
    const rssAfter = residentBytes(options.pid);
    const held = open.filter((c) => c.connected).length;
    return {
      target: options.target,
      held,
      firstFailure,
      rssBeforeBytes: rssBefore,
      rssAfterBytes: rssAfter,
      // The slope over every batch, not after − before: a garbage collection in the broker
      // between two readings would otherwise swing the figure, even below zero.
      bytesPerConnection: held > 0 ? Math.round(slope([...samples, { held, rss: rssAfter }])) : Number.NaN,
      secondsToConnect: Math.round(secondsToConnect * 10) / 10,
    };
  } finally {
    await Promise.all(open.map((client) => client.endAsync(true).catch(() => undefined)));
  }
}
