import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
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
});
