import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { JWT } from 'google-auth-library';
import webpush from 'web-push';
import type { WebPushPayload } from '@smartcare/contract/notification';
import { ConfigError, type Config } from '../../config.ts';
import type { Database } from '../../plugins/db/database.ts';

/** What a push service answered, as the delivery job acts on it. */
export type PushOutcome =
  | { outcome: 'sent' }
  /** 429 or 5xx, or no answer: try again later (after `retryAfterMs` when the service said so). */
  | { outcome: 'retry'; error: string; retryAfterMs?: number }
  /** The device token or subscription no longer exists: remove it. */
  | { outcome: 'gone'; error: string }
  | { outcome: 'failed'; error: string };

export interface PushSender<Target> {
  send(target: Target, payload: WebPushPayload, options: { urgent: boolean }): Promise<PushOutcome>;
}

const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const SEND_TIMEOUT_MS = 10_000;

interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
}

/** FCM_SERVICE_ACCOUNT: the JSON itself or a path to it. */
export async function readServiceAccount(value: string): Promise<ServiceAccount> {
  const text = value.trimStart().startsWith('{') ? value : await readFile(value, 'utf8');
  let parsed: Partial<ServiceAccount>;
  try {
    parsed = JSON.parse(text) as Partial<ServiceAccount>;
  } catch {
    throw new ConfigError('FCM_SERVICE_ACCOUNT: not a service-account JSON (or a path to one)');
  }
  if (!parsed.project_id || !parsed.client_email || !parsed.private_key)
    throw new ConfigError('FCM_SERVICE_ACCOUNT: needs project_id, client_email and private_key');
  return parsed as ServiceAccount;
}

const retryAfterMs = (header: string | null): number | undefined => {
  const seconds = header === null ? NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
};

/**
 * FCM HTTP v1: the service account signs a JWT, google-auth-library trades it for an access
 * token (cached until shortly before expiry) and each push is one `messages:send`.
 */
export function createFcmSender(
  account: ServiceAccount,
  options: Pick<Config, 'fcmEndpoint' | 'fcmTokenUrl'>,
): PushSender<string> {
  const jwt = new JWT({ email: account.client_email, key: account.private_key, scopes: [FCM_SCOPE] });
  if (options.fcmTokenUrl !== GOOGLE_TOKEN_URL) {
    // The library's token URL is fixed; a stand-in (tests) takes its place here.
    jwt.transporter.interceptors.request.add({
      resolved: async (request) => {
        if (String(request.url) === GOOGLE_TOKEN_URL) request.url = new URL(options.fcmTokenUrl);
        return request;
      },
    });
  }
  const url = `${options.fcmEndpoint}/v1/projects/${encodeURIComponent(account.project_id)}/messages:send`;

  return {
    async send(token, payload, { urgent }) {
      let accessToken: string | null | undefined;
      try {
        accessToken = (await jwt.getAccessToken()).token;
      } catch (error) {
        return { outcome: 'retry', error: `access token: ${(error as Error).message}` };
      }
      if (!accessToken) return { outcome: 'retry', error: 'access token: none returned' };
      // FCM data values are strings.
      const data = {
        notificationIdx: String(payload.notificationIdx),
        kind: payload.kind,
        deepLink: payload.deepLink,
      };
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            message: {
              token,
              notification: { title: payload.title, body: payload.body },
              data,
              android: { priority: urgent ? 'high' : 'normal' },
              apns: { headers: { 'apns-priority': urgent ? '10' : '5' } },
            },
          }),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
      } catch (error) {
        return { outcome: 'retry', error: `send: ${(error as Error).message}` };
      }
      if (response.ok) return { outcome: 'sent' };
      const text = await response.text().catch(() => '');
      const error = `FCM ${response.status}: ${text.slice(0, 300)}`;
      // FCM's own reason for an invalid token: UNREGISTERED (404) in the error details.
      if (/"errorCode"\s*:\s*"UNREGISTERED"/.test(text) || response.status === 404)
        return { outcome: 'gone', error };
      if (response.status === 429 || response.status >= 500 || response.status === 401) {
        const wait = retryAfterMs(response.headers.get('retry-after'));
        return { outcome: 'retry', error, ...(wait !== undefined ? { retryAfterMs: wait } : {}) };
      }
      return { outcome: 'failed', error };
    },
  };
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface WebPushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Web Push (RFC 8030/8291) with VAPID: `web-push` encrypts and signs, fetch delivers (its own
 * sender only speaks https, and the tests' local push service is plain http).
 */
export function createWebPushSender(keys: VapidKeys, subject: string): PushSender<WebPushTarget> {
  return {
    async send(target, payload, { urgent }) {
      let request: webpush.RequestDetails;
      try {
        request = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
            TTL: 24 * 3600,
            urgency: urgent ? 'high' : 'normal',
          },
        );
      } catch (error) {
        // Keys the browser gave that cannot be used: the subscription is worthless.
        return { outcome: 'gone', error: `subscription keys: ${(error as Error).message}` };
      }
      let response: Response;
      try {
        response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          ...(request.body ? { body: new Uint8Array(request.body) } : {}),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
      } catch (error) {
        return { outcome: 'retry', error: `send: ${(error as Error).message}` };
      }
      if (response.ok) return { outcome: 'sent' };
      const text = `Web Push ${response.status}: ${(await response.text().catch(() => '')).slice(0, 300)}`;
      if (response.status === 404 || response.status === 410) return { outcome: 'gone', error: text };
      if (response.status === 429 || response.status >= 500) {
        const wait = retryAfterMs(response.headers.get('retry-after'));
        return { outcome: 'retry', error: text, ...(wait !== undefined ? { retryAfterMs: wait } : {}) };
      }
      return { outcome: 'failed', error: text };
    },
  };
}

/**
 * The VAPID key pair: from configuration, or generated on first start and kept like the
 * token secret (DATA_DIR file 0600, or the server_secrets table on shared PostgreSQL), so
 * browsers' subscriptions stay valid across restarts.
 */
export async function resolveVapidKeys(
  config: Pick<Config, 'vapidKeys' | 'dataDir'>,
  db: Database,
): Promise<VapidKeys> {
  if (config.vapidKeys) return config.vapidKeys;
  const fresh = JSON.stringify(webpush.generateVAPIDKeys());
  const parse = (text: string, where: string): VapidKeys => {
    const keys = JSON.parse(text) as Partial<VapidKeys>;
    if (!keys.publicKey || !keys.privateKey)
      throw new ConfigError(`The VAPID keys in ${where} are incomplete`);
    return { publicKey: keys.publicKey, privateKey: keys.privateKey };
  };
  if (db.kind === 'postgres') {
    await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
      'vapid_keys',
      fresh,
    ]);
    const row = await db.one<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [
      'vapid_keys',
    ]);
    return parse(row.value, "the database table server_secrets (name 'vapid_keys')");
  }
  const file = path.join(config.dataDir, 'vapid-keys.json');
  try {
    return parse(await readFile(file, 'utf8'), file);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw error;
  }
  await mkdir(config.dataDir, { recursive: true });
  try {
    await writeFile(file, fresh, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another start wrote it first: use theirs.
    if ((error as { code?: string }).code === 'EEXIST') return parse(await readFile(file, 'utf8'), file);
    throw error;
  }
  return parse(fresh, file);
}
