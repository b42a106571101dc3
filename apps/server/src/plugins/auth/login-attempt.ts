import type { Principal } from '@smartcare/contract/auth';
import type { Config } from '../../config.ts';
import { accountLocked, DomainError } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { LoginFailuresRepository } from './login-failures.repository.ts';

export interface LoginAttempt<Account extends { passwordHash: string | null }> {
  principal: Principal;
  loginId: string;
  password: string;
  failures: LoginFailuresRepository;
  config: Pick<Config, 'loginLockThreshold' | 'loginLockSeconds'>;
  findAccount(loginId: string): Promise<Account | null>;
  /** A wrong password for an account that exists (e.g. to audit it); unknown ids get none. */
  onWrongPassword?(account: Account): Promise<void>;
}

/**
 * One login attempt under the per-login-id lockout (decision 008), the same for patients and
 * staff: a locked id is refused before any password check; failures count whether or not an
 * account has the id, so a made-up id locks and answers exactly like a real one; the password
 * is hashed even for an unknown id, so timing tells nothing either. Returns the account.
 */
export async function attemptLogin<Account extends { passwordHash: string | null }>(
  attempt: LoginAttempt<Account>,
): Promise<Account> {
  const { principal, loginId, failures, config } = attempt;
  const lockedUntil = await failures.lockedUntil(principal, loginId);
  if (lockedUntil) throw accountLocked((lockedUntil.getTime() - Date.now()) / 1000);
  const account = await attempt.findAccount(loginId);
  const matches = await verifyPassword(account?.passwordHash, attempt.password);
  if (!account || !matches) {
    const nowLocked = await failures.recordFailure(
      principal,
      loginId,
      config.loginLockThreshold,
      config.loginLockSeconds,
    );
    if (account) await attempt.onWrongPassword?.(account);
    if (nowLocked) throw accountLocked((nowLocked.getTime() - Date.now()) / 1000);
    throw new DomainError('BAD_CREDENTIALS');
  }
  await failures.clear(principal, loginId);
  return account;
}
