import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client, type PublishPacket } from 'aedes';
import { BufferList } from 'bl';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ResultCode } from '@smartcare/contract/result-codes';
import {
  MQTT_PATH,
  parseTopic,
  PUBLISH_REFUSED_TOPIC,
  type ParsedTopic,
  type PublishRefusal,
} from '@smartcare/contract/topics';
import { WebSocketServer } from 'ws';
import {
  createTopicAccess,
  type BrokerPrincipal,
  type TopicAccessRegistry,
  type TopicAction,
} from './broker-acl.ts';
import type { AccessDecisionHook } from './broker-audit.ts';
import { createRedisBrokerParts } from './broker-redis.ts';
import { createRateLimiter, type RateLimit, type RateLimiter } from '../../lib/token-bucket.ts';
import { DEFAULT_MQTT_SIZE_LIMITS, MqttSizeGuard, type MqttSizeLimits } from './mqtt-size-guard.ts';
import { PendingPublish } from './pending-publish.ts';

/** Largest WebSocket frame the broker reads, and largest publish payload it considers. */
const MAX_FRAME_BYTES = 64 * 1024;
const MAX_PAYLOAD_BYTES = 16 * 1024;
/** Where a publish over its rate limit goes instead: no client can subscribe to it (ACL). */
const DROPPED_TOPIC = '$smartcare/dropped';

/** MQTT 3.1.1 CONNACK return codes (aedes' AuthErrorCode is a const enum, unusable with isolatedModules). */
const CONNACK = { IDENTIFIER_REJECTED: 2, BAD_USERNAME_OR_PASSWORD: 4, NOT_AUTHORIZED: 5 } as const;

export type AccessTokenCheck =
  | {
      ok: true;
      principal: BrokerPrincipal;
      /** epoch ms */ expiresAt: number;
      /** The login the token belongs to: its connections close when it is revoked. */
      sessionId: string;
    }
  | { ok: false; reason: 'expired' | 'invalid' };

/** What a module does with a client's publish: the packet that is delivered instead, and follow-ups. */
export interface ClientPublishResult {
  /** Delivered in place of what the client sent (the server is the authority, brief §4). */
  topic: string;
  payload: unknown;
  /** Subscriptions the server adds for the publishing connection (a room that was just created). */
  subscribeClientTo?: string[];
  /**
   * Runs after the packet was handed to subscribers: follow-up events, the bot's answer. With
   * `holdsOrder` the next publish of the same order key waits until it calls `releaseOrder`
   * (or ends): what it delivers first keeps its place in that order.
   */
  afterDelivery?: (releaseOrder: () => void) => Promise<void>;
  holdsOrder?: boolean;
}

export interface ClientPublish {
  principal: BrokerPrincipal;
  topic: ParsedTopic;
  payload: Buffer;
}

export type ClientPublishHandler = (publish: ClientPublish) => Promise<ClientPublishResult>;

/** A refusal the handler means (bad payload, finished room): logged as such, not as a failure. */
export class PublishRefused extends Error {
  override name = 'PublishRefused';
}

export interface BrokerOptions {
  checkAccessToken(token: string): Promise<AccessTokenCheck>;
  /** Told every ACL decision, for the audit log (broker-audit.ts); never delays or fails it. */
  onAccessDecision?: AccessDecisionHook | undefined;
  redisUrl?: string | undefined;
  redisPrefix?: string | undefined;
  /** Bytes before login and per packet after (point 11); the defaults suit the apps. */
  sizeLimits?: MqttSizeLimits | undefined;
  /**
   * Rate limits by name (issue 10 point 12), which `handleClientPublishes` refers to: one
   * bucket per connection and one per person (all their devices on this process).
   */
  publishLimits?: Record<string, { perConnection: RateLimit; perPerson: RateLimit }>;
  /**
   * Browser pages of other origins that may open the broker's WebSocket (CORS_ORIGINS);
   * the server's own origin always may, and a client without `Origin` is a native one.
   */
  allowedOrigins?: readonly string[];
  /** Behind a proxy, the page's host is in X-Forwarded-Host. */
  trustProxy?: boolean;
  /** Revoked logins (decision 012): their open connections are closed. */
  sessions?: {
    /** Told at once of the logins this process revokes. */
    onRevoked(listener: (sessionIds: readonly string[]) => void): void;
    /** Asked every `recheckMs` about the connected logins, in one call: those revoked elsewhere. */
    endedAmong(sessionIds: readonly string[]): Promise<string[]>;
    recheckMs: number;
  };
}

export interface RealtimeBroker {
  /**
   * A module declares who may subscribe and publish on one of its topic kinds (issue 11);
   * a kind nobody declared is refused.
   */
  declareTopic: TopicAccessRegistry['declare'];
  /** Publishes a server event (QoS 1) and resolves once it was handed to subscribers. */
  publish(topic: string, payload: unknown): Promise<void>;
  /**
   * Whether anyone may be subscribed to `topic`: false only when this process knows that no
   * one is (with Redis, subscribers of other processes cannot be seen, so always true). Lets
   * a module skip building an event nobody would receive.
   */
  hasSubscribers(topic: string): boolean;
  /**
   * Lets a module take the client publishes of one topic kind (chat messages, nurse calls …).
   * Publishes with the same `orderKey` (e.g. one chat room) are handled and delivered one
   * after another in the order they arrived; different keys run side by side.
   */
  handleClientPublishes(
    accepts: (topic: ParsedTopic) => boolean,
    handler: ClientPublishHandler,
    orderKey?: (topic: ParsedTopic) => string,
    /** A name of `publishLimits`: beyond it the publish is dropped and the client told so. */
    limit?: string,
  ): void;
  /**
   * Runs server work (e.g. storing and publishing the bot's reply) in the order of `key`'s
   * client publishes: after those that arrived before it, before those that arrive later.
   */
  inOrder<T>(key: string, work: () => Promise<T>): Promise<T>;
  /** Closes every connection of these logins (logout, revocation). */
  closeSessions(sessionIds: readonly string[]): void;
  /** Resolves when every follow-up started so far has finished (tests, shutdown). */
  settled(): Promise<void>;
  readonly connectedClients: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    broker: RealtimeBroker;
  }
}

interface Session {
  principal: BrokerPrincipal;
  sessionId: string;
  expiresAt: number;
  /** Its place in `expiring` (see there). */
  expirySecond: number;
}

/** How often connections whose token has expired are closed (see `expiring`). */
const EXPIRY_SWEEP_MS = 1000;

function authError(returnCode: number, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

/**
 * What mqtt-packet's parser needs of the CONNECT packet after it: the protocol version (and
 * bridge mode). It keeps the whole packet as its `settings`, with the password — the access
 * token, a slice of the pooled buffer it arrived in, which keeps that 8 KB slab alive —
 * for as long as the connection lasts: about 800 bytes per connection. One shared object
 * per combination replaces it once the client is authenticated.
 */
const parserSettings = new Map<string, Readonly<{ protocolVersion: number; bridgeMode: boolean }>>();

/** Exported for its test; the broker calls it when a client has logged in. */
export function forgetConnectPacket(client: object) {
  const parser = (
    client as unknown as { _parser?: { settings?: { protocolVersion?: unknown; bridgeMode?: unknown } } }
  )._parser;
  const settings = parser?.settings;
  if (!parser || !settings || typeof settings.protocolVersion !== 'number') return;
  const protocolVersion = settings.protocolVersion;
  const bridgeMode = settings.bridgeMode === true;
  const key = `${protocolVersion}:${bridgeMode}`;
  let shared = parserSettings.get(key);
  if (!shared) {
    shared = Object.freeze({ protocolVersion, bridgeMode });
    parserSettings.set(key, shared);
  }
  parser.settings = shared;
}

function samePrincipal(a: BrokerPrincipal, b: BrokerPrincipal): boolean {
  return a.kind === b.kind && a.idx === b.idx;
}

async function registerBroker(app: FastifyInstance, options: BrokerOptions) {
  const log = app.log.child({ module: 'broker' });
  /** Audit after the decision, off the packet's path: a slow audit write never delays delivery. */
  const access = createTopicAccess();
  const reportAccess = (principal: BrokerPrincipal, action: TopicAction, topic: string, allowed: boolean) => {
    options
      .onAccessDecision?.(principal, action, topic, allowed, access.factsOf(topic))
      .catch((error: unknown) => log.error({ err: error, topic }, 'access decision could not be audited'));
  };
  const sessions = new WeakMap<Client, Session>();
  const sizeLimits = options.sizeLimits ?? DEFAULT_MQTT_SIZE_LIMITS;
  /**
   * Connections by the second their token expires, closed by one timer. (A timer per
   * connection cost about 250 bytes each.) Closing may come up to EXPIRY_SWEEP_MS late;
   * nothing reaches or leaves the connection after expiry all the same (liveSession).
   */
  const expiring = new Map<number, Set<Client>>();
  const expirySweep = setInterval(() => {
    const now = Date.now();
    for (const [second, clients] of expiring) {
      if (second * 1000 > now) continue;
      expiring.delete(second);
      for (const client of clients) client.close();
    }
  }, EXPIRY_SWEEP_MS);
  expirySweep.unref();
  /** The connections of each login, to close them when it is revoked. */
  const bySession = new Map<string, Set<Client>>();
  const allowedOrigins = new Set((options.allowedOrigins ?? []).map((origin) => new URL(origin).origin));
  /** Client publishes between authorization and delivery, with what to do after delivery. */
  const inFlight = new WeakMap<
    PublishPacket,
    {
      afterDelivery?: ((releaseOrder: () => void) => Promise<void>) | undefined;
      holdsOrder: boolean;
      publish: PendingPublish;
    }
  >();
  /** Each connection's publishes not yet delivered or refused, to let go of if it drops first. */
  const unfinished = new WeakMap<Client, Set<PendingPublish>>();
  /** Per order key, the publish the next one waits for. */
  const orderTails = new Map<string, Promise<void>>();
  const running = new Set<Promise<void>>();
  const handlers: {
    accepts: (topic: ParsedTopic) => boolean;
    handler: ClientPublishHandler;
    orderKey?: ((topic: ParsedTopic) => string) | undefined;
    limit?: { perConnection: RateLimiter; perPerson: RateLimiter } | undefined;
  }[] = [];
  const limiters = new Map<string, { perConnection: RateLimiter; perPerson: RateLimiter }>();
  for (const [name, limit] of Object.entries(options.publishLimits ?? {})) {
    limiters.set(name, {
      perConnection: createRateLimiter(limit.perConnection),
      perPerson: createRateLimiter(limit.perPerson),
    });
  }
  const redis = options.redisUrl
    ? createRedisBrokerParts(options.redisUrl, options.redisPrefix ?? 'smartcare:')
    : null;

  /** Aedes keeps its connections by id in `clients`, which its type declarations leave out. */
  function connectedById(clientId: string): Client | undefined {
    return (broker as unknown as { clients: Record<string, Client | undefined> }).clients[clientId];
  }

  function liveSession(client: Client | null): Session | null {
    const session = client ? sessions.get(client) : undefined;
    return session && Date.now() < session.expiresAt ? session : null;
  }

  function track(work: Promise<void>) {
    running.add(work);
    void work.finally(() => running.delete(work));
  }

  /** Takes the next place for `key`: resolves when the publish before it there is done. */
  function waitTurn(key: string, done: Promise<void>): Promise<void> {
    const previous = orderTails.get(key) ?? Promise.resolve();
    orderTails.set(key, done);
    void done.then(() => {
      if (orderTails.get(key) === done) orderTails.delete(key);
    });
    return previous;
  }

  const broker = await Aedes.createBroker({
    ...(redis ? { mq: redis.mq, persistence: redis.persistence } : {}),
    // Apps build ids as `<kind>_<loginId>_<random>`: longer than aedes' default of 23.
    maxClientsIdLength: 128,
    // Clean sessions only (brief §4) and no wills: nothing a client leaves behind is published later.
    preConnect(_client, packet, done) {
      done(null, packet.will === undefined || packet.will === null);
    },

    // username = login id, password = access token. A bad token is "bad user name or password";
    // an expired one "not authorized", so the app knows to refresh and reconnect.
    authenticate(client, username, password, done) {
      const token = password?.toString('utf8') ?? '';
      options
        .checkAccessToken(token)
        .then((check) => {
          if (!check.ok) {
            const code =
              check.reason === 'expired' ? CONNACK.NOT_AUTHORIZED : CONNACK.BAD_USERNAME_OR_PASSWORD;
            return done(authError(code, `access token ${check.reason}`), false);
          }
          if (username !== check.principal.loginId) {
            return done(
              authError(CONNACK.BAD_USERNAME_OR_PASSWORD, 'user name does not match the token'),
              false,
            );
          }
          // Aedes drops an older connection with the same client id: never let one person's
          // id knock another person off (the spec's "client id = patient name" did exactly that).
          const holder = connectedById(client.id);
          const holderSession = holder ? sessions.get(holder) : undefined;
          if (holderSession && !samePrincipal(holderSession.principal, check.principal)) {
            return done(authError(CONNACK.IDENTIFIER_REJECTED, 'client id in use by someone else'), false);
          }
          // At expiry the connection ends; the app reconnects with a fresh token.
          const expirySecond = Math.ceil(check.expiresAt / 1000);
          const dueThen = expiring.get(expirySecond) ?? new Set<Client>();
          dueThen.add(client);
          expiring.set(expirySecond, dueThen);
          sessions.set(client, {
            principal: check.principal,
            sessionId: check.sessionId,
            expiresAt: check.expiresAt,
            expirySecond,
          });
          const ofSession = bySession.get(check.sessionId) ?? new Set<Client>();
          ofSession.add(client);
          bySession.set(check.sessionId, ofSession);
          const conn = (client as unknown as { conn?: unknown }).conn;
          // Its size guard (each connection's stream) allows whole packets from now on.
          if (conn instanceof MqttSizeGuard) conn.authenticated();
          forgetConnectPacket(client);
          done(null, true);
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'token check failed');
          done(authError(CONNACK.NOT_AUTHORIZED, 'token check failed'), false);
        });
    },

    authorizeSubscribe(client, subscription, done) {
      const session = liveSession(client);
      if (!session) return done(null, null);
      access
        .isAllowed(session.principal, 'subscribe', subscription.topic)
        .then((allowed) => {
          if (!allowed)
            log.warn({ principal: session.principal, topic: subscription.topic }, 'subscription refused');
          reportAccess(session.principal, 'subscribe', subscription.topic, allowed);
          // null → SUBACK 0x80 and the client stays connected (stack-notes).
          done(null, allowed ? { ...subscription, qos: Math.min(subscription.qos, 1) as 0 | 1 } : null);
        })
        .catch((error: unknown) => {
          log.error({ err: error, topic: subscription.topic }, 'subscription check failed');
          done(null, null);
        });
    },

    authorizePublish(client, packet, done) {
      const session = liveSession(client);
      if (!client || !session) return done(new Error('not authorized to publish'));
      // Counted as work in progress from here until delivered or refused, so settled() covers
      // a publish the client already has its PUBACK for (QoS 1 acknowledges before delivery).
      let resolveDelivered!: () => void;
      const delivered = new Promise<void>((resolve) => (resolveDelivered = resolve));
      let of = unfinished.get(client);
      if (!of) unfinished.set(client, (of = new Set<PendingPublish>()));
      const publish = new PendingPublish(of, resolveDelivered);
      track(delivered);
      const topic = parseTopic(packet.topic);
      const entry = topic && handlers.find((candidate) => candidate.accepts(topic));
      if (!topic || !entry) return refusePublish(publish, session, packet, done, 'no such topic');
      if ((packet.payload as Buffer).length > MAX_PAYLOAD_BYTES)
        return refusePublish(publish, session, packet, done, 'payload too large');
      if (entry.limit) {
        const person = `${session.principal.kind}:${session.principal.idx}`;
        // Both buckets must have room (a publish the person's bucket refuses has used its
        // connection's token: the connection's limit is the tighter one by design).
        const byConnection = entry.limit.perConnection.take(client.id);
        const byPerson = byConnection.ok ? entry.limit.perPerson.take(person) : byConnection;
        if (!byPerson.ok) {
          publish.finish();
          return dropLimited(
            client,
            packet,
            session,
            Math.max(byConnection.ok ? 0 : byConnection.retryAfterMs, byPerson.retryAfterMs),
            done,
          );
        }
      }
      const turn = entry.orderKey ? waitTurn(entry.orderKey(topic), delivered) : Promise.resolve();
      turn
        .then(() => {
          // A delivery that never reports back must not hold its order key (or settled()) forever.
          publish.finishAfter(10_000);
          return access.isAllowed(session.principal, 'publish', packet.topic);
        })
        .then(async (allowed) => {
          if (!allowed) {
            reportAccess(session.principal, 'publish', packet.topic, false);
            return refusePublish(publish, session, packet, done, 'topic not allowed');
          }
          // Stored first, delivered after: what subscribers receive is what the database holds.
          const result = await entry.handler({
            principal: session.principal,
            topic,
            payload: packet.payload as Buffer,
          });
          for (const filter of result.subscribeClientTo ?? []) {
            await new Promise<void>((resolve) =>
              client.subscribe({ topic: filter, qos: 1 }, () => resolve()),
            );
          }
          packet.topic = result.topic;
          packet.payload = Buffer.from(JSON.stringify(result.payload));
          packet.retain = false;
          inFlight.set(packet, {
            afterDelivery: result.afterDelivery,
            holdsOrder: result.holdsOrder === true,
            publish,
          });
          done(null);
        })
        .catch((error: unknown) => {
          if (error instanceof PublishRefused)
            return refusePublish(publish, session, packet, done, error.message);
          log.error({ err: error, topic: packet.topic }, 'publish handling failed');
          refusePublish(publish, session, packet, done, 'server error', error);
        });
    },

    // Nothing reaches a connection once its token has expired, even before the timer fires.
    // Nor does a dropped publish reach anyone (it is sent to a topic no one can subscribe to).
    authorizeForward(client, packet) {
      return liveSession(client) ? packet : null;
    },

    published(packet, _client, done) {
      const pending = inFlight.get(packet as PublishPacket);
      if (pending) {
        inFlight.delete(packet as PublishPacket);
        const holds = pending.holdsOrder && pending.afterDelivery !== undefined;
        const release = () => pending.publish.finish();
        if (pending.afterDelivery) {
          track(
            pending
              .afterDelivery(release)
              .catch((error: unknown) => log.error({ err: error, topic: packet.topic }, 'follow-up failed'))
              .finally(release),
          );
        }
        if (!holds) release();
      }
      done();
    },
  });

  /** MQTT 3.1.1 has no negative PUBACK: the publish is dropped and the client disconnected. */
  function refusePublish(
    publish: PendingPublish,
    session: Session,
    packet: PublishPacket,
    done: (error?: Error | null) => void,
    reason: string,
    error?: unknown,
  ) {
    publish.finish();
    log.warn({ principal: session.principal, topic: packet.topic, reason, err: error }, 'publish refused');
    done(new Error(reason));
  }

  /**
   * Over a rate limit: the client gets its PUBACK and stays connected (it would only resend
   * after a reconnect), nothing is stored or delivered, and it is told on PUBLISH_REFUSED_TOPIC.
   */
  function dropLimited(
    client: Client,
    packet: PublishPacket,
    session: Session,
    retryAfterMs: number,
    done: (error?: Error | null) => void,
  ) {
    const refusal: PublishRefusal = {
      topic: packet.topic,
      code: ResultCode.RATE_LIMITED,
      retryAfterS: Math.ceil(retryAfterMs / 1000),
    };
    try {
      const body = JSON.parse((packet.payload as Buffer).toString('utf8')) as Record<string, unknown>;
      for (const key of ['clientMsgId', 'clientCallId'] as const) {
        const id = body[key];
        if (typeof id === 'string' && id.length <= 64) refusal[key] = id;
      }
    } catch {
      // Not JSON: the refusal names the topic only.
    }
    log.warn({ principal: session.principal, topic: packet.topic }, 'publish over the rate limit');
    packet.topic = DROPPED_TOPIC;
    packet.payload = Buffer.alloc(0);
    packet.retain = false;
    done(null);
    client.publish(
      {
        cmd: 'publish',
        topic: PUBLISH_REFUSED_TOPIC,
        payload: Buffer.from(JSON.stringify(refusal)),
        qos: 0,
        retain: false,
        dup: false,
      },
      () => undefined,
    );
  }

  broker.on('clientDisconnect', (client) => {
    for (const limiter of limiters.values()) limiter.perConnection.forget(client.id);
    const session = sessions.get(client);
    if (session) {
      const dueThen = expiring.get(session.expirySecond);
      dueThen?.delete(client);
      if (dueThen?.size === 0) expiring.delete(session.expirySecond);
      const ofSession = bySession.get(session.sessionId);
      ofSession?.delete(client);
      if (ofSession?.size === 0) bySession.delete(session.sessionId);
    }
    sessions.delete(client);
    // What it published and we stored may now never be delivered by aedes (the app resends it,
    // and the resend is delivered as the stored message): let the next one in its order go.
    for (const publish of unfinished.get(client) ?? []) publish.finish();
    unfinished.delete(client);
  });
  broker.on('clientError', (client, error) =>
    log.debug({ clientId: client.id, err: error }, 'mqtt client error'),
  );

  const realtime: RealtimeBroker = {
    declareTopic: (kind, declaration) => access.declare(kind, declaration),
    publish(topic, payload) {
      const packet = {
        cmd: 'publish',
        topic,
        payload: Buffer.from(JSON.stringify(payload)),
        qos: 1,
        retain: false,
        dup: false,
      } satisfies PublishPacket;
      return new Promise((resolve, reject) =>
        broker.publish(packet, (error) => (error ? reject(error) : resolve())),
      );
    },
    hasSubscribers(topic) {
      if (redis) return true;
      // mqemitter keeps every local subscription (wildcards too) in its qlobber matcher.
      const matcher = (broker as unknown as { mq: { _matcher?: { match(topic: string): unknown[] } } }).mq
        ._matcher;
      return matcher ? matcher.match(topic).length > 0 : true;
    },
    handleClientPublishes(accepts, handler, orderKey, limit) {
      const limiter = limit === undefined ? undefined : limiters.get(limit);
      if (limit !== undefined && !limiter) throw new Error(`no publish limit named ${limit}`);
      handlers.push({ accepts, handler, orderKey, limit: limiter });
    },
    inOrder(key, work) {
      let release!: () => void;
      const result = waitTurn(key, new Promise<void>((resolve) => (release = resolve))).then(work);
      result.then(release, release);
      return result;
    },
    closeSessions(sessionIds) {
      for (const sessionId of sessionIds) {
        const clients = bySession.get(sessionId);
        if (!clients) continue;
        bySession.delete(sessionId);
        for (const client of clients) {
          // Nothing more reaches it even before the socket is gone (authorizeForward, liveSession).
          const session = sessions.get(client);
          if (session) session.expiresAt = 0;
          client.close();
        }
        log.info({ sessionId, connections: clients.size }, 'revoked login disconnected');
      }
    },
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    get connectedClients() {
      return broker.connectedClients;
    },
  };
  app.decorate('broker', realtime);

  // Revocations made here close the login's connections at once; those made by another
  // process are found by asking again every `recheckMs` (the staleness bound, decision 012).
  let recheck: NodeJS.Timeout | undefined;
  if (options.sessions) {
    const { endedAmong, onRevoked, recheckMs } = options.sessions;
    onRevoked((sessionIds) => realtime.closeSessions(sessionIds));
    recheck = setInterval(() => {
      if (bySession.size === 0) return;
      endedAmong([...bySession.keys()])
        .then((ended) => {
          if (ended.length > 0) realtime.closeSessions(ended);
        })
        .catch((error: unknown) => log.error({ err: error }, 'login check failed'));
    }, recheckMs);
    recheck.unref();
  }

  // The MQTT socket is taken straight from the HTTP upgrade, not through a Fastify route:
  // @fastify/websocket keeps each connection's Fastify request and reply (with the raw
  // request, a ServerResponse and their headers) alive for as long as the socket is open,
  // a third of what a connection cost. No hook of ours applies to an upgrade: the token in
  // CONNECT authenticates, and CORS and the security headers concern HTTP answers.
  // A chat message is at most 2000 characters: a frame far larger than that is not one of ours.
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== MQTT_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    // Browsers send cookies and no CORS check with a WebSocket: another site's page must not
    // reach the broker with the visitor's browser (cross-site WebSocket hijacking).
    if (!originAllowed(request)) {
      log.warn({ origin: request.headers.origin }, 'websocket origin refused');
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    // Nothing of the upgrade request is kept for the connection's life (its headers, and not
    // even the address: the guard reads it only for a warning).
    sockets.handleUpgrade(request, socket, head, (ws) => {
      const guard = new MqttSizeGuard(ws, sizeLimits, tooLarge);
      const client = broker.handle(guard);
      // mqtt-packet's parser keeps its unparsed bytes in a BufferListStream, a full Duplex
      // stream it never uses as one (only append, consume, read): the plain BufferList
      // does the same for about 700 bytes less per connection. (A parser error makes a new
      // one, and the connection is closed.)
      const parser = (client as unknown as { _parser?: { _list?: unknown } })._parser;
      if (parser && parser._list && (parser._list as { length: number }).length === 0)
        parser._list = new BufferList();
    });
  });
  function tooLarge(error: Error, guard: MqttSizeGuard) {
    log.warn({ address: guard.address, reason: error.message }, 'mqtt connection too large');
  }

  function originAllowed(request: IncomingMessage): boolean {
    const origin = request.headers.origin;
    if (origin === undefined) return true;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false; // `null` (a sandboxed or file page) and anything unreadable
    }
    if (allowedOrigins.has(url.origin)) return true;
    const forwarded = options.trustProxy ? request.headers['x-forwarded-host'] : undefined;
    const host =
      (typeof forwarded === 'string' ? forwarded.split(',')[0]!.trim() : request.headers.host) ?? '';
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.host === host.toLowerCase();
  }

  app.addHook('onClose', async () => {
    clearInterval(recheck);
    clearInterval(expirySweep);
    await realtime.settled();
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    await new Promise<void>((resolve) => sockets.close(() => resolve()));
    await redis?.close();
  });
}

export const brokerPlugin = fp(registerBroker, { name: 'broker', dependencies: ['db', 'auth'] });
