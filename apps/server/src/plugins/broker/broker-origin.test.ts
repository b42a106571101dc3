import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { brokerUrl } from './broker-test-client.ts';

/**
 * Issue 10 point 19: the broker's WebSocket upgrade accepts the server's own origin, the
 * CORS_ORIGINS, and clients without Origin (native ones); any other page gets 403.
 */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ config: { corsOrigins: ['https://app.example.com'] } });
});

afterAll(async () => {
  await t?.close();
});

/** The upgrade's answer: 101 (opened) or the HTTP status it was refused with. */
function upgradeStatus(headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(brokerUrl(t.baseUrl), 'mqtt', { headers });
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', (error) => {
      if (socket.readyState !== WebSocket.CLOSED) reject(error);
    });
  });
}

describe('broker WebSocket origin check', () => {
  it('accepts its own origin, CORS_ORIGINS and native clients; refuses other pages', async () => {
    const own = new URL(t.baseUrl).origin;
    expect(await upgradeStatus({})).toBe(101);
    expect(await upgradeStatus({ Origin: own })).toBe(101);
    expect(await upgradeStatus({ Origin: 'https://app.example.com' })).toBe(101);
    expect(await upgradeStatus({ Origin: 'https://evil.example' })).toBe(403);
    expect(await upgradeStatus({ Origin: 'null' })).toBe(403);
    // Same host name on another port is another origin.
    expect(await upgradeStatus({ Origin: own.replace(/:\d+$/, ':1') })).toBe(403);
  });
});
