import type { Principal } from '@smartcare/contract/auth';
import type { SqlQueryable } from '../db/database.ts';

/**
 * Failed logins per login id, kept whether or not an account has that id, so an unknown
 * id answers (and locks) exactly like a known one. Failures count "in a row" within
 * `windowS` of each other; a row older than that is forgotten (and pruned).
 */
export function createLoginFailuresRepository(db: SqlQueryable) {
  return {
    /** The end of the current lock, if the id is locked now. */
    async lockedUntil(principal: Principal, loginId: string): Promise<Date | null> {
      const row = await db.maybeOne<{ lockedUntil: Date }>(
        `SELECT locked_until AS "lockedUntil" FROM login_failures
          WHERE principal = $1 AND login_id = $2 AND locked_until > now()`,
        [principal, loginId],
      );
      return row?.lockedUntil ?? null;
    },

    /**
     * Counts one failure; the one that reaches `threshold` locks the id for `lockSeconds`
     * and starts the count again. Returns the lock end when the id is now locked.
     */
    async recordFailure(
      principal: Principal,
      loginId: string,
      threshold: number,
      lockSeconds: number,
    ): Promise<Date | null> {
      // One statement, so two failures at once both count. `run` is this failure's place in
      // the current run of failures (1 when the last one is older than the window).
      const run = `CASE WHEN f.last_failed_at > now() - make_interval(secs => $4) THEN f.failed_count + 1 ELSE 1 END`;
      const row = await db.one<{ lockedUntil: Date | null }>(
        `INSERT INTO login_failures AS f (principal, login_id, failed_count, locked_until, last_failed_at)
         VALUES ($1, $2, CASE WHEN 1 >= $3 THEN 0 ELSE 1 END,
                 CASE WHEN 1 >= $3 THEN now() + make_interval(secs => $4) END, now())
         ON CONFLICT (principal, login_id) DO UPDATE
           SET failed_count = CASE WHEN ${run} >= $3 THEN 0 ELSE ${run} END,
               locked_until = CASE WHEN ${run} >= $3 THEN now() + make_interval(secs => $4) ELSE f.locked_until END,
               last_failed_at = now()
         RETURNING locked_until AS "lockedUntil"`,
        [principal, loginId, threshold, lockSeconds],
      );
      return row.lockedUntil && row.lockedUntil.getTime() > Date.now() ? row.lockedUntil : null;
    },

    async clear(principal: Principal, loginId: string): Promise<void> {
      await db.query('DELETE FROM login_failures WHERE principal = $1 AND login_id = $2', [
        principal,
        loginId,
      ]);
    },

    /** Rows neither locked nor within a window of their last failure; returns how many went. */
    async pruneStale(windowS: number): Promise<number> {
      const { rowCount } = await db.query(
        `DELETE FROM login_failures
          WHERE last_failed_at < now() - make_interval(secs => $1)
            AND (locked_until IS NULL OR locked_until < now())`,
        [windowS],
      );
      return rowCount;
    },
  };
}

export type LoginFailuresRepository = ReturnType<typeof createLoginFailuresRepository>;
