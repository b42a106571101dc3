import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { DEFAULT_MQTT_SIZE_LIMITS, MqttSizeGuard } from './mqtt-size-guard.ts';

/** Real sockets on loopback: the server's side of each connection wrapped as the broker wraps it. */
let server: WebSocketServer;
const accepted: { ws: WebSocket; stream: MqttSizeGuard; exceeded: Error[] }[] = [];

beforeAll(async () => {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  server.on('connection', (ws) => {
    const exceeded: Error[] = [];
    accepted.push({
      ws,
      stream: new MqttSizeGuard(ws, DEFAULT_MQTT_SIZE_LIMITS, (e) => exceeded.push(e)),
      exceeded,
    });
  });
  await new Promise((resolve) => server.once('listening', resolve));
});
afterAll(async () => {
  for (const { ws } of accepted) ws.terminate();
  await new Promise((resolve) => server.close(resolve));
});

async function connect(): Promise<{ client: WebSocket; side: (typeof accepted)[number] }> {
  const before = accepted.length;
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
  await new Promise((resolve, reject) => client.once('open', resolve).once('error', reject));
  await expect.poll(() => accepted.length).toBe(before + 1);
  return { client, side: accepted[before]! };
}

/** A PINGREQ (type 12, no body) and a PUBLISH of `body` (type 3): whole MQTT packets. */
const PINGREQ = Buffer.from([0xc0, 0x00]);
const publish = (body: string) => Buffer.concat([Buffer.from([0x30, body.length]), Buffer.from(body)]);

describe('the MQTT connection stream over a WebSocket (issue 11 point 7)', () => {
  it('carries bytes both ways, corked pieces as one message, and ends with the socket', async () => {
    const { client, side } = await connect();
    const read: Buffer[] = [];
    side.stream.on('data', (chunk: Buffer) => read.push(chunk));
    client.send(PINGREQ);
    client.send(publish('안녕'));
    await expect.poll(() => Buffer.concat(read)).toEqual(Buffer.concat([PINGREQ, publish('안녕')]));

    const frames: Buffer[] = [];
    client.on('message', (data: Buffer) => frames.push(data));
    side.stream.cork();
    side.stream.write(Buffer.from([0xd0]));
    side.stream.write(Buffer.from([0x00]));
    process.nextTick(() => side.stream.uncork());
    await expect.poll(() => frames).toEqual([Buffer.from([0xd0, 0x00])]);

    const closed = new Promise((resolve) => side.stream.once('close', resolve));
    client.close();
    await closed;
    expect(side.exceeded).toEqual([]);
  });

  it('closes the socket on a packet declared over the limit before login, passing none of it on', async () => {
    const { client, side } = await connect();
    const read: Buffer[] = [];
    side.stream.on('data', (chunk: Buffer) => read.push(chunk));
    const clientClosed = new Promise((resolve) => client.once('close', resolve));
    // A CONNECT declaring 200,000 bytes (remaining length 0xC0 0x9A 0x0C).
    client.send(Buffer.from([0x10, 0xc0, 0x9a, 0x0c, 0x00]));
    await clientClosed;
    expect(side.exceeded.map((e) => e.message)).toEqual([
      `packet of 200000 bytes declared (limit ${DEFAULT_MQTT_SIZE_LIMITS.beforeAuthBytes})`,
    ]);
    expect(read).toEqual([]);
  });

  it('reads the client address from the open socket, for the warning of an oversized connection', async () => {
    const { client, side } = await connect();
    expect(side.stream.address).toBe('127.0.0.1');
    const closed = new Promise((resolve) => side.stream.once('close', resolve));
    client.close();
    await closed;
  });

  it('listens on each socket with the same functions: nothing made per connection but the stream itself', async () => {
    const [a, b] = [await connect(), await connect()];
    for (const event of ['message', 'close', 'error'] as const) {
      // (ws' own server keeps a listener of its own on 'close'.)
      const shared = a.side.ws.listeners(event).filter((f) => b.side.ws.listeners(event).includes(f));
      expect(shared).toHaveLength(1);
      if (event !== 'close') expect(a.side.ws.listeners(event)).toEqual(shared);
    }
    a.client.close();
    b.client.close();
  });
});
