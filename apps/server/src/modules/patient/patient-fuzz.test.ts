import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import { publishDefaultTerms } from '../../db/seed-demo.ts';
import type { ApiRoute } from '../../plugins/route-defaults.plugin.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { api, createPatient, createStaff, loginPatient, loginStaff } from '../../testing/factories.ts';
import { pathOf } from '../../testing/route-examples.ts';

/** Runs per write call: 20 calls × 50 runs take about 20 s on PGlite on a 2-core machine. */
const RUNS_PER_CALL = Number(process.env.FUZZ_RUNS_PER_CALL ?? 50);

/** Values that have broken servers before: wrong types, huge numbers, SQL and prototype tricks. */
const nastyValue = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc.constantFrom(
    "' OR 1=1 --",
    '"; DROP TABLE patients; --',
    '__proto__',
    '\u0000',
    '9'.repeat(40),
    '1e309',
    '-1',
    '2026-02-30',
    '25:99',
    'NaN',
  ),
  fc.double(),
  // Small ids hit real rows (the first hospital, room or call) as often as missing ones.
  fc.integer({ min: -2, max: 5 }),
  fc.bigInt().map(String),
  fc.string({ unit: 'binary', maxLength: 300 }),
);

interface RawBody {
  raw: string;
  contentType?: string;
}

const body = (fields: readonly string[]): fc.Arbitrary<RawBody> =>
  fc.oneof<fc.Arbitrary<RawBody>[]>(
    fc
      .record(Object.fromEntries([...fields, '__proto__', 'idx', 'patientIdx'].map((f) => [f, nastyValue])), {
        requiredKeys: [],
      })
      .map((v) => ({ raw: JSON.stringify(v) })),
    fc.jsonValue({ maxDepth: 3 }).map((v) => ({ raw: JSON.stringify(v) })),
    fc.string({ maxLength: 200 }).map((raw) => ({ raw })),
    fc
      .constantFrom(
        '{',
        '{"a":',
        '[]',
        'null',
        '""',
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":{}}}',
      )
      .map((raw) => ({ raw })),
    fc.string({ maxLength: 100 }).map((raw) => ({ raw, contentType: 'text/plain' })),
  );

/**
 * Every write call the server registers (POST/PUT/PATCH/DELETE, read from the route table,
 * so a new one is fuzzed without being listed here), with its own kind of token, takes
 * random and malformed bodies: it never answers 5xx, always answers the envelope, and a
 * refused request (4xx) leaves every table as it was (issue 2).
 */
describe('random and malformed bodies at every write call', () => {
  let t: TestApp;
  let staffToken: string;
  let fingerprint: () => Promise<string>;

  beforeAll(async () => {
    t = await buildTestApp();
    await publishDefaultTerms(t.app.db);
    staffToken = (await loginStaff(t.baseUrl, await createStaff(t.app.db))).accessToken;
    // One hash over every row of every table: any write a refused request made shows.
    const tables = (
      await t.app.db.query<{ name: string }>(
        `SELECT quote_ident(table_name) AS name FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
      )
    ).rows.map((row) => row.name);
    expect(tables).toEqual(
      expect.arrayContaining(['patients', 'audit_log', 'nurse_calls', 'chat_room_reads']),
    );
    const sql = `SELECT md5(concat_ws('|', ${tables
      .map(
        (name) =>
          `(SELECT count(*) || ':' || coalesce(md5(string_agg(t::text, ',' ORDER BY t::text)), '') FROM ${name} t)`,
      )
      .join(', ')})) AS hash`;
    fingerprint = async () => (await t.app.db.one<{ hash: string }>(sql)).hash;
  });
  afterAll(() => t.close());

  it('the route table names every write call, the chat and nurse call ones included', () => {
    const writes = t.app.apiRoutes.filter((route) => route.method !== 'GET').map(pathOf);
    for (const path of [
      apiPaths.patient.updateMyData,
      apiPaths.patient.delete,
      apiPaths.staff.refresh,
      apiPaths.chat.markRead,
      apiPaths.nurseCall.acknowledge,
      apiPaths.nurseCall.complete,
      apiPaths.nurseCall.cancel,
    ]) {
      expect(writes).toContain(path);
    }
  });

  /** Read when the tests run: the table is filled once the app is built. */
  const writeRoutes = (): ApiRoute[] => t.app.apiRoutes.filter((route) => route.method !== 'GET');

  it('never answers 5xx, always the envelope, and a refused request writes nothing', async () => {
    for (const route of writeRoutes()) {
      // A patient of its own per call: one call's successes (a deletion request) never shape another's.
      const patient = await createPatient(t.app.db, { name: '퍼즈환자' });
      const patientToken = (await loginPatient(t.baseUrl, patient)).accessToken;
      const token = route.auth === 'staff' ? staffToken : patientToken;
      // Refresh reads these headers; every other call ignores them.
      const headers = { AccessToken: token, RefreshToken: 'not-a-real-one' };
      await fc.assert(
        fc.asyncProperty(body(route.bodyFields), fc.context(), async (sample, ctx) => {
          const before = await fingerprint();
          const response = await api(t.baseUrl).call(route.method, pathOf(route), {
            token,
            rawBody: sample.raw,
            headers: { ...headers, ...(sample.contentType ? { 'content-type': sample.contentType } : {}) },
          });
          ctx.log(
            `${route.method} ${route.url} ${sample.raw.slice(0, 200)} → ${response.status} ${response.code}`,
          );
          expect(response.status).toBeLessThan(500);
          expect(typeof response.code).toBe('number');
          expect(typeof response.description).toBe('string');
          if (response.status >= 400) expect(await fingerprint()).toBe(before);
        }),
        { numRuns: RUNS_PER_CALL },
      );
    }
  }, 120_000);
});
