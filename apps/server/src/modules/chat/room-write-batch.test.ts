import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@smartcare/contract/chat';
import type { Database } from '../../plugins/db/db.plugin.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { createHospital, createPatient } from '../../testing/factories.ts';
import { applyMessage, newRoomState } from './chat-room.rules.ts';
import { chatRepository as repo, type NewMessage } from './chat.repository.ts';
import { createRoomWriteBatch, type RoomWrite } from './room-write-batch.ts';

/** Group commit (decision 014), on the real database. */
let t: TestApp;
let hospitalIdx: number;

beforeAll(async () => {
  t = await buildTestApp();
  hospitalIdx = (await createHospital(t.app.db)).idx;
});

afterAll(async () => {
  await t?.close();
});

/** The database, counting the groups the batch writes (each one Database.exclusive unit). */
function countingDb() {
  const counted = { groups: 0 };
  const db: Pick<Database, 'exclusive'> = {
    exclusive: (fn) => {
      counted.groups += 1;
      return t.app.db.exclusive(fn);
    },
  };
  return { db, counted };
}

async function openRoom() {
  const patient = await createPatient(t.app.db, { choseHospitalIdx: hospitalIdx });
  const room = await repo.insertRoom(t.app.db, {
    hospitalIdx,
    patientIdx: patient.idx,
    patientName: '환자',
    state: newRoomState(),
    createdAt: new Date(),
  });
  return { patientIdx: patient.idx, roomIdx: room.idx };
}

/** How many messages went through their own transaction. */
let aloneCalls = 0;

/** A patient's message to their room, with a `notice` the table may refuse. */
function patientWrite(
  patientIdx: number,
  roomIdx: number,
  content: string,
  notice: string | null = null,
): RoomWrite<number> & { alone(): Promise<number> } {
  const at = new Date();
  const message = (): NewMessage => ({
    roomIdx,
    hospitalIdx,
    personType: 'PATIENT',
    senderIdx: patientIdx,
    senderName: '환자',
    content,
    clientMsgId: content,
    createdAt: at,
    notice: notice as ChatMessage['notice'],
  });
  return {
    roomIdx,
    sender: { personType: 'PATIENT', idx: patientIdx },
    clientMsgId: content,
    plan(facts) {
      if (!facts) return { kind: 'alone' };
      const outcome = applyMessage(facts.room, { personType: 'PATIENT', idx: patientIdx }, at);
      if (outcome.kind !== 'accepted') return { kind: 'alone' };
      return {
        kind: 'store',
        writes: [{ message: message(), state: outcome.next }],
        receipt: ([idx]) => idx!,
      };
    },
    alone: () => {
      aloneCalls += 1;
      return t.app.db.transaction(async (tx) => {
        const room = await repo.findRoom(tx, roomIdx, true);
        const outcome = applyMessage(room!, { personType: 'PATIENT', idx: patientIdx }, at);
        if (outcome.kind !== 'accepted') throw new Error('refused');
        return repo.storeMessage(tx, message(), outcome.next);
      });
    },
  };
}

const storedContents = async (roomIdxs: number[]) =>
  (
    await t.app.db.query<{ content: string; room_idx: number; last: number | null }>(
      `SELECT m.content, m.room_idx, r.last_msg_idx AS last
         FROM chat_messages m JOIN chat_rooms r ON r.idx = m.room_idx
        WHERE m.room_idx = ANY($1::int[]) ORDER BY m.idx`,
      [roomIdxs],
    )
  ).rows;

describe('group commit of chat messages', () => {
  it('writes the messages of several rooms arriving together as one group, numbered in arrival order', async () => {
    const rooms = await Promise.all([openRoom(), openRoom(), openRoom()]);
    const { db, counted } = countingDb();
    const batch = createRoomWriteBatch(db);
    const idxs = await Promise.all(
      rooms.map(({ patientIdx, roomIdx }, i) => batch.write(patientWrite(patientIdx, roomIdx, `m${i}`))),
    );
    expect(counted.groups).toBe(1);
    expect(idxs).toEqual([...idxs].sort((a, b) => a - b));
    const stored = await storedContents(rooms.map((room) => room.roomIdx));
    expect(stored.map((row) => row.content)).toEqual(['m0', 'm1', 'm2']);
    // Each room now points at its own message, as the one-message statement leaves it.
    for (const [i, row] of stored.entries()) expect(row.last).toBe(idxs[i]);
    const counts = await t.app.db.query<{ n: number }>(
      `SELECT patient_message_count AS n FROM chat_rooms WHERE idx = ANY($1::int[])`,
      [rooms.map((room) => room.roomIdx)],
    );
    expect(counts.rows.map((row) => row.n)).toEqual([1, 1, 1]);
  });

  it('writes a message that comes after a quiet spell at once, without waiting for the next loop turn', async () => {
    const { patientIdx, roomIdx } = await openRoom();
    let loopTurned = false;
    let startedBeforeTheTurn: boolean | null = null;
    const batch = createRoomWriteBatch({
      exclusive: (fn) => {
        startedBeforeTheTurn ??= !loopTurned;
        return t.app.db.exclusive(fn);
      },
    });
    setImmediate(() => (loopTurned = true));
    await batch.write(patientWrite(patientIdx, roomIdx, 'at once'));
    expect(startedBeforeTheTurn).toBe(true);
  });

  it('puts a second message for the same room into the next group, after the first', async () => {
    const { patientIdx, roomIdx } = await openRoom();
    const { db, counted } = countingDb();
    const batch = createRoomWriteBatch(db);
    aloneCalls = 0;
    const [first, second] = await Promise.all([
      batch.write(patientWrite(patientIdx, roomIdx, 'first')),
      batch.write(patientWrite(patientIdx, roomIdx, 'second')),
    ]);
    expect(counted.groups).toBe(2);
    expect(aloneCalls).toBe(0);
    expect(second).toBeGreaterThan(first!);
    expect((await storedContents([roomIdx])).map((row) => row.content)).toEqual(['first', 'second']);
  });

  it('writes message by message when the database refuses the group: the others are stored, the bad one fails alone', async () => {
    const rooms = await Promise.all([openRoom(), openRoom(), openRoom()]);
    const { db, counted } = countingDb();
    const batch = createRoomWriteBatch(db);
    aloneCalls = 0;
    const results = await Promise.allSettled(
      rooms.map(({ patientIdx, roomIdx }, i) =>
        // The table's CHECK refuses this notice: the group's statement fails as a whole.
        batch.write(patientWrite(patientIdx, roomIdx, `g${i}`, i === 1 ? 'NOT_A_NOTICE' : null)),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // The group, then each message in its own transaction.
    expect(counted.groups).toBe(1);
    expect(aloneCalls).toBe(3);
    const stored = await storedContents(rooms.map((room) => room.roomIdx));
    // The alone transactions run side by side (on PostgreSQL, on separate connections): their
    // ids may come in either order.
    expect(stored.map((row) => row.content).sort()).toEqual(['g0', 'g2']);
  });

  it('hands a refusal of one plan to its message only, and stores the rest of the group', async () => {
    const rooms = await Promise.all([openRoom(), openRoom()]);
    const { db, counted } = countingDb();
    const batch = createRoomWriteBatch(db);
    const refusing: RoomWrite<number> = {
      ...patientWrite(rooms[0]!.patientIdx, rooms[0]!.roomIdx, 'r0'),
      plan: () => {
        throw new Error('VALIDATION_FAILED');
      },
    };
    const results = await Promise.allSettled([
      batch.write(refusing),
      batch.write(patientWrite(rooms[1]!.patientIdx, rooms[1]!.roomIdx, 'r1')),
    ]);
    expect(results[0]).toMatchObject({ status: 'rejected', reason: { message: 'VALIDATION_FAILED' } });
    expect(results[1]!.status).toBe('fulfilled');
    expect(counted.groups).toBe(1);
    expect((await storedContents(rooms.map((room) => room.roomIdx))).map((row) => row.content)).toEqual([
      'r1',
    ]);
  });
});

describe('a message and the bot’s answer to it', () => {
  it('are stored by one statement, numbered in order, the room left as the answer leaves it', async () => {
    const { patientIdx, roomIdx } = await openRoom();
    const { db, counted } = countingDb();
    const batch = createRoomWriteBatch(db);
    const patient = patientWrite(patientIdx, roomIdx, 'question');
    const at = new Date();
    const answer: NewMessage = {
      roomIdx,
      hospitalIdx,
      personType: 'CHATBOT',
      senderIdx: 0,
      senderName: '챗봇',
      content: 'answer',
      clientMsgId: null,
      createdAt: at,
    };
    const idxs = await batch.write<readonly number[]>({
      ...patient,
      alone: () => Promise.reject(new Error('the group should take it')),
      plan(facts) {
        const own = patient.plan(facts);
        if (own.kind !== 'store') throw new Error('expected a store');
        const afterPatient = { ...facts!.room, ...own.writes[0].state };
        const outcome = applyMessage(afterPatient, { personType: 'CHATBOT', idx: 0 }, at);
        if (outcome.kind !== 'accepted') throw new Error('bot refused');
        return {
          kind: 'store',
          writes: [own.writes[0], { message: answer, state: { ...outcome.next, staffRequestedAt: at } }],
          receipt: (stored) => stored,
        };
      },
    });
    expect(counted.groups).toBe(1);
    expect(idxs).toHaveLength(2);
    expect(idxs[1]).toBeGreaterThan(idxs[0]!);
    expect((await storedContents([roomIdx])).map((row) => row.content)).toEqual(['question', 'answer']);
    const room = await t.app.db.one<{ last: number; patients: number; requested: Date | null }>(
      `SELECT last_msg_idx AS last, patient_message_count AS patients, staff_requested_at AS requested
         FROM chat_rooms WHERE idx = $1`,
      [roomIdx],
    );
    // The last message is the answer, the patient's count counts the question only, and the
    // state is the one the answer led to.
    expect(room).toEqual({ last: idxs[1], patients: 1, requested: at });
  });
});

describe('the group statements', () => {
  /** The SQL and values a repository call sends, for EXPLAIN. */
  function recorded(call: (db: Parameters<typeof repo.storeMessages>[0]) => Promise<unknown>) {
    const sent: { sql: string; params: readonly unknown[] }[] = [];
    return call({
      query: async (sql: string, params: readonly unknown[] = []) => {
        sent.push({ sql, params });
        return { rows: [], rowCount: 0 };
      },
    } as unknown as Parameters<typeof repo.storeMessages>[0])
      .catch(() => undefined)
      .then(() => sent[0]!);
  }

  const scansOfRooms = async (statement: { sql: string; params: readonly unknown[] }) => {
    const { rows } = await t.app.db.query<{ 'QUERY PLAN': unknown }>(
      `EXPLAIN (FORMAT JSON) ${statement.sql}`,
      statement.params as never,
    );
    const scans: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== 'object') return;
      const plan = node as Record<string, unknown>;
      if (plan['Node Type'] === 'Seq Scan' && plan['Relation Name'] === 'chat_rooms') scans.push('Seq Scan');
      Object.values(plan).forEach(walk);
    };
    walk(rows[0]!['QUERY PLAN']);
    return scans;
  };

  it('find their rooms by key, never by reading every room the hospital ever had', async () => {
    const { patientIdx, roomIdx } = await openRoom();
    // A hospital's finished conversations pile up: one patient's will do.
    await t.app.db.query(
      `INSERT INTO chat_rooms (hospital_idx, patient_idx, patient_name, status, bot_active, created_at)
       SELECT $1, $2, '환자', 'COMPLETE', false, now() FROM generate_series(1, 3000)`,
      [hospitalIdx, patientIdx],
    );
    const write = patientWrite(patientIdx, roomIdx, 'keyed');
    const lock = await recorded((db) =>
      repo.lockRoomsForMessages(db, [
        { roomIdx, personType: 'PATIENT', senderIdx: patientIdx, clientMsgId: 'keyed' },
      ]),
    );
    const facts = (
      await t.app.db.exclusive((tx) =>
        repo.lockRoomsForMessages(tx, [
          { roomIdx, personType: 'PATIENT', senderIdx: patientIdx, clientMsgId: 'keyed' },
        ]),
      )
    )[0]!;
    const plan = write.plan(facts);
    if (plan.kind !== 'store') throw new Error('expected a store');
    const store = await recorded((db) => repo.storeMessages(db, plan.writes));
    expect(await scansOfRooms(lock)).toEqual([]);
    expect(await scansOfRooms(store)).toEqual([]);
  });
});
