import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Database } from '../db/database.ts';

/**
 * There is no built-in default secret (issue 2). Given by env it wins; otherwise one is
 * generated on first start: in DATA_DIR (0600) for the embedded database, or in a table
 * when PostgreSQL is shared, so several processes sign and verify with the same key.
 */
export async function resolveTokenSecret(
  config: Pick<Config, 'tokenSecret' | 'dataDir'>,
  db: Database,
): Promise<string> {
  if (config.tokenSecret) return config.tokenSecret;
  const fresh = randomBytes(48).toString('base64url');
  if (db.kind === 'postgres') {
    await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
      'token_secret',
      fresh,
    ]);
    const row = await db.one<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [
      'token_secret',
    ]);
    return row.value;
  }
  const file = path.join(config.dataDir, 'token-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw error;
  }
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, fresh, { mode: 0o600, flag: 'wx' });
  return fresh;
}
