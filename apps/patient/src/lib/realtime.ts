import {
  chatCompleteEventSchema,
  chatCreateEventSchema,
  chatEnterEventSchema,
  chatMessageSchema,
  chatUpdateEventSchema,
  type ChatMessage,
  type ChatPerson,
  type ChatRoom,
} from '@smartcare/contract/chat';
import type { Page } from '@smartcare/contract/paging';
import type { PatientProfile } from '@smartcare/contract/patient';
import { CHAT_CONTENT_MAX_LENGTH, CLIENT_ID_MAX_LENGTH } from '@smartcare/contract/realtime-constants';
import {
  MQTT_PATH,
  parseTopic,
  provisionalRoomIdx,
  PUBLISH_REFUSED_TOPIC,
  topics,
  type PublishRefusal,
} from '@smartcare/contract/topics';
import { resultCodeName } from '@smartcare/contract/result-code-values';
import { renewalDue, tokenRenewal } from '@smartcare/contract/token-renewal';
import { defaultBackoff, loadMqttConnect, RealtimeOfflineError } from '@smartcare/web-core/realtime';
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { z } from 'zod';
import { api, apiBaseUrl, refreshSession, sessionFailureRoute } from './api-client';
import { i18next } from './i18n';
import { navigateTo } from './navigation';
import { registerSessionListener } from './realtime-seam';
import { session } from './session';
import { readStorage, storageKeys, writeStorage } from './storage-keys';
import { toast } from './toast';

/**
 * The patient's one real-time connection (spec §4, §5, §7; brief §4): MQTT 3.1.1 over
 * WebSocket to the server's broker, authenticated with the patient's own access token.
 * It keeps the live state of the chat (room, messages, the patient's pending messages)
 * and passes nurse-call updates on. mqtt.js (≈ 99 KB gzip) is imported only when a
 * connection starts, so it never weighs on the first screen.
 */

/* ---- the broker client, as far as this module uses it (mqtt.js in the app, a fake in tests) ---- */

export interface BrokerConnectOptions {
  protocolVersion: 4;
  clean: true;
  connectTimeout: number;
  reconnectPeriod: 0;
  timerVariant: 'native';
  clientId: string;
  username: string;
  password: string;
}

export interface BrokerClient {
  readonly connected: boolean;
  on(event: 'connect' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'message', listener: (topic: string, payload: Uint8Array) => void): unknown;
  subscribeAsync(topic: string, options: { qos: 1 }): Promise<{ topic: string; qos: number }[]>;
  unsubscribeAsync(topic: string): Promise<unknown>;
  publishAsync(topic: string, message: string, options: { qos: 1 }): Promise<unknown>;
  end(force?: boolean): unknown;
  removeAllListeners(): unknown;
}

export type BrokerConnect = (
  url: string,
  options: BrokerConnectOptions,
) => BrokerClient | Promise<BrokerClient>;

/** mqtt.js, loaded on the first connection. The browser build exports one default object. */
export const connectWithMqttJs: BrokerConnect = async (url, options) =>
  (await loadMqttConnect())(url, options);

/* ---- state ---- */

export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'reconnecting';

/** queued: waiting for a connection; sending: published, waiting for the server's copy; failed: given up, the patient decides. */
export type PendingState = 'queued' | 'sending' | 'failed';

export interface PendingChatMessage {
  clientMsgId: string;
  content: string;
  createdAt: string;
  state: PendingState;
  attempts: number;
}

export interface ChatSnapshot {
  connection: ConnectionState;
  load: 'idle' | 'loading' | 'ready' | 'error';
  loadError: unknown;
  room: ChatRoom | null;
  /** The room number the chat topic uses: the room's idx, or `-patientIdx` before there is one (spec §3). */
  roomIdx: number | null;
  /** The room's messages known so far, oldest first. */
  messages: readonly ChatMessage[];
  pending: readonly PendingChatMessage[];
  hasOlder: boolean;
  olderLoading: boolean;
  /** After a finished consultation the patient chose to start a new one: the old messages are put aside. */
  freshStart: boolean;
}

/** Raised by actions that need a live connection (nurse calls, ending a chat): the core's. */
export { RealtimeOfflineError };

export interface RealtimeDeps {
  connect: BrokerConnect;
  /** Delay before reconnect attempt n (1-based). */
  backoff: (attempt: number) => number;
  /** ws(s)://host/mqtt of the API's host (the API address override moves both, spec §3). */
  brokerUrl: () => string;
}

export const CHAT_PAGE_SIZE = 30;
/** After this many sends without the server's copy, a message waits for the patient's "retry". */
const MAX_SEND_ATTEMPTS = 3;
/** How many newest pages a catch-up reads at most after a reconnect. */
const CATCH_UP_PAGES = 5;
const PUBLISH_TIMEOUT_MS = 15_000;
/** A renewal that could not reach the server is tried again after this long, while the old connection lasts. */
const RENEW_RETRY_MS = 5_000;

export { defaultBackoff };

export function defaultBrokerUrl(): string {
  const api = apiBaseUrl();
  const origin = /^https?:\/\//i.test(api) ? new URL(api).origin : window.location.origin;
  return `${origin.replace(/^http/i, 'ws')}${MQTT_PATH}`;
}

/** Random hex id; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
export function randomId(bytes = 12): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (b) => b.toString(16).padStart(2, '0')).join('');
}

const decoder = new TextDecoder();

function byIdx(a: ChatMessage, b: ChatMessage): number {
  return a.idx - b.idx;
}

function mergeMessages(known: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const map = new Map<number, ChatMessage>();
  for (const message of known) map.set(message.idx, message);
  for (const message of incoming) map.set(message.idx, message);
  return [...map.values()].sort(byIdx);
}

/* ---- the pending messages kept across reloads (brief §4: nothing a patient sent is lost) ---- */

interface StoredPendingChat {
  patientIdx: number;
  hospitalIdx: number;
  messages: PendingChatMessage[];
}

const PENDING_STATES: readonly PendingState[] = ['queued', 'sending', 'failed'];

/** One stored message, or null when anything about it is off (another version, a hand edit). */
function parseStoredPending(value: unknown): PendingChatMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const { clientMsgId, content, createdAt, state, attempts } = value as Record<string, unknown>;
  if (
    typeof clientMsgId !== 'string' ||
    clientMsgId.length === 0 ||
    clientMsgId.length > CLIENT_ID_MAX_LENGTH
  )
    return null;
  if (typeof content !== 'string' || !content.trim() || content.length > CHAT_CONTENT_MAX_LENGTH) return null;
  if (typeof createdAt !== 'string' || Number.isNaN(Date.parse(createdAt))) return null;
  if (!PENDING_STATES.includes(state as PendingState)) return null;
  if (typeof attempts !== 'number' || !Number.isInteger(attempts) || attempts < 0) return null;
  return {
    clientMsgId,
    content,
    createdAt,
    // Whatever was on its way when the app closed is sent again (same id: the server keeps one).
    state: state === 'sending' ? 'queued' : (state as PendingState),
    attempts,
  };
}

/** The patient's own stored messages for this hospital; anyone else's, or anything unreadable, is none. */
function readPendingChat(patientIdx: number, hospitalIdx: number): PendingChatMessage[] {
  const raw = readStorage(storageKeys.pendingChat);
  if (!raw) return [];
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return [];
  }
  if (typeof stored !== 'object' || stored === null) return [];
  const entry = stored as Partial<Record<keyof StoredPendingChat, unknown>>;
  if (entry.patientIdx !== patientIdx || entry.hospitalIdx !== hospitalIdx || !Array.isArray(entry.messages))
    return [];
  const messages: PendingChatMessage[] = [];
  const seen = new Set<string>();
  for (const item of entry.messages) {
    const message = parseStoredPending(item);
    if (!message || seen.has(message.clientMsgId)) continue;
    seen.add(message.clientMsgId);
    messages.push(message);
  }
  return messages;
}

/** The same messages in the same states (filters and maps make new arrays of the same items). */
function samePending(a: readonly PendingChatMessage[], b: readonly PendingChatMessage[]): boolean {
  return a.length === b.length && a.every((message, i) => message === b[i]);
}

function writePendingChat(
  patientIdx: number,
  hospitalIdx: number,
  messages: readonly PendingChatMessage[],
): void {
  const entry: StoredPendingChat = { patientIdx, hospitalIdx, messages: [...messages] };
  writeStorage(storageKeys.pendingChat, messages.length > 0 ? JSON.stringify(entry) : null);
}

/** Logout: the next patient on this phone must never see or send them. */
export function forgetPendingChat(): void {
  writeStorage(storageKeys.pendingChat, null);
}

const EMPTY_CHAT: ChatSnapshot = {
  connection: 'idle',
  load: 'idle',
  loadError: null,
  room: null,
  roomIdx: null,
  messages: [],
  pending: [],
  hasOlder: false,
  olderLoading: false,
  freshStart: false,
};

export type Realtime = ReturnType<typeof createRealtime>;

export function createRealtime(overrides: Partial<RealtimeDeps> = {}) {
  const deps: RealtimeDeps = {
    connect: connectWithMqttJs,
    backoff: defaultBackoff,
    brokerUrl: defaultBrokerUrl,
    ...overrides,
  };

  let state: ChatSnapshot = EMPTY_CHAT;
  let profile: PatientProfile | null = null;
  let client: BrokerClient | null = null;
  /** Bumped by every start and stop, so late answers of an earlier session are dropped. */
  let generation = 0;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let renewTimer: ReturnType<typeof setTimeout> | undefined;
  /** The connection opened with a fresh token that replaces `client` once it listens (token renewal). */
  let candidate: BrokerClient | null = null;
  /** The token each connection was opened with. */
  const clientTokens = new WeakMap<BrokerClient, string>();
  /** The last connection ended because its token ran out: the next one is a quiet resume, not an outage's end. */
  let resumingAfterExpiry = false;
  /** A `complete` may reach both connections during a renewal: listeners hear each room once. */
  let announcedComplete: number | null = null;
  let authRefused = false;
  let outageReported = false;
  let subscribedRoomIdx: number | null = null;
  let pagesLoaded = 0;
  let syncing: { gen: number; done: Promise<void> } | null = null;
  let resyncRequested = false;

  const listeners = new Set<() => void>();
  const completeListeners = new Set<(roomIdx: number) => void>();
  const topicListeners = new Set<(topic: string, payload: unknown) => void>();
  const reconnectListeners = new Set<() => void>();

  function update(patch: Partial<ChatSnapshot>): void {
    const pendingChanged = patch.pending !== undefined && !samePending(patch.pending, state.pending);
    state = { ...state, ...patch };
    // Every change of the queue is kept at once: the app may be closed the next moment.
    if (pendingChanged && profile?.choseHospitalIdx)
      writePendingChat(profile.idx, profile.choseHospitalIdx, state.pending);
    for (const listener of listeners) listener();
  }

  function hospitalIdx(): number | null {
    return profile?.choseHospitalIdx ?? null;
  }

  /* ---- REST: the room and its pages (spec §7) ---- */

  function fetchCurrentRoom(): Promise<ChatRoom> {
    return api.chat.currentRoom();
  }

  function fetchPage(roomIdx: number, pNum: number): Promise<Page<ChatMessage>> {
    return api.chat.messages({
      query: { pNum, pSize: CHAT_PAGE_SIZE, roomIdx, hospitalIdx: hospitalIdx() },
    });
  }

  /** A message the server stored replaces the patient's pending copy (same clientMsgId). */
  function withoutConfirmed(
    pending: readonly PendingChatMessage[],
    messages: readonly ChatMessage[],
  ): PendingChatMessage[] {
    const mine = profile?.idx;
    const stored = new Set(
      messages
        .filter((m) => m.personType === 'PATIENT' && m.senderIdx === mine && m.clientMsgId)
        .map((m) => m.clientMsgId),
    );
    return pending.filter((p) => !stored.has(p.clientMsgId));
  }

  function addMessages(incoming: readonly ChatMessage[]): void {
    const messages = mergeMessages(state.messages, incoming);
    update({ messages, pending: withoutConfirmed(state.pending, messages) });
  }

  /** Takes the server's view of the room; another room number means another conversation. */
  function applyRoom(room: ChatRoom): void {
    if (!profile) return;
    const roomIdx = room.idx ?? provisionalRoomIdx(profile.idx);
    if (roomIdx !== state.roomIdx) {
      pagesLoaded = 0;
      update({ room, roomIdx, messages: [], hasOlder: false, freshStart: false });
    } else {
      update({ room });
    }
  }

  /** The newest pages until they meet what is already known: what was missed while away. */
  async function catchUp(gen: number): Promise<void> {
    const roomIdx = state.roomIdx;
    // The provisional room has no messages on the server yet (spec §3).
    if (roomIdx === null || roomIdx <= 0) {
      update({ hasOlder: false });
      return;
    }
    const known = state.messages.at(-1)?.idx ?? null;
    const collected: ChatMessage[] = [];
    let met = false;
    let pNum = 0;
    let totalCount = 0;
    while (!met && pNum < CATCH_UP_PAGES) {
      pNum += 1;
      const page = await fetchPage(roomIdx, pNum);
      if (gen !== generation || roomIdx !== state.roomIdx) return;
      collected.push(...page.dataList);
      totalCount = page.totalCount;
      if (pagesLoaded < pNum && known === null) {
        pagesLoaded = pNum;
        update({ hasOlder: pNum * CHAT_PAGE_SIZE < page.totalCount });
      }
      met =
        known === null ||
        page.dataList.some((m) => m.idx <= known) ||
        page.dataList.length < CHAT_PAGE_SIZE ||
        pNum * CHAT_PAGE_SIZE >= page.totalCount;
    }
    if (met) {
      addMessages(collected);
      return;
    }
    // More was missed than a catch-up reads: keep the newest pages only and let scrolling up
    // load the rest from there (page numbers count from the newest), rather than show a hole
    // between what was known and what was read.
    const oldestRead = Math.min(...collected.map((m) => m.idx));
    const messages = mergeMessages(
      state.messages.filter((m) => m.idx >= oldestRead),
      collected,
    );
    pagesLoaded = pNum;
    update({
      messages,
      pending: withoutConfirmed(state.pending, messages),
      hasOlder: pNum * CHAT_PAGE_SIZE < totalCount,
    });
  }

  /**
   * Fetch the current room, listen to it, catch up and send what waits (spec §7: "after
   * connect, the current room is fetched and subscribed"). Calls while one runs fold into
   * one more run afterwards.
   */
  function syncRoom(): Promise<void> {
    if (syncing && syncing.gen === generation) {
      resyncRequested = true;
      return syncing.done;
    }
    const gen = generation;
    const done = (async () => {
      do {
        resyncRequested = false;
        if (state.load !== 'ready') update({ load: 'loading', loadError: null });
        try {
          const room = await fetchCurrentRoom();
          if (gen !== generation) return;
          applyRoom(room);
          await listenToRoom(gen);
          await catchUp(gen);
          if (gen !== generation) return;
          update({ load: 'ready', loadError: null });
          flush();
        } catch (error) {
          if (gen !== generation) return;
          if (state.load !== 'ready') update({ load: 'error', loadError: error });
        }
      } while (resyncRequested && gen === generation);
    })().finally(() => {
      if (syncing?.done === done) syncing = null;
    });
    syncing = { gen, done };
    return done;
  }

  /* ---- the broker ---- */

  function reportSubscriptionFailure(): void {
    toast.error(i18next.t('realtime.subscribeError'));
  }

  async function subscribe(c: BrokerClient, topic: string): Promise<boolean> {
    try {
      const granted = await c.subscribeAsync(topic, { qos: 1 });
      // A refused filter comes back as SUBACK 0x80 (mqtt.js may also reject; stack-notes).
      if (granted.some((g) => g.qos === 128)) throw new Error(`subscription refused: ${topic}`);
      return true;
    } catch {
      if (client === c) reportSubscriptionFailure();
      return false;
    }
  }

  async function listenToRoom(gen: number): Promise<void> {
    const c = client;
    const roomIdx = state.roomIdx;
    if (!c || !c.connected || roomIdx === null || subscribedRoomIdx === roomIdx) return;
    const previous = subscribedRoomIdx;
    subscribedRoomIdx = roomIdx;
    const ok = await subscribe(c, topics.chatRoomAll(roomIdx));
    if (gen !== generation || client !== c) return;
    if (!ok) {
      if (subscribedRoomIdx === roomIdx) subscribedRoomIdx = null;
      return;
    }
    if (previous !== null && previous !== roomIdx)
      void c.unsubscribeAsync(topics.chatRoomAll(previous)).catch(() => undefined);
  }

  async function credentials(forceRefresh: boolean): Promise<{ username: string; password: string } | null> {
    let { accessToken } = session.tokens();
    if (!accessToken || !profile) return null;
    if (forceRefresh || renewalDue(accessToken)) {
      const loginNeeded = await refreshSession(accessToken);
      if (loginNeeded) {
        navigateTo(sessionFailureRoute());
        return null;
      }
      accessToken = session.tokens().accessToken;
      if (!accessToken) return null;
    }
    return { username: session.snapshot().loginId ?? profile.loginId, password: accessToken };
  }

  function scheduleReconnect(gen: number): void {
    if (gen !== generation) return;
    if (!outageReported) {
      // Once per outage, not once per attempt (spec §8: the connection-error toast).
      outageReported = true;
      toast.error(i18next.t('realtime.connectError'));
    }
    attempt += 1;
    update({ connection: 'reconnecting' });
    clearTimeout(timer);
    timer = setTimeout(() => void connect(gen), deps.backoff(attempt));
  }

  /** A new broker client with these credentials, its events wired to this session. */
  async function openClient(
    gen: number,
    creds: { username: string; password: string },
  ): Promise<BrokerClient | null> {
    if (!profile) return null;
    const c = await deps.connect(deps.brokerUrl(), {
      protocolVersion: 4,
      clean: true,
      connectTimeout: 60_000,
      // Reconnects are ours: each needs the current token and a growing delay.
      reconnectPeriod: 0,
      // The default browser timers run in a blob: Worker, which the CSP (worker-src 'self') refuses.
      timerVariant: 'native',
      // Unique per connection (brief §4): two devices of one patient must not evict each other.
      clientId: `patient_${profile.idx}_${randomId(6)}`,
      username: creds.username,
      password: creds.password,
    });
    if (gen !== generation) {
      c.end(true);
      return null;
    }
    clientTokens.set(c, creds.password);
    c.on('connect', () => void onConnected(gen, c));
    c.on('message', (topic, payload) => onMessage(topic, payload));
    c.on('error', (error) => {
      const code = (error as { code?: unknown }).code;
      // CONNACK 4 (bad user name or password) / 5 (not authorised): the token is stale.
      if (code === 4 || code === 5) authRefused = true;
    });
    c.on('close', () => onClosed(gen, c));
    return c;
  }

  async function connect(gen: number): Promise<void> {
    if (gen !== generation || !profile) return;
    const forceRefresh = authRefused;
    authRefused = false;
    try {
      const creds = await credentials(forceRefresh);
      if (gen !== generation) return;
      if (!creds) {
        stop();
        return;
      }
      const c = await openClient(gen, creds);
      if (c) client = c;
    } catch {
      // Offline (the token refresh or the library could not be fetched): try again later.
      resumingAfterExpiry = false;
      scheduleReconnect(gen);
    }
  }

  async function onConnected(gen: number, c: BrokerClient): Promise<void> {
    if (gen !== generation) return;
    if (c === candidate) {
      await takeOver(gen, c);
      return;
    }
    if (client !== c) return;
    const reconnected = attempt > 0 || outageReported || resumingAfterExpiry;
    attempt = 0;
    outageReported = false;
    resumingAfterExpiry = false;
    subscribedRoomIdx = null;
    update({ connection: 'connected' });
    scheduleRenewal(gen, c);
    const h = hospitalIdx();
    if (h !== null && profile) void subscribe(c, topics.nurseCallingPatient(h, profile.idx));
    // issue 12: the in-app notice (read by features through onTopic)
    if (profile) void subscribe(c, topics.notificationPatient(profile.idx));
    await syncRoom();
    if (reconnected) for (const listener of reconnectListeners) listener();
  }

  /* ---- token renewal: a new connection before the broker ends the old one at expiry ---- */

  function scheduleRenewal(gen: number, c: BrokerClient, delay?: number): void {
    clearTimeout(renewTimer);
    const renewal = tokenRenewal(clientTokens.get(c) ?? '');
    if (!renewal) return;
    const due = delay ?? Math.max(0, renewal.renewAt - Date.now());
    renewTimer = setTimeout(() => void renew(gen, c), due);
  }

  /**
   * Refreshes the token (the API client's shared refresh), opens a second connection with it
   * and lets it take over once it listens (`takeOver`). Quiet: no toast, no "reconnecting".
   */
  async function renew(gen: number, old: BrokerClient): Promise<void> {
    if (gen !== generation || client !== old || candidate) return;
    let c: BrokerClient | null;
    try {
      // The session's token may be newer already (an API call or another tab refreshed it),
      // unless the broker refused that one for the last renewal.
      const forceRefresh = authRefused || session.tokens().accessToken === clientTokens.get(old);
      authRefused = false;
      const creds = await credentials(forceRefresh);
      if (gen !== generation || client !== old) return;
      if (!creds) {
        stop();
        return;
      }
      c = await openClient(gen, creds);
    } catch {
      // The server could not be reached: the old connection still works until its expiry.
      if (gen === generation && client === old) scheduleRenewal(gen, old, RENEW_RETRY_MS);
      return;
    }
    if (!c) return;
    if (client !== old || candidate) {
      // The old connection ended meanwhile and a reconnect is under way: this one is not needed.
      retire(c);
      return;
    }
    candidate = c;
  }

  /** The renewed connection listens to everything the old one did, then replaces it; nothing falls between them. */
  async function takeOver(gen: number, c: BrokerClient): Promise<void> {
    const roomIdx = state.roomIdx;
    const h = hospitalIdx();
    const nurseTopic = h !== null && profile ? topics.nurseCallingPatient(h, profile.idx) : null;
    const [nurseOk, roomOk] = await Promise.all([
      nurseTopic ? subscribe(c, nurseTopic) : Promise.resolve(true),
      roomIdx !== null ? subscribe(c, topics.chatRoomAll(roomIdx)) : Promise.resolve(false),
      // issue 12: the in-app notice
      profile ? subscribe(c, topics.notificationPatient(profile.idx)) : Promise.resolve(true),
    ]);
    if (gen !== generation || candidate !== c) return;
    candidate = null;
    const old = client;
    client = c;
    subscribedRoomIdx = roomOk ? roomIdx : null;
    if (old) retire(old);
    attempt = 0;
    outageReported = false;
    resumingAfterExpiry = false;
    // Published on the old connection and not confirmed: sent again here with the same id.
    // The swap is not the message's failure, so it does not count as an attempt.
    update({
      connection: 'connected',
      pending: state.pending.map((p) =>
        p.state === 'sending' ? { ...p, state: 'queued', attempts: Math.max(0, p.attempts - 1) } : p,
      ),
    });
    if (!nurseOk) reportSubscriptionFailure();
    scheduleRenewal(gen, c);
    // Catch up and send what waits, as after a reconnect (the room may also have moved meanwhile).
    await syncRoom();
    if (gen !== generation) return;
    for (const listener of reconnectListeners) listener();
  }

  function onClosed(gen: number, c: BrokerClient): void {
    if (gen !== generation) return;
    if (c === candidate) {
      // The renewal did not get through.
      candidate = null;
      retire(c);
      if (client) scheduleRenewal(gen, client, RENEW_RETRY_MS);
      else lostConnection(gen, c);
      return;
    }
    if (client !== c) return;
    client = null;
    subscribedRoomIdx = null;
    clearTimeout(renewTimer);
    retire(c);
    // Published but not confirmed: the next connection sends them again with the same id.
    update({ pending: state.pending.map((p) => (p.state === 'sending' ? { ...p, state: 'queued' } : p)) });
    // A renewal under way takes over when it connects (or reports its own failure).
    if (candidate) return;
    lostConnection(gen, c);
  }

  /**
   * The broker ends a connection when its token runs out (a phone that slept past the
   * renewal): that is no outage, so reconnect at once with a fresh token and say nothing.
   * Anything else is an outage: toast once and back off.
   */
  function lostConnection(gen: number, c: BrokerClient): void {
    const renewal = tokenRenewal(clientTokens.get(c) ?? '');
    const expired = renewal !== null && Date.now() >= renewal.renewAt;
    if (expired && !resumingAfterExpiry && attempt === 0 && !outageReported) {
      resumingAfterExpiry = true;
      clearTimeout(timer);
      void connect(gen);
      return;
    }
    resumingAfterExpiry = false;
    scheduleReconnect(gen);
  }

  /** Done with a client: no more events reach us, and a late error has a listener (or Node would throw). */
  function retire(c: BrokerClient): void {
    c.removeAllListeners();
    c.on('error', () => undefined);
    c.end(true);
  }

  function parsePayload(payload: Uint8Array): unknown {
    try {
      return JSON.parse(decoder.decode(payload));
    } catch {
      return null;
    }
  }

  /**
   * The broker dropped a publish of ours over its rate limit (issue 10 point 12): the patient
   * is told why, and the chat message waits as failed for "retry" instead of being resent.
   */
  function onRefused(refusal: PublishRefusal): void {
    const name = resultCodeName(refusal.code);
    toast.error(i18next.t(`resultCode.${name ?? 'RATE_LIMITED'}`));
    if (typeof refusal.clientMsgId !== 'string') return;
    update({
      pending: state.pending.map((p) =>
        p.clientMsgId === refusal.clientMsgId ? { ...p, state: 'failed' as const } : p,
      ),
    });
  }

  function onMessage(topic: string, raw: Uint8Array): void {
    const payload = parsePayload(raw);
    if (topic === PUBLISH_REFUSED_TOPIC) {
      if (payload !== null && typeof payload === 'object') onRefused(payload as PublishRefusal);
      return;
    }
    const parsed = parseTopic(topic);
    if (!parsed || payload === null || typeof payload !== 'object') return;
    if (parsed.kind !== 'chat') {
      // Not the chat's: the feature that listens reads it (with the contract's schema).
      for (const listener of topicListeners) listener(topic, payload);
      return;
    }
    if (parsed.event === '#') return;
    // Each event's payload is read with the contract's schema: one that does not fit is
    // ignored, as the staff console does, rather than read as if it did.
    const read = <S extends z.ZodType>(schema: S): z.output<S> | null => {
      const result = schema.safeParse(payload);
      return result.success ? result.data : null;
    };
    switch (parsed.event) {
      case 'create': {
        // The server opened a room for the messages sent to the old number: move there (spec §4).
        const event = read(chatCreateEventSchema);
        if (parsed.roomIdx !== state.roomIdx || !event) return;
        const { room } = event;
        applyRoom(room);
        update({ freshStart: false });
        void listenToRoom(generation)
          .then(() => catchUp(generation))
          .then(flush)
          .catch(() => undefined);
        return;
      }
      case 'change':
        // Spec §4: ignored.
        return;
      case 'update': {
        const room = read(chatUpdateEventSchema)?.room;
        if (room && room.idx === state.roomIdx) update({ room });
        return;
      }
      case 'enter': {
        const event = read(chatEnterEventSchema);
        if (!event || event.roomIdx !== state.roomIdx || !state.room) return;
        const { person } = event;
        const present = state.room.persons.some(
          (p: ChatPerson) => p.personType === person.personType && p.idx === person.idx,
        );
        if (!present) update({ room: { ...state.room, persons: [...state.room.persons, person] } });
        return;
      }
      case 'message': {
        const message = read(chatMessageSchema);
        if (!message || message.roomIdx !== state.roomIdx) return;
        addMessages([message]);
        return;
      }
      case 'complete': {
        const roomIdx = read(chatCompleteEventSchema)?.roomIdx;
        if (roomIdx === undefined || roomIdx !== state.roomIdx) return;
        if (state.room) update({ room: { ...state.room, status: 'COMPLETE' } });
        if (announcedComplete === roomIdx) return;
        announcedComplete = roomIdx;
        for (const listener of completeListeners) listener(roomIdx);
        return;
      }
    }
  }

  function publishWithTimeout(c: BrokerClient, topic: string, payload: unknown): Promise<void> {
    // A QoS 1 publish cut off by a dropped connection may never settle: give up after a while.
    return new Promise<void>((resolve, reject) => {
      const limit = setTimeout(() => reject(new RealtimeOfflineError()), PUBLISH_TIMEOUT_MS);
      c.publishAsync(topic, JSON.stringify(payload), { qos: 1 }).then(
        () => {
          clearTimeout(limit);
          resolve();
        },
        (error: unknown) => {
          clearTimeout(limit);
          reject(error instanceof Error ? error : new RealtimeOfflineError());
        },
      );
    });
  }

  /** Sends every queued message (spec §5: messaging is skipped without a connection — they wait). */
  function flush(): void {
    const c = client;
    const roomIdx = state.roomIdx;
    if (!c || !c.connected || roomIdx === null || subscribedRoomIdx !== roomIdx) return;
    if (state.room?.status === 'COMPLETE' && !state.freshStart) return;
    const toSend: PendingChatMessage[] = [];
    const pending = state.pending.map((p): PendingChatMessage => {
      if (p.state !== 'queued') return p;
      if (p.attempts >= MAX_SEND_ATTEMPTS) return { ...p, state: 'failed' };
      const next = { ...p, state: 'sending' as const, attempts: p.attempts + 1 };
      toSend.push(next);
      return next;
    });
    if (toSend.length === 0) {
      if (pending.some((p, i) => p !== state.pending[i])) update({ pending });
      return;
    }
    update({ pending });
    for (const message of toSend) {
      publishWithTimeout(c, topics.chatRoomEvent(roomIdx, 'message'), {
        clientMsgId: message.clientMsgId,
        content: message.content,
      }).catch(() => {
        // A closed or replaced connection has queued it already (and may have sent it again).
        if (client !== c) return;
        // Still waiting for this very attempt: queue it for the next connection.
        update({
          pending: state.pending.map((p) =>
            p.clientMsgId === message.clientMsgId && p.state === 'sending' && p.attempts === message.attempts
              ? { ...p, state: 'queued' }
              : p,
          ),
        });
      });
    }
  }

  /* ---- lifecycle ---- */

  function start(next: PatientProfile): void {
    // Spec §5: chat connects only when a hospital has been chosen.
    if (!next.choseHospitalIdx) {
      stop();
      return;
    }
    const same = profile && profile.idx === next.idx && profile.choseHospitalIdx === next.choseHospitalIdx;
    if (same && state.connection !== 'idle') {
      profile = next;
      return;
    }
    stop();
    profile = next;
    generation += 1;
    // What this patient wrote for this hospital before a reload waits again, shown as pending.
    // Set without a write: another patient's stored messages stay until this one sends.
    state = { ...state, pending: readPendingChat(next.idx, next.choseHospitalIdx) };
    update({ connection: 'connecting' });
    void connect(generation);
  }

  /**
   * Logout or no hospital: close the connection and forget the conversation (another patient
   * may log in here). Stored pending messages stay: logout removes them (`forgetPendingChat`).
   */
  function stop(): void {
    generation += 1;
    clearTimeout(timer);
    clearTimeout(renewTimer);
    const c = client;
    client = null;
    if (c) retire(c);
    const next = candidate;
    candidate = null;
    if (next) retire(next);
    profile = null;
    attempt = 0;
    authRefused = false;
    outageReported = false;
    resumingAfterExpiry = false;
    announcedComplete = null;
    subscribedRoomIdx = null;
    pagesLoaded = 0;
    resyncRequested = false;
    if (state !== EMPTY_CHAT) {
      state = EMPTY_CHAT;
      for (const listener of listeners) listener();
    }
  }

  /** A screen opened before the login's start (a resumed session): start with what is stored. */
  function resume(): void {
    if (profile) return;
    const stored = session.snapshot().myData;
    if (stored?.choseHospitalIdx && session.isLoggedIn()) start(stored);
  }

  return {
    start,
    stop,
    /** The patient whose connection this is, if any. */
    patient: (): PatientProfile | null => profile,
    snapshot: (): ChatSnapshot => state,
    /** The connection's state alone, for screens that are not the chat (nurse call). */
    connection: (): ConnectionState => state.connection,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    resume,

    chat: {
      /** For the chat screen: the room and its newest page, over REST, connected or not. */
      load(force = false): Promise<void> {
        resume();
        if (!profile) return Promise.resolve();
        if (state.load === 'ready' && !force) return Promise.resolve();
        return syncRoom();
      },

      async loadOlder(): Promise<void> {
        const roomIdx = state.roomIdx;
        if (roomIdx === null || roomIdx <= 0 || !state.hasOlder || state.olderLoading) return;
        const gen = generation;
        update({ olderLoading: true });
        try {
          const pNum = pagesLoaded + 1;
          const page = await fetchPage(roomIdx, pNum);
          if (gen !== generation || roomIdx !== state.roomIdx) return;
          pagesLoaded = pNum;
          addMessages(page.dataList);
          update({ hasOlder: pNum * CHAT_PAGE_SIZE < page.totalCount && page.dataList.length > 0 });
        } finally {
          if (gen === generation) update({ olderLoading: false });
        }
      },

      /** Queues a message and sends it when the connection allows; a resend keeps its clientMsgId. */
      send(text: string): PendingChatMessage | null {
        const content = text.trim();
        if (!content || content.length > CHAT_CONTENT_MAX_LENGTH || !profile) return null;
        const message: PendingChatMessage = {
          clientMsgId: randomId(),
          content,
          createdAt: new Date().toISOString(),
          state: 'queued',
          attempts: 0,
        };
        update({ pending: [...state.pending, message] });
        flush();
        return message;
      },

      retry(clientMsgId: string): void {
        update({
          pending: state.pending.map((p) =>
            p.clientMsgId === clientMsgId ? { ...p, state: 'queued', attempts: 0 } : p,
          ),
        });
        flush();
      },

      discard(clientMsgId: string): void {
        update({ pending: state.pending.filter((p) => p.clientMsgId !== clientMsgId) });
      },

      /** Ends the consultation: publishes `complete` with an empty object (spec §7). */
      async complete(): Promise<void> {
        const c = client;
        const roomIdx = state.roomIdx;
        if (!c || !c.connected || roomIdx === null) throw new RealtimeOfflineError();
        await publishWithTimeout(c, topics.chatRoomEvent(roomIdx, 'complete'), {});
      },

      /** After a finished consultation: an empty conversation; the first message opens a new room. */
      startNew(): void {
        if (state.room?.status !== 'COMPLETE') return;
        update({ freshStart: true });
        flush();
      },

      /** Spec §4: listeners hear the room number when a chat is finished. */
      onComplete(listener: (roomIdx: number) => void): () => void {
        completeListeners.add(listener);
        return () => completeListeners.delete(listener);
      },
    },

    /** The hospital the patient chose, whose topics this connection serves. */
    hospitalIdx,

    /**
     * Publishes on a topic the connection may use (QoS 1, given up after a while); refuses
     * with RealtimeOfflineError while disconnected. Features build on it (nurse call).
     */
    async publish(topic: string, payload: unknown): Promise<void> {
      const c = client;
      if (!c || !c.connected) throw new RealtimeOfflineError();
      await publishWithTimeout(c, topic, payload);
    },

    /** Every message on a topic that is not the chat's (nurse-call updates), for features to read. */
    onTopic(listener: (topic: string, payload: unknown) => void): () => void {
      topicListeners.add(listener);
      return () => topicListeners.delete(listener);
    },

    /** Runs after each reconnection, so screens can fetch what they missed. */
    onReconnect(listener: () => void): () => void {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },

    /** The browser came back online: try now instead of waiting out the backoff. */
    retryNow(): void {
      if (state.connection !== 'reconnecting') return;
      clearTimeout(timer);
      void connect(generation);
    },
  };
}

/** The app's connection. Screens reach it through `useRealtime()`, so tests can hand them another. */
export const realtime = createRealtime();

export const RealtimeContext = createContext<Realtime>(realtime);

export function useRealtime(): Realtime {
  return useContext(RealtimeContext);
}

export function useChatSnapshot(): ChatSnapshot {
  const rt = useRealtime();
  return useSyncExternalStore(rt.subscribe, rt.snapshot, rt.snapshot);
}

/** The connection's state, re-rendering only when it changes (not on every chat event). */
export function useConnectionState(): ConnectionState {
  const rt = useRealtime();
  return useSyncExternalStore(rt.subscribe, rt.connection, rt.connection);
}

/**
 * Plugs the connection into the session (spec §4: login "then connects chat"; logout ends
 * it). Choosing or changing the hospital later starts or moves it as well.
 */
export function startRealtimeWithSession(target: Realtime = realtime): () => void {
  let loggedIn = false;
  const unregister = registerSessionListener({
    onLogin(profile) {
      loggedIn = true;
      target.start(profile);
    },
    onLogout() {
      loggedIn = false;
      target.stop();
      forgetPendingChat();
    },
  });
  const unwatch = session.subscribe(() => {
    if (!loggedIn) return;
    const { accessToken, myData } = session.snapshot();
    if (!accessToken || !myData) {
      loggedIn = false;
      target.stop();
      return;
    }
    target.start(myData);
  });
  // Loaded after the app started: a session that is already there starts now (start is idempotent).
  const { accessToken, myData } = session.snapshot();
  if (accessToken && myData) {
    loggedIn = true;
    target.start(myData);
  } else if (!accessToken) {
    // A logout that happened before this module was loaded left them behind.
    forgetPendingChat();
  }
  const online = () => target.retryNow();
  window.addEventListener('online', online);
  return () => {
    unregister();
    unwatch();
    window.removeEventListener('online', online);
  };
}
