import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import { ResultCode } from '@smartcare/contract/result-codes';
import { publishDefaultTerms } from '../../db/seed-demo.ts';
import type { ApiRoute } from '../../plugins/route-defaults.plugin.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { api, createPatient, createStaff, loginPatient, loginStaff } from '../../testing/factories.ts';
import { exampleOf, pathOf } from '../../testing/route-examples.ts';

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

const INT4_MAX = 2 ** 31 - 1;

/** A fingerprint (see `fingerprint`) without one table's entry. */
const withoutTable = (fingerprint: string, table: string) =>
  fingerprint
    .split(' ')
    .filter((entry) => !entry.startsWith(`${table}=`))
    .join(' ');

/**
 * Values PostgreSQL cannot hold, which once reached it unchecked and came back as HTTP 500
 * (issue 10 point 15): NUL inside text, integers beyond `integer`, dates that do not exist.
 */
const databaseBreaker = fc.oneof(
  fc
    .tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }))
    .map(([before, after]) => `${before}\u0000${after}`),
  fc.integer({ min: INT4_MAX + 1, max: Number.MAX_SAFE_INTEGER }),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -INT4_MAX - 2 }),
  fc.constantFrom(
    INT4_MAX + 1,
    -(INT4_MAX + 2),
    1e15,
    '2024-02-30',
    '0000-00-00',
    '2023-02-29',
    '2026-13-01',
  ),
  fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 0, max: 19 }),
      fc.integer({ min: 0, max: 39 }),
    )
    .map(
      ([y, m, d]) =>
        `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
    ),
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
    // A refusal of another patient's record is itself audited ('access.refused', issue 10
    // point 18): that entry is the one write a refused call must make, so it is left out.
    const rowsOf = (name: string) =>
      name === 'audit_log' ? `audit_log t WHERE t.action <> 'access.refused'` : `${name} t`;
    // Each table's row count and hash by name: a failure says which table a refused call wrote.
    const sql = `SELECT concat_ws(' ', ${tables
      .map(
        (name) =>
          `'${name}=' || (SELECT count(*) || ':' || left(coalesce(md5(string_agg(t::text, ',' ORDER BY t::text)), ''), 8) FROM ${rowsOf(name)})`,
      )
      .join(', ')}) AS hash`;
    // Reads are audited in group commits after their answer (decision 005): flush first, so an
    // earlier successful read's entry never lands inside a later refused call's window.
    // A call may also kick a job pass that writes after its answer (a push delivery): wait for it.
    fingerprint = async () => {
      await t.app.jobs.settled();
      await t.app.audit.flush();
      return (await t.app.db.one<{ hash: string }>(sql)).hash;
    };
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
          if (response.status >= 400) {
            // A login body that passes validation is a counted attempt (decision 013): a wrong
            // password (401), or the one that reaches the lock (423), writes its failure count.
            // The random bodies hit that now and then (`{"loginId":"\u000e","password":"𞮊"}`).
            const counted =
              response.code === ResultCode.BAD_CREDENTIALS || response.code === ResultCode.ACCOUNT_LOCKED;
            const seen = (fp: string) =>
              counted ? withoutTable(withoutTable(fp, 'login_failures'), 'login_device_failures') : fp;
            expect(seen(await fingerprint())).toBe(seen(before));
          }
        }),
        { numRuns: RUNS_PER_CALL },
      );
    }
  }, 300_000);

  it('a valid call with one field the database cannot hold never answers 5xx and writes nothing', async () => {
    const patient = await createPatient(t.app.db, { name: '퍼즈환자' });
    const patientToken = (await loginPatient(t.baseUrl, patient)).accessToken;
    const targets = t.app.apiRoutes.flatMap((route) => [
      ...route.bodyFields.map((field) => ({ route, field, in: 'body' as const })),
      ...route.queryFields.map((field) => ({ route, field, in: 'query' as const })),
    ]);
    // Sign-up, chat messages, markRead, acknowledge … each field of each: the 18 cases' homes.
    expect(targets.length).toBeGreaterThan(40);
    for (const target of targets) {
      const token = target.route.auth === 'staff' ? staffToken : patientToken;
      const example = exampleOf(target.route);
      await fc.assert(
        fc.asyncProperty(databaseBreaker, fc.context(), async (value, ctx) => {
          const before = await fingerprint();
          const response = await api(t.baseUrl).call(target.route.method, pathOf(target.route), {
            token,
            ...(target.in === 'body'
              ? { body: { ...(example.body as object), [target.field]: value } }
              : { query: { ...example.query, [target.field]: String(value) } }),
            ...(example.body !== undefined && target.in === 'query' ? { body: example.body } : {}),
          });
          ctx.log(
            `${target.route.method} ${target.route.url} ${target.field}=${JSON.stringify(value)} → ${response.status}`,
          );
          expect(response.status).toBeLessThan(500);
          // A valid login with a wrong password counts a failure (401): only refused input must write nothing.
          // So does a wrong code against a live password-reset code (400, the guess limit): when
          // one value became a login id at sign-up and got a code at requestPasswordReset, its
          // resetPassword is such a guess, and the code's row is the one write it may make.
          if (response.status === 400) {
            const guess = response.code === ResultCode.VERIFICATION_CODE_INVALID;
            const seen = (fp: string) => (guess ? withoutTable(fp, 'password_reset_codes') : fp);
            expect(seen(await fingerprint())).toBe(seen(before));
          }
        }),
        { numRuns: Math.max(5, Math.round(RUNS_PER_CALL / 5)) },
      );
    }
  }, 300_000);
});
