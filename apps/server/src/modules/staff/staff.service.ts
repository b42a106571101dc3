import type { TokenPair } from '@smartcare/contract/auth';
import type { StaffProfile } from '@smartcare/contract/staff';
import type { Config } from '../../config.ts';
import { notLoggedIn } from '../../lib/errors.ts';
import { attemptLogin } from '../../plugins/auth/login-attempt.ts';
import { createLoginFailuresRepository } from '../../plugins/auth/login-failures.repository.ts';
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
  const loginFailures = createLoginFailuresRepository(db);

  return {
    /**
     * The same rules as the patient login: failures counted per login id, known or not, so a
     * made-up id locks and answers exactly like a real one (decision 008).
     */
    async login(loginId: string, password: string): Promise<TokenPair> {
      const account = await attemptLogin({
        principal: 'staff',
        loginId,
        password,
        failures: loginFailures,
        config,
        findAccount: (id) => staff.findCredentialsByLoginId(id),
      });
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
