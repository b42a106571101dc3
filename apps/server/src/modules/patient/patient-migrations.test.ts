import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../plugins/db/database.ts';
import { migrate, MIGRATIONS_DIR, readMigrations } from '../../plugins/db/migrate.ts';
import { openPglite, pgliteDatabase } from '../../plugins/db/pglite-database.ts';

/**
 * Migrations 002 and 003 move data on databases already in use: a database made by 001
 * alone, filled the old way, is migrated the rest of the way here.
 */
describe('identity migrations on a database in use', () => {
  let db: Database;
  let close: () => Promise<void>;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'smartcare-migrations-'));
    await copyFile(path.join(MIGRATIONS_DIR, '001_identity.sql'), path.join(dir, '001_identity.sql'));
    const pglite = await openPglite(undefined);
    db = pgliteDatabase(pglite);
    close = () => pglite.close();
    await migrate(db, dir);
  });
  afterAll(async () => {
    await close();
    await rm(dir, { recursive: true, force: true });
  });

  it('moves patients’ failed logins and locks over and keeps only the newest owner of a push token', async () => {
    const insert = (loginId: string, failed: number, lockedUntil: string | null) =>
      db.one<{ idx: number }>(
        `INSERT INTO patients (login_id, password_hash, name, failed_login_count, locked_until)
         VALUES ($1, 'x', '환자', $2, $3::timestamptz) RETURNING idx`,
        [loginId, failed, lockedUntil],
      );
    await insert('locked-one', 0, new Date(Date.now() + 600_000).toISOString());
    await insert('counting-one', 3, null);
    await insert('clean-one', 0, null);
    const older = await insert('older-phone', 0, null);
    const newer = await insert('newer-phone', 0, null);
    await db.query(
      `INSERT INTO push_tokens (patient_idx, fcm_token, updated_at) VALUES
         ($1, 'shared', now() - interval '1 day'), ($2, 'shared', now())`,
      [older.idx, newer.idx],
    );

    for (const migration of await readMigrations()) {
      if (migration.version > 1)
        await copyFile(path.join(MIGRATIONS_DIR, migration.name), path.join(dir, migration.name));
    }
    await migrate(db, dir);

    const { rows } = await db.query<{ login_id: string; failed_count: number; locked: boolean }>(
      `SELECT login_id, failed_count, locked_until > now() AS locked
         FROM login_failures WHERE principal = 'patient' ORDER BY login_id`,
    );
    expect(rows).toEqual([
      { login_id: 'counting-one', failed_count: 3, locked: null },
      { login_id: 'locked-one', failed_count: 0, locked: true },
    ]);
    const owners = await db.query<{ patient_idx: number }>(
      `SELECT patient_idx FROM push_tokens WHERE fcm_token = 'shared'`,
    );
    expect(owners.rows).toEqual([{ patient_idx: newer.idx }]);
  });
});
