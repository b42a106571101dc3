import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { buildApp, type App, type BuildOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../plugins/db/database.ts';
import { migrate } from '../plugins/db/migrate.ts';
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
 * A migrated PGlite data directory, made once per test worker: opening a copy takes about
 * half a second, where a fresh initdb takes 3–5 s (stack-notes).
 */
let template: Promise<Blob> | undefined;
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const pglite = await openPglite(undefined);
    await migrate(pgliteDatabase(pglite));
    const dump = await pglite.dumpDataDir('none');
    await pglite.close();
    return dump;
  })();
  return template;
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

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    port: 0,
    host: '127.0.0.1',
    tokenSecret: randomBytes(32).toString('base64url'),
    seedDemo: false,
    // Tests exercise the limits themselves; the defaults would trip over many logins in a row.
    loginRateLimitPerMin: 1000,
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
    app = await buildApp(config, { jobsAutoStart: false, ...options.build, ...(database ? { database } : {}) });
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
