import type { Principal } from '@smartcare/contract/auth';
import type { Config } from '../../config.ts';
import { accountLocked, DomainError } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { LoginDevice } from './device-cookie.ts';
import type { SqlQueryable } from '../../plugins/db/database.ts';
import { loginFailuresRepository as failures } from './login-failures.repository.ts';

export interface LoginAttempt<Account extends { passwordHash: string | null }> {
  principal: Principal;
  loginId: string;
  password: string;
  db: SqlQueryable;
  config: Pick<Config, 'loginLockThreshold' | 'loginLockSeconds'>;
  /** The caller's device cookie (decision 013); without it every caller is an untrusted client. */
  device?: LoginDevice | undefined;
  findAccount(loginId: string): Promise<Account | null>;
  /** A wrong password for an account that exists (e.g. to audit it); unknown ids get none. */
  onWrongPassword?(account: Account): Promise<void>;
}

/**
 * One login attempt, the same for patients and staff (decision 013, replacing 008):
 *
 * - A trusted device (a valid device cookie for this login id) has its own allowance: its
 *   failures lock that device only, and a lock of the id by others never stops it, so the
 *   owner is not locked out by someone guessing their password elsewhere.
 * - Untrusted clients share one allowance per login id, counted whether or not an account
 *   has the id, so a made-up id locks and answers exactly like a real one; each further lock
 *   in a row lasts twice as long (progressive). The per-address budget is on the route.
 * - The password is hashed even for an unknown id, so timing tells nothing either.
 *
 * A successful login (re)issues the device cookie. Returns the account.
 */
export async function attemptLogin<Account extends { passwordHash: string | null }>(
  attempt: LoginAttempt<Account>,
): Promise<Account> {
  const { principal, loginId, db, config } = attempt;
  const deviceId = attempt.device?.trustedId(loginId) ?? null;
  const lockedUntil = deviceId
    ? await failures.deviceLockedUntil(db, deviceId)
    : await failures.lockedUntil(db, principal, loginId);
  if (lockedUntil) throw accountLocked((lockedUntil.getTime() - Date.now()) / 1000);
  const account = await attempt.findAccount(loginId);
  const matches = await verifyPassword(account?.passwordHash, attempt.password);
  if (!account || !matches) {
    const { loginLockThreshold: threshold, loginLockSeconds: lockSeconds } = config;
    const nowLocked = deviceId
      ? await failures.recordDeviceFailure(db, deviceId, principal, loginId, threshold, lockSeconds)
      : await failures.recordFailure(db, principal, loginId, threshold, lockSeconds);
    if (account) await attempt.onWrongPassword?.(account);
    if (nowLocked) throw accountLocked((nowLocked.getTime() - Date.now()) / 1000);
    throw new DomainError('BAD_CREDENTIALS');
  }
  // A trusted device's success says nothing about the guesses of untrusted clients: their
  // count stays. An untrusted success is the owner on a new device: start afresh.
  if (deviceId) await failures.clearDevice(db, deviceId);
  else await failures.clear(db, principal, loginId);
  attempt.device?.remember(loginId, deviceId);
  return account;
}
