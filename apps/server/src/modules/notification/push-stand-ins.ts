import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins of the push services for the server tests (never imported by the app):
 * Google's token endpoint and FCM's `messages:send`, and web-push-testing's push service.
 */

export interface FcmRequest {
  token: string;
  message: { token: string; notification: { title: string; body: string }; data: Record<string, string> };
  authorization: string | undefined;
}

/** What the stand-in answers to the next sends: 200 unless told otherwise. */
export type FcmAnswer = 'ok' | 'UNREGISTERED' | 429 | 503;

export interface FcmStandIn {
  endpoint: string;
  tokenUrl: string;
  /** Every `messages:send` received, in order (answered or not). */
  sends: FcmRequest[];
  tokenRequests: number;
  /** Answers for the next sends, one each; then 'ok'. */
  answerNext(...answers: FcmAnswer[]): void;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFcmStandIn(): Promise<FcmStandIn> {
  const sends: FcmRequest[] = [];
  const queue: FcmAnswer[] = [];
  let tokenRequests = 0;
  const server: Server = createServer((request, response) => {
    void (async () => {
      const text = await bodyOf(request);
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify(body));
      };
      if (request.url === '/token') {
        tokenRequests += 1;
        // A signed JWT assertion, as Google's endpoint receives it.
        if (!new URLSearchParams(text).get('assertion')) return json(400, { error: 'invalid_grant' });
        return json(200, { access_token: 'stand-in-access-token', expires_in: 3600, token_type: 'Bearer' });
      }
      if (request.method === 'POST' && /^\/v1\/projects\/[^/]+\/messages:send$/.test(request.url ?? '')) {
        const { message } = JSON.parse(text) as { message: FcmRequest['message'] };
        sends.push({ token: message.token, message, authorization: request.headers.authorization });
        const answer = queue.shift() ?? 'ok';
        if (answer === 'ok') return json(200, { name: `projects/test/messages/${sends.length}` });
        if (answer === 'UNREGISTERED')
          return json(404, {
            error: {
              code: 404,
              message: 'Requested entity was not found.',
              status: 'NOT_FOUND',
              details: [
                { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' },
              ],
            },
          });
        return json(
          answer,
          { error: { code: answer, status: answer === 429 ? 'RESOURCE_EXHAUSTED' : 'UNAVAILABLE' } },
          {
            'retry-after': '1',
          },
        );
      }
      json(404, { error: 'not found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint: base,
    tokenUrl: `${base}/token`,
    sends,
    get tokenRequests() {
      return tokenRequests;
    },
    answerNext: (...answers) => void queue.push(...answers),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A Firebase-style service account with a fresh RSA key (the stand-in does not check the signature). */
export function testServiceAccount(): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return JSON.stringify({
    type: 'service_account',
    project_id: 'smartcare-test',
    client_email: 'push@smartcare-test.iam.gserviceaccount.com',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  });
}

export interface WebPushStandIn {
  /** Subscribes a pretend browser with our VAPID key; returns the PushSubscription JSON and its id. */
  subscribe(applicationServerKey: string): Promise<{
    subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
    clientHash: string;
  }>;
  /** The decrypted messages the push service received for that browser. */
  messages(clientHash: string): Promise<unknown[]>;
  close(): Promise<void>;
}

/** web-push-testing (a local RFC 8030 push service that checks VAPID and decrypts). */
export async function startWebPushStandIn(): Promise<WebPushStandIn> {
  // The package's server takes a fixed port and puts it in its endpoints: pick a free one.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const require = createRequire(import.meta.url);
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as {
    PushApiModel: new () => unknown;
  };
  const PushServer = require('web-push-testing/src/server.js') as new (
    model: unknown,
    port: number,
  ) => { startServer(): void; _server: Server };
  const server = new PushServer(new PushApiModel(), port);
  server.startServer();
  await new Promise<void>((resolve) =>
    server._server.listening ? resolve() : server._server.once('listening', () => resolve()),
  );
  const base = `http://localhost:${port}`;
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { data: Record<string, unknown> };
  };
  return {
    async subscribe(applicationServerKey) {
      const { data } = await post('/subscribe', { userVisibleOnly: 'true', applicationServerKey });
      return {
        subscription: {
          endpoint: data.endpoint as string,
          keys: data.keys as { p256dh: string; auth: string },
        },
        clientHash: data.clientHash as string,
      };
    },
    async messages(clientHash) {
      const { data } = await post('/get-notifications', { clientHash });
      return data.messages as unknown[];
    },
    close: () => new Promise<void>((resolve) => server._server.close(() => resolve())),
  };
}
