import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import lockfile from 'proper-lockfile';
import type { Config } from '../../config.ts';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { openPglite, pgliteDatabase } from './pglite-database.ts';
import { postgresDatabase } from './postgres-database.ts';

export type { Database, SqlQueryable, SqlParam } from './database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

export class StartupError extends Error {
  override name = 'StartupError';
}

export interface DbPluginOptions {
  config: Pick<Config, 'dataDir' | 'databaseUrl'>;
  /** An already open database (tests pass a cloned in-memory one). */
  database?: Database;
}

/**
 * Two processes writing one PGlite directory silently lose data (stack-notes), so the
 * second one refuses to start. The lock is refreshed while we run and goes stale if we die.
 */
async function lockDataDir(
  dataDir: string,
  onCompromised: (error: Error) => void,
): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'server.lock'),
      stale: 15_000,
      update: 5_000,
      realpath: false,
      // The default throws from a timer and kills the process; report it instead.
      onCompromised,
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') {
      throw new StartupError(
        `Another Smart Care server is already using the embedded database in ${path.resolve(dataDir)}. ` +
          'Stop it first (after a crash its lock expires within 15 seconds), give this one its own DATA_DIR, ' +
          'or use PostgreSQL (DATABASE_URL) to run several processes.',
      );
    }
    throw error;
  }
}

export async function openDatabase(
  config: DbPluginOptions['config'],
  onLockCompromised: (error: Error) => void = () => undefined,
): Promise<{ db: Database; release: () => Promise<void> }> {
  if (config.databaseUrl) {
    return { db: postgresDatabase(config.databaseUrl), release: async () => undefined };
  }
  await mkdir(config.dataDir, { recursive: true });
  const release = await lockDataDir(config.dataDir, onLockCompromised);
  try {
    const pglite = await openPglite(path.join(config.dataDir, 'pglite'));
    return { db: pgliteDatabase(pglite), release };
  } catch (error) {
    await release();
    throw error;
  }
}

export const dbPlugin = fp<DbPluginOptions>(
  async (app, options) => {
    const { db, release } = options.database
      ? { db: options.database, release: async () => undefined }
      : await openDatabase(options.config, (error) =>
          app.log.error(
            { err: error },
            'lost the lock on DATA_DIR: another process may now write to the same database',
          ),
        );
    let applied: string[];
    try {
      applied = await migrate(db);
    } catch (error) {
      await db.close().catch(() => undefined);
      await release().catch(() => undefined);
      throw error;
    }
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.close();
      await release();
    });
  },
  { name: 'db' },
);
