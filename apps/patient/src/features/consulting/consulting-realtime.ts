import {
  chatCompleteEventSchema,
  chatCreateEventSchema,
  chatEnterEventSchema,
  chatMessageSchema,
  chatRoomSchema,
  chatUpdateEventSchema,
  type ChatMessage,
  type ChatPerson,
  type ChatRoom,
} from '@smartcare/contract/chat';
import type { Page } from '@smartcare/contract/paging';
import type { PatientProfile } from '@smartcare/contract/patient';
import { CHAT_CONTENT_MAX_LENGTH } from '@smartcare/contract/realtime-constants';
import { parseTopic, provisionalRoomIdx, topics } from '@smartcare/contract/topics';
import {
  createOutbox,
  type OutboxItem,
  type OutboxState,
  type OutboxStorage,
} from '@smartcare/web-core/outbox';
import { randomId, RealtimeOfflineError, type Realtime } from '@smartcare/web-core/realtime';
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { patientConnection } from '../../lib/realtime-connection';
import { session } from '../../lib/session';
import { readStorage, storageKeys, writeStorage } from '../../lib/storage-keys';

/**
 * The consultation chat's live state (spec §4, §5, §7): the room, its messages, catch-up
 * after a reconnect, and the patient's pending messages, on the app's one real-time
 * connection (web-core). The pending messages are web-core's outbox, kept under the spec's
 * `pendingChat` key for this patient and hospital. The chat's session is the patient's: it
 * starts the connection with it and ends it on logout (app/realtime-session.ts).
 */

export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'reconnecting';

/** queued: waiting for a connection; sending: published, waiting for the server's copy; failed: given up, the patient decides. */
export type PendingState = OutboxState;

export interface PendingChatMessage extends OutboxItem {
  content: string;
  createdAt: string;
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

export const CHAT_PAGE_SIZE = 30;
/** After this many sends without the server's copy, a message waits for the patient's "retry". */
const MAX_SEND_ATTEMPTS = 3;
/** How many newest pages a catch-up reads at most after a reconnect. */
const CATCH_UP_PAGES = 5;

const localStore: OutboxStorage = { read: readStorage, write: writeStorage };

function byIdx(a: ChatMessage, b: ChatMessage): number {
  return a.idx - b.idx;
}

function mergeMessages(known: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const map = new Map<number, ChatMessage>();
  for (const message of known) map.set(message.idx, message);
  for (const message of incoming) map.set(message.idx, message);
  return [...map.values()].sort(byIdx);
}

/** A stored message's own fields, or null when anything about them is off. */
function parsePendingChat(base: OutboxItem, value: Record<string, unknown>): PendingChatMessage | null {
  const { content, createdAt } = value;
  if (typeof content !== 'string' || !content.trim() || content.length > CHAT_CONTENT_MAX_LENGTH) return null;
  if (typeof createdAt !== 'string' || Number.isNaN(Date.parse(createdAt))) return null;
  return { clientMsgId: base.clientMsgId, content, createdAt, state: base.state, attempts: base.attempts };
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

/* ---- the newest messages kept for reading offline (issue 12, decision 017) ---- */

interface StoredChatHistory {
  patientIdx: number;
  hospitalIdx: number;
  room: ChatRoom;
  roomIdx: number;
  messages: ChatMessage[];
}

function writeChatHistory(
  store: OutboxStorage,
  patientIdx: number,
  hospitalIdx: number,
  snapshot: ChatSnapshot,
): void {
  if (snapshot.room === null || snapshot.roomIdx === null) return;
  const entry: StoredChatHistory = {
    patientIdx,
    hospitalIdx,
    room: snapshot.room,
    roomIdx: snapshot.roomIdx,
    messages: snapshot.messages.slice(-CHAT_PAGE_SIZE),
  };
  store.write(storageKeys.offlineChat, JSON.stringify(entry));
}

/** This patient's kept room for this hospital, read with the contract's schemas; another patient's is removed. */
function readChatHistory(
  store: OutboxStorage,
  patientIdx: number,
  hospitalIdx: number,
): StoredChatHistory | null {
  const raw = store.read(storageKeys.offlineChat);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Partial<Record<keyof StoredChatHistory, unknown>>;
    if (stored.patientIdx !== patientIdx) {
      store.write(storageKeys.offlineChat, null);
      return null;
    }
    if (
      stored.hospitalIdx !== hospitalIdx ||
      typeof stored.roomIdx !== 'number' ||
      !Array.isArray(stored.messages)
    )
      return null;
    const room = chatRoomSchema.safeParse(stored.room);
    if (!room.success) return null;
    const messages: ChatMessage[] = [];
    for (const item of stored.messages) {
      const message = chatMessageSchema.safeParse(item);
      if (message.success) messages.push(message.data);
    }
    return {
      patientIdx,
      hospitalIdx,
      room: room.data,
      roomIdx: stored.roomIdx,
      messages: messages.sort(byIdx),
    };
  } catch {
    return null;
  }
}

export type ConsultingChat = ReturnType<typeof createConsultingChat>;

export function createConsultingChat(connection: Realtime, storage: OutboxStorage = localStore) {
  let state: ChatSnapshot = EMPTY_CHAT;
  let profile: PatientProfile | null = null;
  /** Bumped by every start and stop, so late answers of an earlier session are dropped. */
  let generation = 0;
  /** A `complete` may reach both connections during a renewal: listeners hear each room once. */
  let announcedComplete: number | null = null;
  let room: { roomIdx: number; off: () => void } | null = null;
  let pagesLoaded = 0;
  let syncing: { gen: number; done: Promise<void> } | null = null;
  let resyncRequested = false;
  /** The conversation shown is the copy kept from the last visit: the chat screen still asks the server. */
  let restoredHistory = false;

  const listeners = new Set<() => void>();
  const completeListeners = new Set<(roomIdx: number) => void>();
  const outbox = createOutbox<PendingChatMessage>({
    maxAttempts: MAX_SEND_ATTEMPTS,
    storage: { key: storageKeys.pendingChat, store: storage },
    parseItem: parsePendingChat,
  });

  function update(patch: Partial<ChatSnapshot>): void {
    const historyChanged =
      (patch.messages !== undefined || patch.room !== undefined || patch.load === 'ready') &&
      !restoredHistory;
    state = { ...state, ...patch };
    // What the server confirmed is kept for reading offline (not while showing the kept copy itself).
    if (historyChanged && state.load === 'ready' && profile?.choseHospitalIdx && !state.freshStart)
      writeChatHistory(storage, profile.idx, profile.choseHospitalIdx, state);
    for (const listener of listeners) listener();
  }

  outbox.subscribe(() => {
    if (state.pending !== outbox.items()) update({ pending: outbox.items() });
  });

  function hospitalIdx(): number | null {
    return profile?.choseHospitalIdx ?? null;
  }

  /* ---- REST: the room and its pages (spec §7) ---- */

  function fetchPage(roomIdx: number, pNum: number): Promise<Page<ChatMessage>> {
    return api.chat.messages({
      query: { pNum, pSize: CHAT_PAGE_SIZE, roomIdx, hospitalIdx: hospitalIdx() },
    });
  }

  /** A message the server stored replaces the patient's pending copy (same clientMsgId). */
  function confirmStored(messages: readonly ChatMessage[]): void {
    const mine = profile?.idx;
    outbox.confirm(
      messages
        .filter((m) => m.personType === 'PATIENT' && m.senderIdx === mine && m.clientMsgId)
        .map((m) => m.clientMsgId as string),
    );
  }

  function addMessages(incoming: readonly ChatMessage[]): void {
    const messages = mergeMessages(state.messages, incoming);
    update({ messages });
    confirmStored(messages);
  }

  /** Takes the server's view of the room; another room number means another conversation. */
  function applyRoom(next: ChatRoom): void {
    if (!profile) return;
    const roomIdx = next.idx ?? provisionalRoomIdx(profile.idx);
    if (roomIdx !== state.roomIdx) {
      pagesLoaded = 0;
      update({ room: next, roomIdx, messages: [], hasOlder: false, freshStart: false });
    } else {
      update({ room: next });
    }
  }

  /** Listens to the current room (the connection keeps it across reconnects and renewals). */
  function listenToRoom(): void {
    const roomIdx = state.roomIdx;
    if (roomIdx === null || room?.roomIdx === roomIdx) return;
    const previous = room;
    room = { roomIdx, off: connection.subscribe(topics.chatRoomAll(roomIdx), onRoomEvent) };
    previous?.off();
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
    update({ messages, hasOlder: pNum * CHAT_PAGE_SIZE < totalCount });
    confirmStored(messages);
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
          const current = await api.chat.currentRoom();
          if (gen !== generation) return;
          applyRoom(current);
          listenToRoom();
          await catchUp(gen);
          if (gen !== generation) return;
          restoredHistory = false;
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

  /* ---- the room's events ---- */

  function onRoomEvent(payload: unknown, topic: string): void {
    const parsed = parseTopic(topic);
    if (parsed?.kind !== 'chat' || parsed.event === '#' || payload === null || typeof payload !== 'object')
      return;
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
        applyRoom(event.room);
        update({ freshStart: false });
        listenToRoom();
        void catchUp(generation)
          .then(flush)
          .catch(() => undefined);
        return;
      }
      case 'change':
        // Spec §4: ignored.
        return;
      case 'update': {
        const next = read(chatUpdateEventSchema)?.room;
        if (next && next.idx === state.roomIdx) update({ room: next });
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

  /** Sends every queued message (spec §5: messaging is skipped without a connection — they wait). */
  function flush(): void {
    const roomIdx = state.roomIdx;
    if (!profile || roomIdx === null || room?.roomIdx !== roomIdx || connection.status() !== 'connected')
      return;
    if (state.room?.status === 'COMPLETE' && !state.freshStart) return;
    outbox.flush((message) =>
      connection.publish(topics.chatRoomEvent(roomIdx, 'message'), {
        clientMsgId: message.clientMsgId,
        content: message.content,
      }),
    );
  }

  /* ---- the connection's events ---- */

  connection.onStatus(() => {
    if (!profile) return;
    const status = connection.status();
    if (status === 'closed') {
      // The session is over (the refresh sent the patient to login).
      stop();
      return;
    }
    // Published but not confirmed: the next connection sends them again with the same id.
    if (status !== 'connected') outbox.requeueSending();
    update({ connection: status });
  });
  connection.onConnected((renewed) => {
    if (!profile) return;
    // What went out on a connection that is gone goes again here with the same id. A renewal
    // is no failure of the message's, so it does not count as an attempt.
    outbox.requeueSending(!renewed);
    // Catch up and send what waits (the room may also have moved meanwhile).
    void syncRoom();
  });
  connection.onError((kind, refusal) => {
    // Over the broker's rate limit: the message waits as failed for "retry" instead of being resent.
    if (kind === 'rateLimited' && profile && typeof refusal?.clientMsgId === 'string')
      outbox.fail(refusal.clientMsgId);
  });

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
    // Another patient or hospital: another conversation. A connection a screen started before
    // the session did (no chat yet) is kept.
    if (profile) stop();
    else reset();
    profile = next;
    // What this patient wrote for this hospital before a reload waits again, shown as pending.
    outbox.open({ patientIdx: next.idx, hospitalIdx: next.choseHospitalIdx });
    // The last conversation shows at once, offline too; the first sync replaces it.
    const history = readChatHistory(storage, next.idx, next.choseHospitalIdx);
    if (history) {
      restoredHistory = true;
      pagesLoaded = 1;
      update({
        room: history.room,
        roomIdx: history.roomIdx,
        messages: history.messages,
        hasOlder: history.messages.length >= CHAT_PAGE_SIZE,
        load: 'ready',
        loadError: null,
      });
    }
    connection.start();
    const status = connection.status();
    update({ connection: status === 'closed' ? 'idle' : status });
    // Already up (a screen started the connection before the session did): sync now.
    if (status === 'connected') void syncRoom();
  }

  /**
   * Logout or no hospital: close the connection and forget the conversation (another patient
   * may log in here). Stored pending messages stay: logout removes them (`forgetPending`).
   */
  function stop(): void {
    reset();
    connection.stop();
  }

  /** Forgets the conversation; the connection is left as it is. */
  function reset(): void {
    generation += 1;
    profile = null;
    room?.off();
    room = null;
    outbox.close();
    announcedComplete = null;
    pagesLoaded = 0;
    resyncRequested = false;
    restoredHistory = false;
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
    resume,
    snapshot: (): ChatSnapshot => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Runs after each reconnection or renewal (the connection's), so screens can fetch what they missed. */
    onReconnect: (listener: () => void): (() => void) => connection.onReconnect(listener),
    /** Logout: the stored pending messages go too; the next patient on this phone must never see or send them. */
    forgetPending: (): void => {
      outbox.forget();
      storage.write(storageKeys.offlineChat, null);
    },
    /** The browser came back online: try now instead of waiting out the backoff. */
    retryNow: (): void => connection.retryNow(),

    chat: {
      /** For the chat screen: the room and its newest page, over REST, connected or not. */
      load(force = false): Promise<void> {
        resume();
        if (!profile) return Promise.resolve();
        if (state.load === 'ready' && !force && !restoredHistory) return Promise.resolve();
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
        outbox.add(message);
        flush();
        return message;
      },

      retry(clientMsgId: string): void {
        outbox.retry(clientMsgId);
        flush();
      },

      discard(clientMsgId: string): void {
        outbox.discard(clientMsgId);
      },

      /** Ends the consultation: publishes `complete` with an empty object (spec §7). */
      async complete(): Promise<void> {
        const roomIdx = state.roomIdx;
        if (roomIdx === null) throw new RealtimeOfflineError();
        await connection.publish(topics.chatRoomEvent(roomIdx, 'complete'), {});
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
  };
}

/** The app's chat, on the app's connection. Screens reach it through `useConsultingChat()`, so tests can hand them another. */
export const consultingChat = createConsultingChat(patientConnection);

export const ConsultingChatContext = createContext<ConsultingChat>(consultingChat);

export function useConsultingChat(): ConsultingChat {
  return useContext(ConsultingChatContext);
}

export function useChatSnapshot(): ChatSnapshot {
  const chat = useConsultingChat();
  return useSyncExternalStore(chat.subscribe, chat.snapshot, chat.snapshot);
}
