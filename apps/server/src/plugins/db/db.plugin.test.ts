import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readdir, rm, stat, writeFile, mkdir, cp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { PatientProfile } from '@smartcare/contract/patient';
import { buildApp } from '../../app.ts';
import { buildTestApp, prepareDataDir, testConfig, type TestApp } from '../../testing/build-test-app.ts';
import { api, createPatient, loginPatient } from '../../testing/factories.ts';
import { SERVER_NODE_ARGS } from '../../testing/server-process-helpers.ts';
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

  /** Paths under `dir` (and `dir` itself) that others could read: not 0700 directories / 0600 files. */
  async function notPrivate(dir: string): Promise<string[]> {
    const out: string[] = [];
    if (((await stat(dir)).mode & 0o777) !== 0o700)
      out.push(`${dir} ${((await stat(dir)).mode & 0o777).toString(8)}`);
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isSymbolicLink()) continue;
      const full = path.join(entry.parentPath, entry.name);
      const mode = (await stat(full).catch(() => null))?.mode;
      if (mode === undefined) continue; // removed meanwhile (an old WAL segment)
      if ((mode & 0o777) !== (entry.isDirectory() ? 0o700 : 0o600))
        out.push(`${full} ${(mode & 0o777).toString(8)}`);
    }
    return out;
  }

  it('DATA_DIR is 0700 and everything in it private, after start and after writes (issue 10 point 16)', async () => {
    // As an older server left it: a world-readable directory with PGlite's 0666 files.
    const parent = await mkdtemp(path.join(tmpdir(), 'smartcare-modes-'));
    const dir = path.join(parent, 'data');
    await mkdir(dir);
    await prepareDataDir(dir);
    await chmod(dir, 0o755);
    expect((await notPrivate(dir)).length).toBeGreaterThan(100);
    const t = await buildTestApp({ config: { dataDir: dir, tokenSecret: undefined } });
    try {
      expect(await notPrivate(dir)).toEqual([]);
      // Writes that make new files: tables, rows, WAL, a checkpoint, through the API too.
      const patient = await createPatient(t.app.db, { name: '권한환자' });
      const { accessToken } = await loginPatient(t.baseUrl, patient);
      for (let i = 0; i < 20; i++) {
        await api(t.baseUrl).put(apiPaths.patient.updateMyData, {
          token: accessToken,
          body: { description: `메모 ${i}` },
        });
      }
      await t.app.db.query(
        'CREATE TABLE mode_probe AS SELECT g, repeat(md5(g::text), 20) AS filler FROM generate_series(1, 5000) g',
      );
      await t.app.db.query('CHECKPOINT');
      expect(await notPrivate(dir)).toEqual([]);
    } finally {
      await t.close();
    }
    expect(await notPrivate(dir)).toEqual([]);
    await rm(parent, { recursive: true, force: true });
  });

  it('a fresh DATA_DIR is created 0700 (issue 10 point 16)', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'smartcare-modes-'));
    // Missing, parents too: the first start creates it (a cold initdb, a few seconds).
    const dir = path.join(parent, 'new', 'data');
    const t = await buildTestApp({ config: { dataDir: dir } });
    await t.close();
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect(await notPrivate(dir)).toEqual([]);
    await rm(parent, { recursive: true, force: true });
  }, 60_000);

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

/** A port nobody listens on right now (the child binds it a moment later). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

/** The server as `npm start` runs it, with only the given settings. */
function startServerProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, SERVER_NODE_ARGS, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdout.resume();
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stderr })),
  );
  return { child, exited };
}

describe('the lock on DATA_DIR', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'smartcare-lock-'));
    await prepareDataDir(dataDir);
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('a second server process on the same directory exits non-zero with a clear message', async () => {
    const running = await buildTestApp({ config: { dataDir } });
    try {
      const second = startServerProcess({
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
      });
      const timer = setTimeout(() => second.child.kill('SIGKILL'), 60_000);
      const { code, stderr } = await second.exited.finally(() => clearTimeout(timer));
      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      expect(stderr).toMatch(/already using the embedded database/);
      expect(stderr).toContain(path.resolve(dataDir));
      // The first one kept its database and still answers.
      const health = await api(running.baseUrl).get('/health');
      expect(health.status).toBe(200);
    } finally {
      await running.close();
    }
  }, 90_000);

  it('a server that loses its lock closes and exits non-zero with a clear message', async () => {
    const exits: { code: number; message: string }[] = [];
    let exited!: () => void;
    const exitCalled = new Promise<void>((resolve) => (exited = resolve));
    const t = await buildTestApp({
      config: { dataDir },
      build: {
        lockTiming: { staleMs: 2_000, updateMs: 1_000 },
        exit: (code, message) => {
          exits.push({ code, message });
          exited();
        },
      },
    });
    try {
      expect((await api(t.baseUrl).get('/health')).status).toBe(200);
      // What another process's takeover looks like from here: the lock is not ours any more.
      await rm(path.join(dataDir, 'server.lock'), { recursive: true, force: true });
      await exitCalled;
      expect(exits).toHaveLength(1);
      expect(exits[0]!.code).toBe(1);
      expect(exits[0]!.message).toMatch(/lost its lock on the embedded database/);
      expect(exits[0]!.message).toContain(path.resolve(dataDir));
      // Closed before the exit: nothing listens, so nothing more is written.
      expect(t.app.server.listening).toBe(false);
      await expect(fetch(`${t.baseUrl}/medical2/app/api/health`)).rejects.toThrow();
    } finally {
      await t.close();
    }
    // It did not release a lock it no longer held; the directory opens again.
    const next = await buildTestApp({ config: { dataDir } });
    await next.close();
  }, 60_000);
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
