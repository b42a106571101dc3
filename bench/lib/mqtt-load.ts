import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
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

/**
 * A connection that only listens, as a staff console does: when watchers are given, a
 * message counts as delivered when it reaches the watcher of its room, not its sender.
 */
export interface LoadWatcher {
  url: string;
  username?: string;
  password?: string;
  /** Topic filters it subscribes to (its rooms' `chat/{roomIdx}/#`, the inbox …). */
  subscriptions: string[];
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
  /** Where latency was taken: at the sender's own subscription, or at the watching console. */
  measuredAt: 'sender' | 'watcher';
  /** What the watchers received besides the measured messages (bot answers, inbox summaries, room updates), per second. */
  otherPerSecond: number;
  /** Of those, chat messages the server's bot wrote. */
  botAnswers: number;
  /** When the first message was published and the last one was due, on the wall clock (ms). */
  publishedFrom: number;
  publishedUntil: number;
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
 * spread over one interval). Without watchers each receives them back through its own
 * subscription; with watchers (staff consoles) latency is taken where staff see the message.
 * Either way the message arrives after the broker (or the server behind it) has done its
 * work. Latency is publish → delivery in this one process, so a single clock measures both ends.
 */
export async function runChatLoad(
  specs: LoadClient[],
  options: {
    /**
     * Names this load's messages apart from every other load's on the same accounts: the
     * server stores a clientMsgId once and answers a resend with the stored copy (no store,
     * no bot), so a load that reused an earlier load's ids would measure resends, not messages.
     */
    loadName: string;
    messagesPerClientPerSecond: number;
    durationSeconds: number;
    drainSeconds?: number;
    watchers?: LoadWatcher[];
    /** What client `index` writes as its `sequence`-th message. */
    content?: (index: number, sequence: number) => string;
  },
): Promise<LoadResult> {
  const pending = new Map<string, number>();
  const latencies: number[] = [];
  let sent = 0;
  let measuring = true;
  let lastDeliveryAt = 0;
  let other = 0;
  let botAnswers = 0;
  const watchers = options.watchers ?? [];
  const content = options.content ?? ((_index, sequence) => `측정 메시지 ${sequence}`);

  const onMessage = (measured: boolean) => (topic: string, payload: Buffer) => {
    // What a patient's own app receives back is load, not the measure (with watchers): not
    // parsed here, where every client shares one process and the bench's parse of it would
    // delay the consoles' reading of the measured messages.
    if (!measured) return;
    // Only chat messages are read: the other packets (inbox summaries of every room, room
    // updates) are counted, not parsed. Every client here shares one process, where one
    // console's parse of a hospital's inbox would delay the next console's socket — a cost
    // no real console (each its own browser) puts on another.
    let message: { clientMsgId?: unknown; personType?: unknown } | null = null;
    if (topic.endsWith('/message')) {
      try {
        message = JSON.parse(payload.toString()) as { clientMsgId?: unknown; personType?: unknown };
      } catch {
        // Not JSON: not one of the measured messages.
      }
    }
    const clientMsgId = message?.clientMsgId;
    const sentAt = typeof clientMsgId === 'string' ? pending.get(clientMsgId) : undefined;
    if (sentAt === undefined) {
      if (measuring) {
        other++;
        if (message?.personType === 'CHATBOT') botAnswers++;
      }
      return;
    }
    pending.delete(clientMsgId as string);
    if (measuring) {
      lastDeliveryAt = performance.now();
      latencies.push(lastDeliveryAt - sentAt);
    }
  };

  const watching = await Promise.all(
    watchers.map(async (watcher) => {
      const client = await connectClient(watcher.url, watcher.username, watcher.password);
      for (const filter of watcher.subscriptions) await client.subscribeAsync(filter, { qos: 1 });
      client.on('message', onMessage(true));
      return client;
    }),
  );
  const clients = await Promise.all(
    specs.map(async (spec, index) => {
      const client = await connectClient(spec.url, spec.username, spec.password);
      // The app listens to its own room; with watchers what comes back is load, not the measure.
      await client.subscribeAsync(`${spec.roomTopic}/#`, { qos: 1 });
      client.on('message', onMessage(watchers.length === 0));
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
      const clientMsgId = `${options.loadName}-${index}-${sequence++}`;
      pending.set(clientMsgId, performance.now());
      sent++;
      client.publish(
        `${spec.roomTopic}/message`,
        JSON.stringify({ clientMsgId, content: content(index, sequence) }),
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
  const publishedUntil = performance.now();
  const publishWindowS = (publishedUntil - started) / 1000;
  // Let in-flight messages arrive; what is still missing after the drain counts as lost.
  const drainDeadline = performance.now() + (options.drainSeconds ?? 5) * 1000;
  while (pending.size > 0 && performance.now() < drainDeadline) await new Promise((r) => setTimeout(r, 50));
  measuring = false;
  const lost = pending.size;
  await Promise.all([
    ...clients.map(({ client }) => client.endAsync(true)),
    ...watching.map((c) => c.endAsync(true)),
  ]);

  // Over the time deliveries actually took: a broker that falls behind is not credited
  // with what it delivered during the drain as if it had kept pace.
  const windowS = Math.max(publishWindowS, (lastDeliveryAt - started) / 1000);
  return {
    clients: specs.length,
    offeredPerSecond: Math.round(specs.length * options.messagesPerClientPerSecond),
    durationSeconds: options.durationSeconds,
    sent,
    delivered: latencies.length,
    lost,
    deliveredPerSecond: Math.round(latencies.length / windowS),
    latencyP50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
    latencyP99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
    latencyMaxMs: Math.round(Math.max(0, ...latencies) * 10) / 10,
    measuredAt: watchers.length > 0 ? 'watcher' : 'sender',
    otherPerSecond: Math.round(other / windowS),
    botAnswers,
    publishedFrom: performance.timeOrigin + started,
    publishedUntil: performance.timeOrigin + publishedUntil,
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

/** Memory of a process at one moment: resident, and (when it can tell) what is live after a full GC. */
export interface MemoryReading {
  rss: number;
  /** Heap in use plus memory held outside it, right after a full garbage collection. */
  live?: number;
}

/** Resident memory of a process in bytes (Linux /proc). */
/**
 * CPU time (user + system) a process has used so far, in ms, from /proc. On a shared machine
 * the rates above depend on how much CPU the process was given; the CPU it spent per message
 * does not.
 */
export function cpuMilliseconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}
/** USER_HZ: 100 on Linux on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

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
  /** Slope of resident memory over held connections. */
  bytesPerConnection: number;
  /** Slope of live memory after a full GC (null when the process cannot be asked). */
  liveBytesPerConnection: number | null;
  secondsToConnect: number;
}

/**
 * Opens connections in batches until `target` are held at once or one fails, each
 * authenticated and subscribed to its room, then reads the broker process's memory.
 */
export async function rampConnections(
  next: (i: number) => LoadClient,
  options: {
    target: number;
    batch: number;
    pid: number;
    settleMs?: number;
    /** How to read the process's memory; resident memory from /proc by default. */
    memory?: () => Promise<MemoryReading>;
    /**
     * Batches opened, subscribed and closed before the first reading. A JavaScript broker
     * compiles its connection path while the first few hundred connections come in (V8's
     * optimised code, about 750 KB in the server), a cost paid once, not kept per connection;
     * in the slope over a 2,000-connection ramp it passed for 0.4–1.2 KB a connection.
     */
    warmupBatches?: number;
  },
): Promise<RampResult> {
  const memory =
    options.memory ?? (async (): Promise<MemoryReading> => ({ rss: residentBytes(options.pid) }));
  /** One connection as the app makes one: authenticated, then subscribed to its room. */
  const connect = async (i: number, open: MqttClient[]) => {
    const spec = next(i);
    const client = await connectClient(spec.url, spec.username, spec.password);
    open.push(client);
    await client.subscribeAsync(`${spec.roomTopic}/#`, { qos: 1 });
  };
  for (let round = 0; round < (options.warmupBatches ?? 0); round++) {
    const warm: MqttClient[] = [];
    await Promise.all(Array.from({ length: options.batch }, (_, k) => connect(k, warm)));
    await Promise.all(warm.map((client) => client.endAsync(true)));
  }
  const open: MqttClient[] = [];
  const before = await memory();
  const rssBefore = before.rss;
  const samples: { held: number; rss: number; live?: number | undefined }[] = [
    { held: 0, rss: rssBefore, live: before.live },
  ];
  let firstFailure: string | null = null;
  const started = performance.now();
  try {
    while (open.length < options.target && !firstFailure) {
      const size = Math.min(options.batch, options.target - open.length);
      const results = await Promise.allSettled(
        Array.from({ length: size }, (_, k) => connect(open.length + k, open)),
      );
      samples.push({ held: open.length, ...(await memory()) });
      const failure = results.find((r) => r.status === 'rejected');
      if (failure) firstFailure = String((failure as PromiseRejectedResult).reason);
    }
    const secondsToConnect = (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, options.settleMs ?? 2_000));
    const after = await memory();
    const held = open.filter((c) => c.connected).length;
    const all = [...samples, { held, ...after }];
    const live = all.every((sample) => sample.live !== undefined)
      ? Math.round(slope(all.map((sample) => ({ held: sample.held, rss: sample.live! }))))
      : null;
    return {
      target: options.target,
      held,
      firstFailure,
      rssBeforeBytes: rssBefore,
      rssAfterBytes: after.rss,
      // The slope over every batch, not after − before: a garbage collection in the broker
      // between two readings would otherwise swing the figure, even below zero.
      bytesPerConnection: held > 0 ? Math.round(slope(all)) : Number.NaN,
      liveBytesPerConnection: held > 0 ? live : null,
      secondsToConnect: Math.round(secondsToConnect * 10) / 10,
    };
  } finally {
    await Promise.all(open.map((client) => client.endAsync(true).catch(() => undefined)));
  }
}

/**
 * Reads a process started with bench/lib/gc-probe.mjs preloaded: signals it, and waits for
 * the memory it writes after a full garbage collection.
 */
export function gcProbeReader(pid: number, file: string): () => Promise<MemoryReading> {
  let seen = 0;
  return async () => {
    process.kill(pid, 'SIGUSR2');
    const deadline = performance.now() + 10_000;
    while (performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      if (!existsSync(file)) continue;
      const reading = JSON.parse(readFileSync(file, 'utf8')) as {
        seq: number;
        rss: number;
        heapUsed: number;
        external: number;
      };
      if (reading.seq <= seen) continue;
      seen = reading.seq;
      return { rss: reading.rss, live: reading.heapUsed + reading.external };
    }
    throw new Error(`process ${pid} did not report its memory (is bench/lib/gc-probe.mjs preloaded?)`);
  };
}
