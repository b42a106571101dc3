import { mkdtemp, rm, stat, writeFile, mkdir, cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { PatientProfile } from '@smartcare/contract/patient';
import { buildApp } from '../../app.ts';
import { buildTestApp, prepareDataDir, testConfig, type TestApp } from '../../testing/build-test-app.ts';
import { api, createPatient, loginPatient } from '../../testing/factories.ts';
import { StartupError } from './db.plugin.ts';
import { MIGRATIONS_DIR, migrate, readMigrations } from './migrate.ts';

/**
 * The embedded database in a real data directory: what `npm start` uses. The directory
 * starts as a copy of the test template, sparing PGlite's cold initdb.
 */
describe('embedded database in DATA_DIR', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'smartcare-db-'));
    await prepareDataDir(dataDir);
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('survives a restart with its data, migrates only once, and keeps one token secret (0600)', async () => {
    const first = await buildTestApp({ config: { dataDir, tokenSecret: undefined } });
    const patient = await createPatient(first.app.db, { name: '재시작환자' });
    const pair = await loginPatient(first.baseUrl, patient);
    const applied = await first.app.db.query('SELECT version FROM schema_migrations');
    expect(applied.rowCount).toBe((await readMigrations()).length);
    await first.close();
    expect((await stat(path.join(dataDir, 'token-secret'))).mode & 0o777).toBe(0o600);

    const second = await buildTestApp({ config: { dataDir, tokenSecret: undefined } });
    try {
      // The same secret: a token from before the restart still works.
      const profile = await api(second.baseUrl).get<PatientProfile>(apiPaths.patient.getPatient, {
        token: pair.accessToken,
      });
      expect(profile.data!.name).toBe('재시작환자');
      expect(await migrate(second.app.db)).toEqual([]);
      expect((await second.app.db.query('SELECT version FROM schema_migrations')).rowCount).toBe(
        applied.rowCount,
      );
    } finally {
      await second.close();
    }
  });

  it('a second server on the same directory refuses to start with a clear message', async () => {
    const running = await buildTestApp({ config: { dataDir } });
    try {
      const error = await buildApp(testConfig({ dataDir }), { jobsAutoStart: false }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(StartupError);
      expect((error as Error).message).toMatch(/already using the embedded database/);
      expect((error as Error).message).toContain(path.resolve(dataDir));
    } finally {
      await running.close();
    }
    // Once the first one stopped, the directory is free again.
    const next = await buildTestApp({ config: { dataDir } });
    await next.close();
  });
});

describe('migrations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('are sorted by number across the ranges modules own, and a duplicate number is refused', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'smartcare-migrations-'));
    try {
      await writeFile(path.join(dir, '050_feature.sql'), 'CREATE TABLE feature_x (id int);');
      await writeFile(path.join(dir, '002_core.sql'), 'CREATE TABLE core_x (id int);');
      await writeFile(path.join(dir, 'notes.txt'), 'not a migration');
      expect((await readMigrations(dir)).map((m) => m.name)).toEqual(['002_core.sql', '050_feature.sql']);
      await writeFile(path.join(dir, '050_other.sql'), 'SELECT 1;');
      await expect(readMigrations(dir)).rejects.toThrow(/share number 50/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a failing migration leaves nothing behind (one transaction)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'smartcare-migrations-'));
    try {
      await mkdir(dir, { recursive: true });
      await cp(MIGRATIONS_DIR, dir, { recursive: true });
      await writeFile(path.join(dir, '900_good.sql'), 'CREATE TABLE half_done (id int);');
      await writeFile(path.join(dir, '901_bad.sql'), 'CREATE TABLE broken (;');
      await expect(migrate(t.app.db, dir)).rejects.toThrow();
      expect(await t.app.db.maybeOne(`SELECT 1 FROM schema_migrations WHERE version = 900`)).toBeNull();
      expect(await t.app.db.maybeOne(`SELECT to_regclass('half_done') AS t`)).toEqual({ t: null });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('counts and int8 come back as numbers, dates as text', async () => {
    const row = await t.app.db.one<{ n: unknown; big: unknown; day: unknown }>(
      `SELECT count(*) AS n, 9007199254740991::int8 AS big, date '2026-01-02' AS day`,
    );
    expect(row).toEqual({ n: 0 + Number(row.n), big: 9007199254740991, day: '2026-01-02' });
    expect(typeof row.n).toBe('number');
  });

  it('a transaction that throws is rolled back', async () => {
    await t.app.db.query('CREATE TABLE IF NOT EXISTS tx_probe (id int)');
    await expect(
      t.app.db.transaction(async (tx) => {
        await tx.query('INSERT INTO tx_probe VALUES (1)');
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect((await t.app.db.one<{ n: number }>('SELECT count(*) AS n FROM tx_probe')).n).toBe(0);
  });
});
