import { CLIENT_ID_MAX_LENGTH } from '@smartcare/contract/realtime-constants';
import { RealtimeOfflineError } from './realtime';

/**
 * The messages a person wrote that the server has not confirmed yet (brief §4: nothing
 * acknowledged is lost, nothing is sent twice). Each has its clientMsgId, which the server
 * keeps once: a resend after a reconnect or a reload is harmless, and the server's stamped
 * copy (same id) confirms it. Both apps' chats keep their pending messages here; where they
 * must survive a reload, the app passes in its storage and key (the patient app's are the
 * spec's), and the scope they belong to (whose they are), so no one else ever sees or sends them.
 */

/** queued: waiting for a connection; sending: published, waiting for the server's copy; failed: given up, the person decides. */
export type OutboxState = 'queued' | 'sending' | 'failed';

export interface OutboxItem {
  clientMsgId: string;
  state: OutboxState;
  /** Publishes that left for the broker (one that never left, offline, does not count). */
  attempts: number;
  /** Why it was given up, when the app says (`notAccepted`: refused on every attempt). */
  failure?: string;
}

export interface OutboxStorage {
  read(key: string): string | null;
  /** Null removes the key. */
  write(key: string, value: string | null): void;
}

export interface OutboxOptions<T extends OutboxItem> {
  /** After this many publishes without the server's copy, a message waits for the person's "retry". */
  maxAttempts: number;
  /** Kept across reloads under `key`; without it the outbox lives as long as the page. */
  storage?: { key: string; store: OutboxStorage };
  /** The app's own fields of a stored item, or null when they are off (another version, a hand edit). */
  parseItem?: (base: OutboxItem, value: Record<string, unknown>) => T | null;
}

export type OutboxScope = Record<string, string | number>;

export interface Outbox<T extends OutboxItem> {
  items(): readonly T[];
  subscribe(listener: () => void): () => void;
  /** Takes the stored messages of this scope (anyone else's stay stored, unseen); nothing is written. */
  open(scope: OutboxScope): void;
  /** Forgets the messages in memory; stored ones stay for their owner. */
  close(): void;
  /** Removes the stored messages too (logout: the next person on this device must never see or send them). */
  forget(): void;
  /** Adds a message, once per clientMsgId. */
  add(item: T): void;
  /** The server's copies arrived: these messages are done. */
  confirm(clientMsgIds: Iterable<string>): void;
  /**
   * What was published on a connection that is gone goes again on the next one (same id).
   * `countAttempt: false`: the connection was swapped on purpose (a renewal), no failure of the message's.
   */
  requeueSending(countAttempt?: boolean): void;
  /**
   * Gives up a message (the broker refused it, the room ended). With `attempts`: only if it is
   * still sending at that attempt (no copy came in time), not if a later one owns it.
   */
  fail(clientMsgId: string, failure?: string, attempts?: number): void;
  /** The person's "retry": a fresh round of attempts. */
  retry(clientMsgId: string): void;
  discard(clientMsgId: string): void;
  /**
   * Publishes every queued message through `send`; one past its attempts is failed instead.
   * A publish that did not go out comes back to the queue for the next flush (offline: not an attempt).
   * `sent` runs after each publish the broker took.
   */
  flush(send: (item: T) => Promise<void>, sent?: (item: T) => void): void;
}

const STATES: readonly OutboxState[] = ['queued', 'sending', 'failed'];

/** One stored item's common fields, or null when anything about them is off. */
function parseBase(value: Record<string, unknown>): OutboxItem | null {
  const { clientMsgId, state, attempts } = value;
  if (
    typeof clientMsgId !== 'string' ||
    clientMsgId.length === 0 ||
    clientMsgId.length > CLIENT_ID_MAX_LENGTH
  )
    return null;
  if (!STATES.includes(state as OutboxState)) return null;
  if (typeof attempts !== 'number' || !Number.isInteger(attempts) || attempts < 0) return null;
  // Whatever was on its way when the app closed is sent again (same id: the server keeps one).
  return { clientMsgId, state: state === 'sending' ? 'queued' : (state as OutboxState), attempts };
}

/** The same messages in the same states (filters and maps make new arrays of the same items). */
function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

export function createOutbox<T extends OutboxItem>(options: OutboxOptions<T>): Outbox<T> {
  const listeners = new Set<() => void>();
  let items: readonly T[] = [];
  let scope: OutboxScope | null = null;
  /** The publish each sending message waits for: an earlier one's late failure changes nothing. */
  const inFlight = new Map<string, object>();
  const storage = options.storage;

  function read(owner: OutboxScope): T[] {
    const raw = storage?.store.read(storage.key);
    if (!raw) return [];
    let stored: unknown;
    try {
      stored = JSON.parse(raw);
    } catch {
      return [];
    }
    if (typeof stored !== 'object' || stored === null) return [];
    const entry = stored as Record<string, unknown>;
    if (Object.entries(owner).some(([key, value]) => entry[key] !== value) || !Array.isArray(entry.messages))
      return [];
    const result: T[] = [];
    const seen = new Set<string>();
    for (const value of entry.messages) {
      if (typeof value !== 'object' || value === null) continue;
      const base = parseBase(value as Record<string, unknown>);
      const item =
        base && (options.parseItem ? options.parseItem(base, value as Record<string, unknown>) : (base as T));
      if (!item || seen.has(item.clientMsgId)) continue;
      seen.add(item.clientMsgId);
      result.push(item);
    }
    return result;
  }

  function set(next: readonly T[]): void {
    if (sameItems(next, items)) return;
    items = next;
    // Every change is kept at once: the app may be closed the next moment.
    if (storage && scope)
      storage.store.write(storage.key, next.length > 0 ? JSON.stringify({ ...scope, messages: next }) : null);
    for (const listener of listeners) listener();
  }

  const change = (clientMsgId: string, patch: (item: T) => T) =>
    set(items.map((item) => (item.clientMsgId === clientMsgId ? patch(item) : item)));

  const outbox: Outbox<T> = {
    items: () => items,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    open(owner) {
      scope = owner;
      // Set without a write: another person's stored messages stay until this one sends.
      items = read(owner);
      for (const listener of listeners) listener();
    },
    close() {
      scope = null;
      if (items.length === 0) return;
      items = [];
      for (const listener of listeners) listener();
    },
    forget() {
      outbox.close();
      storage?.store.write(storage.key, null);
    },
    add(item) {
      if (items.some((p) => p.clientMsgId === item.clientMsgId)) return;
      set([...items, item]);
    },
    confirm(clientMsgIds) {
      const done = new Set(clientMsgIds);
      if (done.size === 0) return;
      set(items.filter((item) => !done.has(item.clientMsgId)));
    },
    requeueSending(countAttempt = true) {
      inFlight.clear();
      set(
        items.map((item) =>
          item.state === 'sending'
            ? {
                ...item,
                state: 'queued',
                attempts: countAttempt ? item.attempts : Math.max(0, item.attempts - 1),
              }
            : item,
        ),
      );
    },
    fail(clientMsgId, failure, attempts) {
      set(
        items.map((item) =>
          item.clientMsgId === clientMsgId &&
          item.state !== 'failed' &&
          (attempts === undefined || (item.state === 'sending' && item.attempts === attempts))
            ? { ...item, state: 'failed', ...(failure ? { failure } : {}) }
            : item,
        ),
      );
    },
    retry(clientMsgId) {
      change(clientMsgId, (item) => {
        const { failure: _failure, ...rest } = item;
        return { ...rest, state: 'queued', attempts: 0 } as T;
      });
    },
    discard(clientMsgId) {
      set(items.filter((item) => item.clientMsgId !== clientMsgId));
    },
    flush(send, sent) {
      const toSend: T[] = [];
      set(
        items.map((item): T => {
          if (item.state !== 'queued') return item;
          if (item.attempts >= options.maxAttempts)
            return { ...item, state: 'failed', failure: 'notAccepted' };
          const next = { ...item, state: 'sending' as const, attempts: item.attempts + 1 };
          toSend.push(next);
          return next;
        }),
      );
      for (const item of toSend) {
        const token = {};
        inFlight.set(item.clientMsgId, token);
        send(item).then(
          () => {
            if (inFlight.get(item.clientMsgId) === token) sent?.(item);
          },
          (error: unknown) => {
            // Requeued already (the connection closed or was swapped): nothing more to do.
            if (inFlight.get(item.clientMsgId) !== token) return;
            inFlight.delete(item.clientMsgId);
            // Still waiting for this very attempt: it goes on the next connection. One that never
            // left (offline) was no attempt; the last one cut off (a refused publish makes the
            // broker drop the connection) gives up, or it would loop on every reconnect.
            const offline = error instanceof RealtimeOfflineError;
            const next = (p: T): T =>
              offline
                ? { ...p, state: 'queued', attempts: item.attempts - 1 }
                : item.attempts >= options.maxAttempts
                  ? { ...p, state: 'failed', failure: 'notAccepted' }
                  : { ...p, state: 'queued' };
            set(
              items.map((p) =>
                p.clientMsgId === item.clientMsgId && p.state === 'sending' && p.attempts === item.attempts
                  ? next(p)
                  : p,
              ),
            );
          },
        );
      }
    },
  };
  return outbox;
}
