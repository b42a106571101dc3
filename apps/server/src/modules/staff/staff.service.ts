import type { TokenPair } from '@smartcare/contract/auth';
import type { StaffProfile } from '@smartcare/contract/staff';
import type { Config } from '../../config.ts';
import { accountLocked, DomainError, notLoggedIn } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { Tokens } from '../../plugins/auth/tokens.ts';
import type { SqlQueryable } from '../../plugins/db/database.ts';
import { createStaffRepository } from './staff.repository.ts';

export interface StaffServiceDeps {
  db: SqlQueryable;
  tokens: Pick<Tokens, 'issuePair' | 'rotate'>;
  config: Pick<Config, 'loginLockThreshold' | 'loginLockSeconds'>;
}

export function createStaffService({ db, tokens, config }: StaffServiceDeps) {
  const staff = createStaffRepository(db);

  return {
    /** The same rules as the patient login: per-account lockout, the same answer for unknown ids. */
    async login(loginId: string, password: string): Promise<TokenPair> {
      const account = await staff.findCredentialsByLoginId(loginId);
      if (account?.lockedUntil && account.lockedUntil.getTime() > Date.now()) {
        throw accountLocked((account.lockedUntil.getTime() - Date.now()) / 1000);
      }
      const matches = await verifyPassword(account?.passwordHash, password);
      if (!account) throw new DomainError('BAD_CREDENTIALS');
      if (!matches) {
        const lockedUntil = await staff.recordFailedLogin(
          account.idx,
          config.loginLockThreshold,
          config.loginLockSeconds,
        );
        if (lockedUntil) throw accountLocked((lockedUntil.getTime() - Date.now()) / 1000);
        throw new DomainError('BAD_CREDENTIALS');
      }
      await staff.clearFailedLogins(account.idx);
      return tokens.issuePair({
        principal: 'staff',
        idx: account.idx,
        loginId: account.loginId,
        hospitalIdx: account.hospitalIdx,
        role: account.role,
      });
    },

    refresh(headers: {
      accessToken: string | undefined;
      refreshToken: string | undefined;
    }): Promise<TokenPair> {
      return tokens.rotate('staff', headers, async (idx) => {
        const account = await staff.findCredentialsByIdx(idx);
        return account
          ? {
              principal: 'staff',
              idx,
              loginId: account.loginId,
              hospitalIdx: account.hospitalIdx,
              role: account.role,
            }
          : null;
      });
    },

    async getMyData(idx: number): Promise<StaffProfile> {
      const profile = await staff.findProfile(idx);
      if (!profile) throw notLoggedIn();
      return profile;
    },
  };
}
