import type { PersonType } from '@smartcare/contract/chat';
import type { Database } from '../../plugins/db/db.plugin.ts';
import type { RoomState } from './chat-room.rules.ts';
import { chatRepository as repo, type LockedRoomFacts, type NewMessage } from './chat.repository.ts';

/** One message to store and the room state it leads to. */
export interface RoomMessageWrite {
  message: NewMessage;
  state: RoomState & { patientName?: string };
}

/**
 * What one message does once its room is locked: store it (and the room state it leads
 * to) — with the bot's answer to it after it when the bot answers, so both take one
 * statement (issue 11 point 7) — answer without writing (a resend already stored, a bot
 * that stays quiet), or go through its own transaction (anything out of the ordinary: a
 * new room, a staff member joining, a refusal — the one-message path words it exactly as
 * before).
 */
export type RoomWritePlan<T> =
  | {
      kind: 'store';
      /** Stored in this order; the room is left as the last one leaves it. */
      writes: readonly [RoomMessageWrite, ...RoomMessageWrite[]];
      /** Given each stored message's idx, in the order of `writes`. */
      receipt(idxs: readonly number[]): T;
    }
  | { kind: 'answer'; value: T }
  | { kind: 'alone' };

export interface RoomWrite<T> {
  roomIdx: number;
  sender: { personType: PersonType; idx: number };
  clientMsgId: string | null;
  /** Pure: decides on the locked room (null when the room is gone). */
  plan(facts: LockedRoomFacts | null): RoomWritePlan<T>;
  /** The same message through its own transaction. */
  alone(): Promise<T>;
}

/** A group that starts longer than this after the last one ended goes at once (see write). */
const QUIET_MS = 2;

/** More than this waits for the next group: one statement stays of a sensible size. */
const MAX_GROUP = 256;

type Queued = RoomWrite<unknown> & { resolve(value: unknown): void; reject(error: unknown): void };

/**
 * Group commit (decision 014). Messages that arrive while a group is being written wait for
 * it and are written together as the next group: one statement locking their rooms (in room
 * order) and reading what each needs, one statement storing every message and room update,
 * with nothing in between (Database.exclusive: a transaction on PostgreSQL, PGlite's one
 * session held). A message is handed back only after its group is stored (stored before
 * delivered). If the group fails as a whole, nothing of it was written (the store is one
 * statement) and each message goes through its own transaction, so one bad message never
 * fails the others.
 */
export function createRoomWriteBatch(db: Pick<Database, 'exclusive'>) {
  let queue: Queued[] = [];
  let draining = false;
  let lastGroupEndedAt = Number.NEGATIVE_INFINITY;

  function runAlone(item: Queued) {
    item.alone().then(item.resolve, item.reject);
  }

  async function writeGroup(group: Queued[]) {
    type Outcome = { value: unknown } | { error: unknown } | 'alone';
    let outcomes: Outcome[];
    try {
      // Reads, then one writing statement: no transaction needed where the database has one session.
      outcomes = await db.exclusive(async (tx) => {
        const facts = await repo.lockRoomsForMessages(
          tx,
          group.map((item) => ({
            roomIdx: item.roomIdx,
            personType: item.sender.personType,
            senderIdx: item.sender.idx,
            clientMsgId: item.clientMsgId,
          })),
          tx.locksRows,
        );
        const plans = group.map((item, i): RoomWritePlan<unknown> | { kind: 'refused'; error: unknown } => {
          try {
            return item.plan(facts[i] ?? null);
          } catch (error) {
            return { kind: 'refused', error };
          }
        });
        const writes = plans.flatMap((plan) => (plan.kind === 'store' ? plan.writes : []));
        const idxs = writes.length > 0 ? await repo.storeMessages(tx, writes) : [];
        let stored = 0;
        return plans.map((plan): Outcome => {
          if (plan.kind === 'store') {
            const own = idxs.slice(stored, (stored += plan.writes.length));
            return { value: plan.receipt(own) };
          }
          if (plan.kind === 'answer') return { value: plan.value };
          if (plan.kind === 'refused') return { error: plan.error };
          return 'alone';
        });
      });
    } catch {
      for (const item of group) runAlone(item);
      return;
    }
    group.forEach((item, i) => {
      const outcome = outcomes[i]!;
      if (outcome === 'alone') runAlone(item);
      else if ('error' in outcome) item.reject(outcome.error);
      else item.resolve(outcome.value);
    });
  }

  async function drain() {
    try {
      while (queue.length > 0) {
        // One message per room in a group; a second one for the same room waits for the next.
        const group: Queued[] = [];
        const rest: Queued[] = [];
        const rooms = new Set<number>();
        for (const item of queue) {
          if (group.length < MAX_GROUP && !rooms.has(item.roomIdx)) {
            rooms.add(item.roomIdx);
            group.push(item);
          } else {
            rest.push(item);
          }
        }
        queue = rest;
        await writeGroup(group);
      }
    } finally {
      draining = false;
      lastGroupEndedAt = performance.now();
    }
  }

  return {
    write<T>(item: RoomWrite<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ ...(item as RoomWrite<unknown>), resolve: resolve as (value: unknown) => void, reject });
        if (!draining) {
          draining = true;
          // After a quiet spell the message is written at once, in this turn: waiting for the
          // loop's next check phase cost it a whole loop turn (issue 11 point 7). Under load
          // the group waits for that phase, and this turn's other publishes join it.
          if (performance.now() - lastGroupEndedAt > QUIET_MS) queueMicrotask(() => void drain());
          else setImmediate(() => void drain());
        }
      });
    },
  };
}

export type RoomWriteBatch = ReturnType<typeof createRoomWriteBatch>;
