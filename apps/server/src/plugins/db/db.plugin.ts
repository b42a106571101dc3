import path from 'node:path';
import fp from 'fastify-plugin';
import lockfile from 'proper-lockfile';
import type { Config } from '../../config.ts';
import { ensurePrivateDir, restrictUmask, tightenModes } from './data-dir-modes.ts';
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

/** How often the DATA_DIR lock is refreshed, and when an unrefreshed one counts as abandoned. */
export interface LockTiming {
  staleMs: number;
  updateMs: number;
}
const DEFAULT_LOCK_TIMING: LockTiming = { staleMs: 15_000, updateMs: 5_000 };

/** Ends the process: `process.exit` in production; tests pass their own to watch it happen. */
export type ExitFn = (code: number, message: string) => void;

export interface DbPluginOptions {
  config: Pick<Config, 'dataDir' | 'databaseUrl'>;
  /** An already open database (tests pass a cloned in-memory one). */
  database?: Database;
  /** Called once the server has closed after losing its DATA_DIR lock. */
  exit: ExitFn;
  lockTiming?: LockTiming;
}

/** How often DATA_DIR's modes are checked while running (PGlite sets its own on files it rewrites). */
const KEEP_PRIVATE_EVERY_MS = 60_000;

/** A lost lock stops the server even if closing hangs (an in-flight request that never ends). */
const FORCED_EXIT_AFTER_MS = 10_000;

/**
 * Two processes writing one PGlite directory silently lose data (stack-notes), so the
 * second one refuses to start. The lock is refreshed while we run and goes stale if we die.
 */
async function lockDataDir(
  dataDir: string,
  onCompromised: (error: Error) => void,
  timing: LockTiming,
): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'server.lock'),
      stale: timing.staleMs,
      update: timing.updateMs,
      realpath: false,
      // The default throws from a timer and kills the process; report it instead.
      onCompromised,
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') {
      throw new StartupError(
        `Another Smart Care server is already using the embedded database in ${path.resolve(dataDir)}. ` +
          `Stop it first (after a crash its lock expires within ${Math.ceil(timing.staleMs / 1000)} seconds), ` +
          'give this one its own DATA_DIR, ' +
          'or use PostgreSQL (DATABASE_URL) to run several processes.',
      );
    }
    throw error;
  }
}

export async function openDatabase(
  config: DbPluginOptions['config'],
  onLockCompromised: (error: Error) => void = () => undefined,
  lockTiming: LockTiming = DEFAULT_LOCK_TIMING,
): Promise<{ db: Database; release: () => Promise<void> }> {
  if (config.databaseUrl) {
    return { db: postgresDatabase(config.databaseUrl), release: async () => undefined };
  }
  // Health data: private to the server's user from the first file on (issue 10 point 16).
  restrictUmask();
  await ensurePrivateDir(config.dataDir);
  const release = await lockDataDir(config.dataDir, onLockCompromised, lockTiming);
  try {
    const pglite = await openPglite(path.join(config.dataDir, 'pglite'));
    // PGlite's initial cluster and the relcache files it rewrites at start come 0666/0644.
    await tightenModes(config.dataDir);
    return { db: pgliteDatabase(pglite), release };
  } catch (error) {
    await release();
    throw error;
  }
}

export const dbPlugin = fp<DbPluginOptions>(
  async (app, options) => {
    let lockLost = false;
    /**
     * Another process may now open the same directory and write beside us, which silently
     * loses data (stack-notes): stop at once rather than keep writing. Closing lets requests
     * in flight finish and refuses new ones (503); then the process ends, non-zero.
     */
    const stopOnLostLock = (error: Error) => {
      if (lockLost) return;
      lockLost = true;
      const message =
        `Smart Care lost its lock on the embedded database in ${path.resolve(options.config.dataDir)} ` +
        `(${error.message}): another process may now write to it. Stopping so that two servers never ` +
        'write the same database; check for a second server on this DATA_DIR, then start again.';
      app.log.fatal({ err: error }, message);
      const forced = setTimeout(() => options.exit(1, message), FORCED_EXIT_AFTER_MS);
      forced.unref();
      void app
        .close()
        .catch((closeError: unknown) => app.log.error({ err: closeError }, 'error while stopping'))
        .finally(() => {
          clearTimeout(forced);
          options.exit(1, message);
        });
    };
    const { db, release } = options.database
      ? { db: options.database, release: async () => undefined }
      : await openDatabase(options.config, stopOnLostLock, options.lockTiming);
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
    const embeddedDir = options.database || options.config.databaseUrl ? undefined : options.config.dataDir;
    let keepPrivate: NodeJS.Timeout | undefined;
    if (embeddedDir) {
      // Migrations create files; PGlite rewrites some with its own modes later: check again now
      // and every minute, so a file never stays readable to others for long.
      await tightenModes(embeddedDir);
      keepPrivate = setInterval(() => {
        tightenModes(embeddedDir).catch((error: unknown) =>
          app.log.warn({ err: error }, 'could not make DATA_DIR private'),
        );
      }, KEEP_PRIVATE_EVERY_MS);
      keepPrivate.unref();
    }
    app.addHook('onClose', async () => {
      clearInterval(keepPrivate);
      await db.close();
      if (embeddedDir) await tightenModes(embeddedDir).catch(() => undefined);
      // A lost lock is no longer ours to release (it may be another process's by now).
      if (!lockLost) await release();
    });
  },
  { name: 'db' },
);
