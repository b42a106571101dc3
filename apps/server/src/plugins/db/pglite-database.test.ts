import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { protocol, type PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDataDir } from '../../testing/build-test-app.ts';
import type { Database } from './database.ts';
import {
  bindExecuteSync,
  openPglite,
  pgliteDatabase,
  PREPARED_STATEMENT_LIMIT,
  STATEMENT_CHANNEL,
} from './pglite-database.ts';

describe('Bind + Execute + Sync message', () => {
  it('is byte for byte what PGlite’s own serializer writes', () => {
    for (const values of [[], ['1'], [null, '', '김하늘 "quoted" \\', '{"part":"profile"}', null]]) {
      const ours = bindExecuteSync('sc17', values);
      const theirs = [
        protocol.serialize.bind({ statement: 'sc17', values }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ];
      expect(Buffer.from(ours).toString('hex')).toBe(Buffer.concat(theirs).toString('hex'));
    }
  });
});

/** The PGlite adapter's prepared statements, on a real data directory as `npm start` uses. */
describe('PGlite adapter', () => {
  let dataDir: string;
  let pglite: PGlite;
  let db: Database;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'smartcare-pglite-'));
    await prepareDataDir(dataDir);
    pglite = await openPglite(path.join(dataDir, 'pglite'));
    db = pgliteDatabase(pglite);
  });
  afterAll(async () => {
    if (!pglite.closed) await pglite.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('values go in and come out exactly as PGlite’s own query() takes and gives them', async () => {
    await db.exec(`CREATE TABLE value_probe (
      i int, big int8, n numeric, t text, b boolean, at timestamptz, day date,
      words text[], nums int[], doc jsonb, raw bytea)`);
    const params = [
      7,
      9007199254740991,
      12.5,
      '김하늘 "quoted" \\ back',
      true,
      new Date('2026-03-14T01:02:03.456Z'),
      '1958-03-14',
      ['hospital', 'home care', 'a,b'],
      [1, 2, 3],
      JSON.stringify({ part: 'profile', nested: [1, null] }),
      new Uint8Array([0, 1, 254, 255]),
    ];
    const insert = `INSERT INTO value_probe VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11)`;
    expect((await db.query(insert, params)).rowCount).toBe(1);
    await pglite.query(insert, params);
    await db.query(
      insert,
      params.map(() => null),
    );
    await pglite.query(
      insert,
      params.map(() => null),
    );
    const select = 'SELECT * FROM value_probe ORDER BY i NULLS LAST';
    const ours = (await db.query(select)).rows;
    expect(ours).toEqual((await pglite.query(select)).rows);
    expect(ours[0]).toEqual(ours[1]);
    expect(ours[0]).toMatchObject({
      big: 9007199254740991,
      n: 12.5,
      day: '1958-03-14',
      words: ['hospital', 'home care', 'a,b'],
      doc: { part: 'profile', nested: [1, null] },
      at: new Date('2026-03-14T01:02:03.456Z'),
    });
    expect(ours[2]).toEqual(Object.fromEntries(Object.keys(ours[0]!).map((k) => [k, null])));
  });

  it('counts the rows a statement changed or returned, as node-postgres does', async () => {
    await db.exec('CREATE TABLE count_probe (id int, note text)');
    const inserted = await db.query(
      `INSERT INTO count_probe SELECT n, CASE WHEN n = 2 THEN '' END FROM generate_series(1, 3) n RETURNING id`,
    );
    expect(inserted).toEqual({ rows: [{ id: 1 }, { id: 2 }, { id: 3 }], rowCount: 3 });
    expect((await db.query('UPDATE count_probe SET id = id + 10 WHERE id > $1', [1])).rowCount).toBe(2);
    expect((await db.query('UPDATE count_probe SET id = 0 WHERE id < 0')).rowCount).toBe(0);
    const rows = await db.query('SELECT id, note FROM count_probe ORDER BY id');
    expect(rows).toEqual({
      rows: [
        { id: 1, note: null },
        { id: 12, note: '' },
        { id: 13, note: null },
      ],
      rowCount: 3,
    });
    expect((await db.query('DELETE FROM count_probe')).rowCount).toBe(3);
    expect(await db.query('SELECT id FROM count_probe')).toEqual({ rows: [], rowCount: 0 });
  });

  it('keeps at most its limit of statements prepared, and evicted ones still answer', async () => {
    const distinct = PREPARED_STATEMENT_LIMIT + 40;
    for (let n = 0; n < distinct; n++) {
      expect(await db.one(`SELECT $1::int + ${n} AS v`, [1])).toEqual({ v: n + 1 });
    }
    const prepared = await db.one<{ n: number }>('SELECT count(*) AS n FROM pg_prepared_statements');
    expect(prepared.n).toBeGreaterThan(PREPARED_STATEMENT_LIMIT / 2);
    expect(prepared.n).toBeLessThanOrEqual(PREPARED_STATEMENT_LIMIT + 1);
    // The first ones were closed long ago: they are prepared again on demand.
    expect(await db.one(`SELECT $1::int + 0 AS v`, [5])).toEqual({ v: 5 });
  });

  it('a prepared statement follows its table when the table changes shape', async () => {
    await db.exec('CREATE TABLE shape_probe (a int); INSERT INTO shape_probe VALUES (1)');
    expect(await db.one('SELECT * FROM shape_probe')).toEqual({ a: 1 });
    await db.exec(`ALTER TABLE shape_probe ADD COLUMN b text DEFAULT 'x'`);
    expect(await db.one('SELECT * FROM shape_probe')).toEqual({ a: 1, b: 'x' });
    // Column names are described once, at Parse: a rename must not leave the old name behind.
    await db.exec('ALTER TABLE shape_probe RENAME COLUMN b TO c');
    expect(await db.one('SELECT * FROM shape_probe')).toEqual({ a: 1, c: 'x' });
    await db.exec('ALTER TABLE shape_probe ALTER COLUMN a TYPE text');
    expect(await db.one('SELECT * FROM shape_probe')).toEqual({ a: '1', c: 'x' });
  });

  it('an error keeps its SQLSTATE and names the statement, without the parameter values', async () => {
    await db.exec('CREATE TABLE unique_probe (login text UNIQUE)');
    const insert = 'INSERT INTO unique_probe VALUES ($1)';
    await db.query(insert, ['secret-login']);
    const error = (await db.query(insert, ['secret-login']).catch((e: unknown) => e)) as Record<
      string,
      unknown
    >;
    expect(error.code).toBe('23505');
    expect(error.query).toBe(insert);
    // PGlite's query() attached `params` too, and a logged error would have carried them.
    expect(error).not.toHaveProperty('params');
    // A statement that does not parse is not kept, and the session carries on.
    await expect(db.query('SELEC 1')).rejects.toMatchObject({ code: '42601' });
    expect(await db.one('SELECT 1 AS one')).toEqual({ one: 1 });
  });

  it('a statement outside a transaction waits until the open transaction has ended', async () => {
    await db.exec('CREATE TABLE wait_probe (id int)');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let begun!: () => void;
    const inside = new Promise<void>((resolve) => (begun = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query('INSERT INTO wait_probe VALUES ($1)', [1]);
      begun();
      await gate;
      await tx.query('INSERT INTO wait_probe VALUES ($1)', [2]);
    });
    await inside;
    let counted: number | undefined;
    const count = db
      .one<{ n: number }>('SELECT count(*) AS n FROM wait_probe')
      .then((row) => (counted = row.n));
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(counted).toBeUndefined();
    } finally {
      release();
    }
    await transaction;
    await count;
    expect(counted).toBe(2);
  });

  it('a failing statement rolls its transaction back, and the statement is not used after the end', async () => {
    await db.exec('CREATE TABLE rollback_probe (id int PRIMARY KEY)');
    let kept: Parameters<Parameters<Database['transaction']>[0]>[0] | undefined;
    await expect(
      db.transaction(async (tx) => {
        kept = tx;
        await tx.query('INSERT INTO rollback_probe VALUES ($1)', [1]);
        await tx.query('INSERT INTO rollback_probe VALUES ($1)', [1]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await db.one('SELECT count(*) AS n FROM rollback_probe')).toEqual({ n: 0 });
    await expect(kept!.query('SELECT 1')).rejects.toThrow(/closed/);
  });

  it('exclusive(): nothing runs between its read and its write, and it opens no transaction', async () => {
    await db.exec('CREATE TABLE exclusive_probe (id int PRIMARY KEY, n int)');
    await db.query('INSERT INTO exclusive_probe VALUES (1, 0)');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let read!: () => void;
    const hasRead = new Promise<void>((resolve) => (read = resolve));
    const unit = db.exclusive(async (q) => {
      expect(q.locksRows).toBe(false);
      const { n } = await q.one<{ n: number }>('SELECT n FROM exclusive_probe WHERE id = 1');
      // No BEGIN: the statements are outside any transaction block.
      expect(pglite.isInTransaction()).toBe(false);
      read();
      await gate;
      await q.query('UPDATE exclusive_probe SET n = $1 WHERE id = 1', [n + 1]);
    });
    await hasRead;
    // A writer from elsewhere waits for the unit to end instead of slipping in between.
    let otherDone = false;
    const other = db
      .query('UPDATE exclusive_probe SET n = n + 10 WHERE id = 1')
      .then(() => (otherDone = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(otherDone).toBe(false);
    release();
    await Promise.all([unit, other]);
    // Had it slipped in between, the unit's write (0 + 1) would have lost its +10.
    expect(await db.one('SELECT n FROM exclusive_probe')).toEqual({ n: 11 });
  });

  it('exclusive(): a failing write leaves nothing, and the session is free afterwards', async () => {
    await db.exec('CREATE TABLE exclusive_fail_probe (id int PRIMARY KEY)');
    await expect(
      db.exclusive((q) => q.query('INSERT INTO exclusive_fail_probe VALUES (1), (1)')),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await db.one('SELECT count(*) AS n FROM exclusive_fail_probe')).toEqual({ n: 0 });
  });

  /** A statement that keeps PGlite busy for a few milliseconds. */
  const slowStatement = 'SELECT count(*) AS n FROM generate_series(1, 300000)';

  it('statements run back to back let the event loop turn once they have held it for the slice', async () => {
    const sliced = pgliteDatabase(pglite, 4);
    let turned = false;
    setImmediate(() => (turned = true));
    const started = performance.now();
    // Awaited one after another, as a job's pass runs them: without the slice the loop would
    // not turn until the whole chain had ended.
    let statements = 0;
    while (!turned && statements < 20) {
      await sliced.one(slowStatement);
      statements++;
    }
    expect(turned).toBe(true);
    expect(statements).toBeGreaterThan(0);
    // It turned after the slice had passed, not after every statement.
    expect(performance.now() - started).toBeGreaterThanOrEqual(4);
  });

  it('a transaction’s statements let the loop turn too; exclusive() runs without a turn', async () => {
    const sliced = pgliteDatabase(pglite, 4);
    let turned = false;
    setImmediate(() => (turned = true));
    await sliced.transaction(async (tx) => {
      for (let i = 0; i < 20 && !turned; i++) await tx.one(slowStatement);
    });
    expect(turned).toBe(true);

    turned = false;
    setImmediate(() => (turned = true));
    await sliced.exclusive(async (q) => {
      for (let i = 0; i < 5; i++) await q.one(slowStatement);
    });
    expect(turned).toBe(false);
  });

  it('statements within the slice give no turn', async () => {
    const unsliced = pgliteDatabase(pglite, 60_000);
    let turned = false;
    setImmediate(() => (turned = true));
    for (let i = 0; i < 5; i++) await unsliced.one(slowStatement);
    expect(turned).toBe(false);
  });

  it('tells a listener of its statement channel each statement and its time, and only while it listens', async () => {
    const heard: { sql: string; startedAt: number; durationMs: number }[] = [];
    const listener = (message: unknown) => heard.push(message as (typeof heard)[number]);
    const before = performance.now();
    subscribe(STATEMENT_CHANNEL, listener);
    try {
      await db.query('SELECT $1::int + 1 AS two', [1]);
      await db.query('SELECT $1::int + 1 AS two', [2]);
    } finally {
      unsubscribe(STATEMENT_CHANNEL, listener);
    }
    await db.query('SELECT $1::int + 1 AS two', [3]);
    // The first call prepares the statement and then runs it; the second only runs it.
    expect(heard.map((statement) => statement.sql)).toEqual(Array(3).fill('SELECT $1::int + 1 AS two'));
    for (const { startedAt, durationMs } of heard) {
      expect(startedAt).toBeGreaterThanOrEqual(before);
      expect(durationMs).toBeGreaterThan(0);
      expect(startedAt + durationMs).toBeLessThanOrEqual(performance.now());
    }
  });

  it('refuses statements once closed', async () => {
    await pglite.close();
    await expect(db.query('SELECT 1')).rejects.toThrow(/clos/);
  });
});
