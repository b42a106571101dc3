import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '@smartcare/contract/result-codes';
import type { Database } from './db/database.ts';
import { openPglite, pgliteDatabase } from './db/pglite-database.ts';
import { errorHandlerPlugin } from './error-handler.plugin.ts';

/**
 * The backstop of issue 10 point 15: a value the real database refuses as a data exception
 * (SQLSTATE class 22) that no schema caught answers 400 validation, not 500.
 */
describe('the error handler and the database’s data exceptions', () => {
  const app = Fastify();
  let db: Database;

  beforeAll(async () => {
    db = pgliteDatabase(await openPglite(undefined));
    await app.register(errorHandlerPlugin);
    // Each route hands the database a value it cannot hold, as an unchecked handler would.
    app.get('/nul', async () => db.query('SELECT $1::text AS v', ['a\u0000b']));
    app.get('/int4', async () => db.query('SELECT $1::int AS v', [String(2 ** 31)]));
    app.get('/date', async () => db.query('SELECT $1::date AS v', ['2024-02-30']));
    app.get('/other', async () => db.query('SELECT * FROM no_such_table'));
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it.each(['/nul', '/int4', '/date'])('%s → 400 validation', async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: ResultCode.VALIDATION_FAILED });
  });

  it('other database errors stay server errors', async () => {
    const response = await app.inject({ url: '/other' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: ResultCode.SERVER_ERROR });
  });
});
