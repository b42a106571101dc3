import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, type Config } from '../../config.ts';
import type { Database } from '../db/database.ts';

/**
 * There is no built-in default secret (issue 2). Given by env it wins; otherwise one is
 * generated on first start: in DATA_DIR (0600) for the embedded database, or in a table
 * when PostgreSQL is shared, so several processes sign and verify with the same key.
 */
/** The same floor as TOKEN_SECRET's (config.ts): HS256 wants a key of at least 256 bits. */
export const MIN_TOKEN_SECRET_LENGTH = 32;

/** A stored secret someone emptied or shortened would sign with a guessable key: refuse to start. */
function checked(secret: string, where: string): string {
  if (secret.length < MIN_TOKEN_SECRET_LENGTH) {
    throw new ConfigError(
      `The token secret in ${where} is ${secret.length} characters long; it must have at least ${MIN_TOKEN_SECRET_LENGTH}. ` +
        'Put a longer one there, or remove it to have a new one generated (every session then ends).',
    );
  }
  return secret;
}

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
    return checked(row.value, "the database table server_secrets (name 'token_secret')");
  }
  const file = path.join(config.dataDir, 'token-secret');
  try {
    return checked((await readFile(file, 'utf8')).trim(), file);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw error;
  }
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, fresh, { mode: 0o600, flag: 'wx' });
  return fresh;
}
