import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { apiPaths } from '@smartcare/contract/api-paths';
import { topics } from '@smartcare/contract/topics';
import { api, loginPatient } from '../../testing/factories.ts';
import { brokerUrl, connectTestClient } from './broker-test-client.ts';
import { createPacketCounter } from './mqtt-size-guard.ts';
import { startServerProcess, type ServerProcess } from './broker-test-server.ts';

/**
 * Issue 10 point 11, repeated against a real server process: sockets declaring huge MQTT
 * packets and streaming them must be closed at once, and the process's memory must not grow.
 */
let server: ServerProcess;
let dataDir: string;

const MB = 1024 * 1024;

async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb) * 1024;
}

/** A full garbage collection in the server process, through its inspector. */
async function collectGarbage(): Promise<void> {
  const url = /Debugger listening on (ws:\/\/\S+)/.exec(server.output.join(''))?.[1];
  if (!url) throw new Error('the server process has no inspector');
  const inspector = new WebSocket(url);
  await new Promise((resolve, reject) => inspector.once('open', resolve).once('error', reject));
  const done = new Promise((resolve) => inspector.on('message', resolve));
  inspector.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
  await done;
  inspector.close();
}

/**
 * The resident size once the start-up's garbage (PGlite's initdb and the seed) has been
 * collected: V8 gives it back in steps, so wait until it holds still for two seconds.
 */
async function settledRss(pid: number): Promise<number> {
  const readings: number[] = [];
  for (let i = 0; i < 150; i++) {
    readings.push(await rssBytes(pid));
    const window = readings.slice(-20);
    if (window.length === 20 && Math.max(...window) - Math.min(...window) < 2 * MB) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return readings.at(-1)!;
}

/** MQTT's variable-length integer (3.1.1 §2.2.3). */
function remainingLength(length: number): Buffer {
  const bytes: number[] = [];
  do {
    let byte = length % 128;
    length = Math.floor(length / 128);
    if (length > 0) byte |= 0x80;
    bytes.push(byte);
  } while (length > 0);
  return Buffer.from(bytes);
}

const mqttString = (value: string) => {
  const body = Buffer.from(value, 'utf8');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(body.length);
  return Buffer.concat([length, body]);
};

/** A CONNECT (clean session, user name and password), complete or only its start. */
function connectPacket(credentials: { loginId: string; password: string } | null, declared?: number) {
  const variable = Buffer.concat([
    mqttString('MQTT'),
    Buffer.from([4, credentials ? 0xc2 : 0x02, 0, 60]),
    mqttString(`attack_${Math.random().toString(36).slice(2)}`),
    ...(credentials ? [mqttString(credentials.loginId), mqttString(credentials.password)] : []),
  ]);
  return Buffer.concat([Buffer.from([0x10]), remainingLength(declared ?? variable.length), variable]);
}

function openSocket(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(brokerUrl(server.baseUrl), 'mqtt');
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/**
 * Sends `head`, then zeros in 60 KB frames (under the 64 KB frame limit) until `total`
 * bytes or until the server closes the socket. Returns the bytes the server took.
 */
async function stream(socket: WebSocket, head: Buffer, total: number): Promise<number> {
  const frame = Buffer.alloc(60 * 1024);
  let sent = 0;
  const send = (data: Buffer) =>
    new Promise<boolean>((resolve) => socket.send(data, (error) => resolve(!error)));
  if (!(await send(head))) return 0;
  sent += head.length;
  while (sent < total && socket.readyState === WebSocket.OPEN) {
    if (!(await send(frame))) break;
    sent += frame.length;
  }
  return sent;
}

const closed = (socket: WebSocket) =>
  socket.readyState === WebSocket.CLOSED
    ? Promise.resolve()
    : new Promise<void>((resolve) => socket.once('close', () => resolve()));

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'smartcare-broker-memory-'));
  server = await startServerProcess({
    env: {
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      // The inspector (loopback, a free port) lets the test collect the start-up's garbage
      // before it takes the baseline: otherwise the attack's first GC hides what it holds.
      NODE_OPTIONS: '--inspect=127.0.0.1:0',
      // Large blocks as mappings of their own: RSS counts what is held, not glibc's free lists.
      MALLOC_MMAP_THRESHOLD_: String(32 * 1024),
    },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('MQTT packet size limits', () => {
  it('counts declared lengths across chunk boundaries and before login', () => {
    const counter = createPacketCounter({ beforeAuthBytes: 100, packetBytes: 1000 });
    // A PINGREQ (no body), then a header whose length field is split over two chunks.
    expect(counter.count(Buffer.from([0xc0, 0x00, 0x10]))).toBeNull();
    expect(counter.count(Buffer.from([0xe8]))).toBeNull(); // still inside the length field
    const error = counter.count(Buffer.from([0x07]));
    expect(error?.message).toContain('1000 bytes declared');
    const afterLogin = createPacketCounter({ beforeAuthBytes: 10, packetBytes: 1000 });
    afterLogin.authenticated();
    expect(afterLogin.count(Buffer.concat([Buffer.from([0x30]), remainingLength(900)]))).toBeNull();
    expect(afterLogin.count(Buffer.alloc(900))).toBeNull();
    expect(afterLogin.count(Buffer.concat([Buffer.from([0x30]), remainingLength(1001)]))).not.toBeNull();
  });

  it('lets a logged-in client send far more than the before-login budget, packet by packet', async () => {
    const { accessToken } = await loginPatient(server.baseUrl, { loginId: 'demo', password: 'Demo1234!' });
    const me = await api(server.baseUrl).get<{ idx: number }>(apiPaths.patient.getPatient, {
      token: accessToken,
    });
    const client = await connectTestClient(server.baseUrl, { loginId: 'demo', accessToken });
    try {
      // Four messages of 2,000 Korean characters (about 6 KB each): 24 KB after login.
      for (let i = 0; i < 4; i++) {
        await client.publish(topics.chatRoomEvent(-me.data!.idx, 'message'), {
          clientMsgId: `big-${i}`,
          content: '가'.repeat(2000),
        });
      }
      expect(client.client.connected).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('closes sockets streaming a 250 MB CONNECT or a 40 MB PUBLISH at once, and memory stays flat', async () => {
    const { accessToken } = await loginPatient(server.baseUrl, { loginId: 'demo', password: 'Demo1234!' });
    // Warm up the paths the attack takes, so the baseline includes what any first use allocates.
    const warm = await openSocket();
    warm.send(connectPacket({ loginId: 'demo', password: accessToken }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    warm.close();
    await collectGarbage();
    const before = await settledRss(server.child.pid!);
    // The peak while the attack runs: what the server held, even if it lets go afterwards.
    let peak = before;
    const sampler = setInterval(() => {
      void rssBytes(server.child.pid!).then((rss) => (peak = Math.max(peak, rss)));
    }, 50);

    // Before login: four sockets each declaring a 250 MB CONNECT, streaming up to 48 MB each.
    const sockets = await Promise.all([1, 2, 3, 4].map(() => openSocket()));
    const sentBeforeLogin = await Promise.all(
      sockets.map((socket) => stream(socket, connectPacket(null, 250 * MB), 48 * MB)),
    );
    await Promise.all(sockets.map(closed));

    // After login: a valid CONNECT, then a PUBLISH declaring 40 MB.
    const loggedIn = await openSocket();
    loggedIn.send(connectPacket({ loginId: 'demo', password: accessToken }));
    await new Promise<void>((resolve) => loggedIn.once('message', () => resolve())); // CONNACK
    const publishHead = Buffer.concat([
      Buffer.from([0x30]),
      remainingLength(40 * MB),
      mqttString('chat/-1/message'),
    ]);
    const sentAfterLogin = await stream(loggedIn, publishHead, 40 * MB);
    await closed(loggedIn);

    clearInterval(sampler);
    peak = Math.max(peak, await rssBytes(server.child.pid!));
    const growthMb = (peak - before) / MB;
    console.info(
      `[point 11] RSS ${(before / MB).toFixed(1)} MB before, peak ${(peak / MB).toFixed(1)} MB (+${growthMb.toFixed(1)} MB); ` +
        `bytes the server let in before closing: ${sentBeforeLogin.map((n) => (n / 1024).toFixed(0)).join(', ')} KB before login, ` +
        `${(sentAfterLogin / 1024).toFixed(0)} KB after`,
    );
    expect(growthMb).toBeLessThan(20);
    // Closed at once: far from the declared sizes (a few frames in flight at most).
    for (const sent of sentBeforeLogin) expect(sent).toBeLessThan(4 * MB);
    expect(sentAfterLogin).toBeLessThan(4 * MB);
  }, 120_000);
});
