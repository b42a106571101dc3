import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { postgresDatabase } from './postgres-database.ts';

/** The PostgreSQL adapter's named statements, on a scratch database of a real server. */
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((done) => {
    const socket = new Socket();
    const finish = (ok: boolean) => {
      socket.destroy();
      done(ok);
    };
    socket.setTimeout(1_000, () => finish(false));
    socket.once('error', () => finish(false));
    socket.connect(Number(port || 5432), hostname, () => finish(true));
  });
}

const postgresUp = await reachable(adminUrl);
if (!postgresUp)
  process.stdout.write(
    `[postgres-database.test] skipped: PostgreSQL is not reachable at ${new URL(adminUrl).host}\n`,
  );

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.skipIf(!postgresUp)('PostgreSQL adapter', () => {
  const name = `smartcare_test_${randomBytes(6).toString('hex')}`;
  let db: Database;
  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    db = postgresDatabase(url.toString());
  });
  afterAll(async () => {
    await db.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('a statement run many times over the pool answers the same each time', async () => {
    await db.exec('CREATE TABLE repeat_probe (id int, words text[], at timestamptz, day date)');
    await db.query('INSERT INTO repeat_probe VALUES ($1, $2, $3, $4)', [
      1,
      ['a,b', 'c'],
      new Date('2026-03-14T01:02:03Z'),
      '1958-03-14',
    ]);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => db.one('SELECT * FROM repeat_probe WHERE id = $1', [1])),
    );
    for (const answer of answers)
      expect(answer).toEqual({
        id: 1,
        words: ['a,b', 'c'],
        at: new Date('2026-03-14T01:02:03Z'),
        day: '1958-03-14',
      });
  });

  it('a statement prepared before its table changed shape answers in the new shape', async () => {
    await db.exec('CREATE TABLE shape_probe (a int); INSERT INTO shape_probe VALUES (1)');
    // Prepared on every connection of the pool.
    await Promise.all(Array.from({ length: 20 }, () => db.one('SELECT * FROM shape_probe')));
    await db.exec(`ALTER TABLE shape_probe ADD COLUMN b text DEFAULT 'x'`);
    const answers = await Promise.all(Array.from({ length: 20 }, () => db.one('SELECT * FROM shape_probe')));
    expect(answers).toEqual(Array.from({ length: 20 }, () => ({ a: 1, b: 'x' })));
  });

  it('statements in a transaction are not affected by a change of table shape', async () => {
    await db.exec('CREATE TABLE tx_shape_probe (a int); INSERT INTO tx_shape_probe VALUES (1)');
    const read = () => db.transaction((tx) => tx.one('SELECT * FROM tx_shape_probe WHERE a = $1', [1]));
    await Promise.all(Array.from({ length: 20 }, read));
    await db.exec('ALTER TABLE tx_shape_probe ADD COLUMN b int DEFAULT 2');
    expect(await Promise.all(Array.from({ length: 20 }, read))).toEqual(
      Array.from({ length: 20 }, () => ({ a: 1, b: 2 })),
    );
  });

  it('exclusive() is a transaction whose reads lock the rows they will write', async () => {
    await db.exec('CREATE TABLE exclusive_probe (id int PRIMARY KEY, n int)');
    await db.query('INSERT INTO exclusive_probe VALUES (1, 0)');
    const units = Array.from({ length: 5 }, () =>
      db.exclusive(async (q) => {
        expect(q.locksRows).toBe(true);
        const { n } = await q.one<{ n: number }>('SELECT n FROM exclusive_probe WHERE id = 1 FOR UPDATE');
        await new Promise((resolve) => setTimeout(resolve, 5));
        await q.query('UPDATE exclusive_probe SET n = $1 WHERE id = 1', [n + 1]);
      }),
    );
    await Promise.all(units);
    // Each read waited for the one before to commit: no update was lost across connections.
    expect(await db.one('SELECT n FROM exclusive_probe')).toEqual({ n: 5 });
  });

  it('errors keep their SQLSTATE, and a statement that failed to parse does not spoil its connection', async () => {
    await db.exec('CREATE TABLE unique_probe (login text UNIQUE)');
    await db.query('INSERT INTO unique_probe VALUES ($1)', ['kim']);
    await expect(db.query('INSERT INTO unique_probe VALUES ($1)', ['kim'])).rejects.toMatchObject({
      code: '23505',
    });
    for (let i = 0; i < 3; i++) await expect(db.query('SELEC 1')).rejects.toMatchObject({ code: '42601' });
    expect(await db.one('SELECT 1 AS one')).toEqual({ one: 1 });
  });
});
