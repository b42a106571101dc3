import type { Principal } from '@smartcare/contract/auth';
import type { SqlQueryable } from '../../plugins/db/database.ts';

/** The longest an untrusted client's lock on one id grows to, and how long a locked id is remembered. */
export const MAX_LOCK_SECONDS = 24 * 3600;

/**
 * Failed logins per login id, kept whether or not an account has that id, so an unknown
 * id answers (and locks) exactly like a known one. Failures count "in a row" within
 * `windowS` of each other; a row older than that is forgotten (and pruned).
 */
export const loginFailuresRepository = {
  /** The end of the current lock, if the id is locked now. */
  async lockedUntil(db: SqlQueryable, principal: Principal, loginId: string): Promise<Date | null> {
    const row = await db.maybeOne<{ lockedUntil: Date }>(
      `SELECT locked_until AS "lockedUntil" FROM login_failures
        WHERE principal = $1 AND login_id = $2 AND locked_until > now()`,
      [principal, loginId],
    );
    return row?.lockedUntil ?? null;
  },

  /**
   * Counts one failure; the one that reaches `threshold` locks the id for `lockSeconds`
   * and starts the count again. Each further lock of the same id before it is forgotten
   * lasts twice as long as the one before, up to MAX_LOCK_SECONDS (progressive, decision
   * 013). Returns the lock end when the id is now locked.
   */
  async recordFailure(
    db: SqlQueryable,
    principal: Principal,
    loginId: string,
    threshold: number,
    lockSeconds: number,
  ): Promise<Date | null> {
    // One statement, so two failures at once both count. `run` is this failure's place in
    // the current run of failures (1 when the last one is older than the window).
    const run = `CASE WHEN f.last_failed_at > now() - make_interval(secs => $4) THEN f.failed_count + 1 ELSE 1 END`;
    const lockFor = `make_interval(secs => LEAST($4 * power(2, LEAST(f.lock_count, 30)), $5))`;
    const row = await db.one<{ lockedUntil: Date | null }>(
      `INSERT INTO login_failures AS f (principal, login_id, failed_count, locked_until, last_failed_at, lock_count)
       VALUES ($1, $2, CASE WHEN 1 >= $3 THEN 0 ELSE 1 END,
               CASE WHEN 1 >= $3 THEN now() + make_interval(secs => $4) END, now(),
               CASE WHEN 1 >= $3 THEN 1 ELSE 0 END)
       ON CONFLICT (principal, login_id) DO UPDATE
         SET failed_count = CASE WHEN ${run} >= $3 THEN 0 ELSE ${run} END,
             locked_until = CASE WHEN ${run} >= $3 THEN now() + ${lockFor} ELSE f.locked_until END,
             lock_count = CASE WHEN ${run} >= $3 THEN f.lock_count + 1 ELSE f.lock_count END,
             last_failed_at = now()
       RETURNING locked_until AS "lockedUntil"`,
      [principal, loginId, threshold, lockSeconds, MAX_LOCK_SECONDS],
    );
    return row.lockedUntil && row.lockedUntil.getTime() > Date.now() ? row.lockedUntil : null;
  },

  async clear(db: SqlQueryable, principal: Principal, loginId: string): Promise<void> {
    await db.query('DELETE FROM login_failures WHERE principal = $1 AND login_id = $2', [principal, loginId]);
  },

  /**
   * Rows neither locked nor within a window of their last failure; an id that was locked
   * is remembered for MAX_LOCK_SECONDS after its last failure, so its next lock is longer.
   * Device rows alike. Returns how many went.
   */
  async pruneStale(db: SqlQueryable, windowS: number): Promise<number> {
    const ids = await db.query(
      `DELETE FROM login_failures
        WHERE last_failed_at < now() - make_interval(secs => CASE WHEN lock_count > 0 THEN $2::float8 ELSE $1::float8 END)
          AND (locked_until IS NULL OR locked_until < now())`,
      [windowS, MAX_LOCK_SECONDS],
    );
    const devices = await db.query(
      `DELETE FROM login_device_failures
        WHERE last_failed_at < now() - make_interval(secs => $1)
          AND (locked_until IS NULL OR locked_until < now())`,
      [windowS],
    );
    return ids.rowCount + devices.rowCount;
  },

  /* ---- trusted devices (a valid device cookie for the id): their own allowance ---- */

  /** The end of the device's own lock, if it is locked now. */
  async deviceLockedUntil(db: SqlQueryable, deviceId: string): Promise<Date | null> {
    const row = await db.maybeOne<{ lockedUntil: Date }>(
      `SELECT locked_until AS "lockedUntil" FROM login_device_failures
        WHERE device_id = $1 AND locked_until > now()`,
      [deviceId],
    );
    return row?.lockedUntil ?? null;
  },

  /** As recordFailure, for one device only; its locks do not grow (the owner's own typos). */
  async recordDeviceFailure(
    db: SqlQueryable,
    deviceId: string,
    principal: Principal,
    loginId: string,
    threshold: number,
    lockSeconds: number,
  ): Promise<Date | null> {
    const run = `CASE WHEN f.last_failed_at > now() - make_interval(secs => $5) THEN f.failed_count + 1 ELSE 1 END`;
    const row = await db.one<{ lockedUntil: Date | null }>(
      `INSERT INTO login_device_failures AS f (device_id, principal, login_id, failed_count, locked_until, last_failed_at)
       VALUES ($1, $2, $3, CASE WHEN 1 >= $4 THEN 0 ELSE 1 END,
               CASE WHEN 1 >= $4 THEN now() + make_interval(secs => $5) END, now())
       ON CONFLICT (device_id) DO UPDATE
         SET failed_count = CASE WHEN ${run} >= $4 THEN 0 ELSE ${run} END,
             locked_until = CASE WHEN ${run} >= $4 THEN now() + make_interval(secs => $5) ELSE f.locked_until END,
             last_failed_at = now()
       RETURNING locked_until AS "lockedUntil"`,
      [deviceId, principal, loginId, threshold, lockSeconds],
    );
    return row.lockedUntil && row.lockedUntil.getTime() > Date.now() ? row.lockedUntil : null;
  },

  async clearDevice(db: SqlQueryable, deviceId: string): Promise<void> {
    await db.query('DELETE FROM login_device_failures WHERE device_id = $1', [deviceId]);
  },
};

export type LoginFailuresRepository = typeof loginFailuresRepository;
