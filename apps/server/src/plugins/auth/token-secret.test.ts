import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { ConfigError } from '../../config.ts';
import { resolveTokenSecret } from './token-secret.ts';

describe('the token signing secret', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    t = await buildTestApp();
    dataDir = await mkdtemp(path.join(tmpdir(), 'smartcare-secret-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('TOKEN_SECRET from the environment wins', async () => {
    const secret = 'x'.repeat(40);
    expect(await resolveTokenSecret({ tokenSecret: secret, dataDir }, t.app.db)).toBe(secret);
  });

  it('with the embedded database it is generated once into DATA_DIR, readable only by the owner', async () => {
    const embedded: Database = { ...t.app.db, kind: 'pglite' };
    const first = await resolveTokenSecret({ tokenSecret: undefined, dataDir }, embedded);
    expect(first.length).toBeGreaterThanOrEqual(64);
    expect(await resolveTokenSecret({ tokenSecret: undefined, dataDir }, embedded)).toBe(first);
    expect(await readFile(path.join(dataDir, 'token-secret'), 'utf8')).toBe(first);
    expect((await stat(path.join(dataDir, 'token-secret'))).mode & 0o777).toBe(0o600);
  });

  it('with shared PostgreSQL every process reads the same secret from the database', async () => {
    const shared: Database = { ...t.app.db, kind: 'postgres' };
    const [a, b] = await Promise.all([
      resolveTokenSecret({ tokenSecret: undefined, dataDir: '/nonexistent' }, shared),
      resolveTokenSecret({ tokenSecret: undefined, dataDir: '/nonexistent' }, shared),
    ]);
    expect(a).toBe(b);
    expect(await resolveTokenSecret({ tokenSecret: undefined, dataDir: '/nonexistent' }, shared)).toBe(a);
  });

  it('refuses a stored secret shorter than 32 characters (an emptied file would be an empty key)', async () => {
    const embedded: Database = { ...t.app.db, kind: 'pglite' };
    for (const [content, length] of [
      ['', 0],
      ['  \n', 0],
      ['x'.repeat(31), 31],
    ] as const) {
      const dir = await mkdtemp(path.join(tmpdir(), 'smartcare-secret-short-'));
      try {
        await writeFile(path.join(dir, 'token-secret'), content);
        const attempt = resolveTokenSecret({ tokenSecret: undefined, dataDir: dir }, embedded);
        await expect(attempt).rejects.toBeInstanceOf(ConfigError);
        await expect(attempt).rejects.toThrow(
          `The token secret in ${path.join(dir, 'token-secret')} is ${length} characters long; it must have at least 32.`,
        );
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
    const dir = await mkdtemp(path.join(tmpdir(), 'smartcare-secret-ok-'));
    await writeFile(path.join(dir, 'token-secret'), `${'y'.repeat(32)}\n`);
    expect(await resolveTokenSecret({ tokenSecret: undefined, dataDir: dir }, embedded)).toBe('y'.repeat(32));
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a short secret in the shared database too', async () => {
    const shared: Database = { ...t.app.db, kind: 'postgres' };
    await t.app.db.query(`UPDATE server_secrets SET value = 'short' WHERE name = 'token_secret'`);
    await t.app.db.query(
      `INSERT INTO server_secrets (name, value) VALUES ('token_secret', 'short') ON CONFLICT (name) DO NOTHING`,
    );
    await expect(
      resolveTokenSecret({ tokenSecret: undefined, dataDir: '/nonexistent' }, shared),
    ).rejects.toThrow(
      "The token secret in the database table server_secrets (name 'token_secret') is 5 characters long",
    );
  });
});
