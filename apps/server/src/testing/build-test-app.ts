import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type App, type BuildOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../plugins/db/database.ts';
import { migrate, readMigrations } from '../plugins/db/migrate.ts';
import { openPglite, pgliteDatabase } from '../plugins/db/pglite-database.ts';

export interface TestApp {
  app: App;
  /** e.g. http://127.0.0.1:40123 (no trailing slash, no API prefix). */
  baseUrl: string;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  build?: Omit<BuildOptions, 'database'>;
}

/**
 * A migrated PGlite data directory, made once and kept in the temp folder under a name
 * derived from the migrations and the PGlite version: opening a copy takes about half a
 * second, where a fresh initdb takes 3–5 s (stack-notes) — per test file, since Vitest
 * isolates modules per file.
 */
let template: Promise<Blob> | undefined;
async function templateKey(): Promise<string> {
  // The package does not export its package.json; its entry file identifies the build well enough.
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const hash = createHash('sha256').update(
    await readFile(path.join(path.dirname(pgliteEntry), '../package.json')),
  );
  for (const migration of await readMigrations()) hash.update(migration.name).update(migration.sql);
  return hash.digest('hex').slice(0, 16);
}
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = path.join(tmpdir(), 'smartcare-pglite-templates', `${await templateKey()}.tar`);
    try {
      return new Blob([await readFile(file)]);
    } catch {
      // Not made yet: make it below.
    }
    const pglite = await openPglite(undefined);
    await migrate(pgliteDatabase(pglite));
    const dump = await pglite.dumpDataDir('none');
    await pglite.close();
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed, so a parallel worker never reads half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
    await rename(partial, file);
    // Templates of earlier migration sets are 40 MB each: keep only the current one.
    for (const old of await readdir(path.dirname(file))) {
      if (old.endsWith('.tar') && path.join(path.dirname(file), old) !== file) {
        await rm(path.join(path.dirname(file), old), { force: true });
      }
    }
    return dump;
  })();
  return template;
}

/**
 * Fills an empty DATA_DIR from the template, as if a server had already created it there:
 * tests of the real directory path then skip the cold initdb.
 */
export async function prepareDataDir(dataDir: string): Promise<void> {
  const pglite = await openPglite(path.join(dataDir, 'pglite'), await pgliteTemplate());
  await pglite.close();
}

async function freshPglite(): Promise<Database> {
  return pgliteDatabase(await openPglite(undefined, await pgliteTemplate()));
}

/** One database per test app on the real server, so parallel workers never collide. */
async function freshPostgres(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `smartcare_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

const UNLIMITED = { burst: 1_000_000, perMinute: 1_000_000 };

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    port: 0,
    host: '127.0.0.1',
    tokenSecret: randomBytes(32).toString('base64url'),
    seedDemo: false,
    // Tests exercise the limits themselves; the defaults would trip over many logins in a row.
    loginRateLimitPerMin: 1000,
    accountRateLimitPerMin: 1000,
    // Publish rate limits (issue 10 point 12): tested in broker-rate-limit.test.ts; other tests send bursts.
    publishLimits: {
      chatMessage: { perConnection: UNLIMITED, perPerson: UNLIMITED },
      nurseCall: { perConnection: UNLIMITED, perPerson: UNLIMITED },
      // issue 17 — telemedicine signalling
      telemedicineSignal: { perConnection: UNLIMITED, perPerson: UNLIMITED },
    },
    ...overrides,
  };
}

/**
 * Starts the real app on a random port with a fresh, migrated database: an in-memory
 * PGlite copy, or a new database on TEST_DATABASE_URL's server when that is set.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const postgres = adminUrl && !options.config?.dataDir ? await freshPostgres(adminUrl) : undefined;
  const config = testConfig({ ...(postgres ? { databaseUrl: postgres.url } : {}), ...options.config });
  const usesOwnStorage = Boolean(postgres || options.config?.dataDir || options.config?.databaseUrl);
  const database = usesOwnStorage ? undefined : await freshPglite();
  let app: App;
  try {
    app = await buildApp(config, {
      jobsAutoStart: false,
      ...options.build,
      ...(database ? { database } : {}),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await postgres?.drop();
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    config,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await postgres?.drop();
    },
  };
}
