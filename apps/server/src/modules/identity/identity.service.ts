import type { Principal, TokenPair } from '@smartcare/contract/auth';
import type { StaffRole } from '@smartcare/contract/staff';
import type { Config } from '../../config.ts';
import type { Audit } from '../../plugins/audit.plugin.ts';
import type { Tokens } from '../../plugins/auth/tokens.ts';
import type { SqlQueryable } from '../../plugins/db/database.ts';
import type { LoginDevice } from './device-cookie.ts';
import { attemptLogin } from './login-attempt.ts';
import { loginFailuresRepository as repo } from './login-failures.repository.ts';

export interface LoginThrottleDeps {
  db: SqlQueryable;
  config: Pick<Config, 'loginLockSeconds'>;
}

/**
 * Failed-login counts (decision 013), on their own so the patient module can clear them when
 * the owner proves who they are (password reset) without depending on the identity service.
 */
export function createLoginThrottle({ db, config }: LoginThrottleDeps) {
  return {
    /** Earlier wrong guesses no longer count against this id (inside the caller's transaction). */
    forget(principal: Principal, loginId: string, tx: SqlQueryable): Promise<void> {
      return repo.clear(tx, principal, loginId);
    },
    /** One pass of the pruning job: failure counts past their window, on known and unknown ids alike. */
    prune(): Promise<number> {
      return repo.pruneStale(db, config.loginLockSeconds);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/** How identity finds an account: the patient and staff modules own their accounts. */
export interface AccountLookup<Account> {
  credentialsByLoginId(loginId: string): Promise<Account | null>;
  credentialsByIdx(idx: number): Promise<Account | null>;
}

export interface IdentityServiceDeps {
  /** Failed-login counts are read and written here (login-failures.repository.ts). */
  db: SqlQueryable;
  tokens: Pick<Tokens, 'issuePair' | 'rotate' | 'revokeSession'>;
  audit: Pick<Audit, 'record'>;
  config: Pick<Config, 'loginLockThreshold' | 'loginLockSeconds'>;
  accounts: {
    patient: AccountLookup<{ idx: number; loginId: string; passwordHash: string | null }>;
    staff: AccountLookup<{
      idx: number;
      loginId: string;
      passwordHash: string;
      hospitalIdx: number;
      role: StaffRole;
    }>;
  };
}

export interface RefreshHeaders {
  accessToken: string | undefined;
  refreshToken: string | undefined;
}

/**
 * Who is calling (issue 11): patient and staff login with the same throttling (decision 013),
 * token issue and refresh, and logout. Verifying tokens on requests stays in plugins/auth.
 */
export function createIdentityService(deps: IdentityServiceDeps) {
  const { db, tokens, audit, config, accounts } = deps;
  const asPatient = (idx: number) => ({ actorType: 'patient' as const, actorIdx: idx, patientIdx: idx });

  return {
    /**
     * Spec §7 login / iosLogin. A device that logged in before has its own allowance;
     * untrusted clients are counted per login id, known or not, with growing locks
     * (decision 013); per-address limits on the route.
     */
    async patientLogin(loginId: string, password: string, device?: LoginDevice): Promise<TokenPair> {
      const account = await attemptLogin({
        principal: 'patient',
        loginId,
        password,
        device,
        db,
        config,
        findAccount: (id) => accounts.patient.credentialsByLoginId(id),
        onWrongPassword: (known) =>
          audit.record({
            ...asPatient(known.idx),
            actorType: 'system',
            actorIdx: null,
            action: 'patient.loginFailed',
          }),
      });
      await audit.record({ ...asPatient(account.idx), action: 'patient.login' });
      return tokens.issuePair({ principal: 'patient', idx: account.idx, loginId: account.loginId });
    },

    patientRefresh(headers: RefreshHeaders): Promise<TokenPair> {
      return tokens.rotate('patient', headers, async (idx) => {
        const account = await accounts.patient.credentialsByIdx(idx);
        return account ? { principal: 'patient', idx, loginId: account.loginId } : null;
      });
    },

    /**
     * The same rules as the patient login (decision 013): the ward PC the nurse logged in
     * from keeps its own allowance; untrusted clients are counted per login id, known or not.
     */
    async staffLogin(loginId: string, password: string, device?: LoginDevice): Promise<TokenPair> {
      const account = await attemptLogin({
        principal: 'staff',
        loginId,
        password,
        device,
        db,
        config,
        findAccount: (id) => accounts.staff.credentialsByLoginId(id),
        // Who tried to get into the console, for the audit trail (issue 10 point 18).
        onWrongPassword: (known) =>
          audit.record({
            actorType: 'system',
            actorIdx: null,
            action: 'staff.loginFailed',
            patientIdx: null,
            detail: { staffIdx: known.idx },
          }),
      });
      await audit.record({
        actorType: 'staff',
        actorIdx: account.idx,
        action: 'staff.login',
        patientIdx: null,
        detail: { hospitalIdx: account.hospitalIdx },
      });
      return tokens.issuePair({
        principal: 'staff',
        idx: account.idx,
        loginId: account.loginId,
        hospitalIdx: account.hospitalIdx,
        role: account.role,
      });
    },

    staffRefresh(headers: RefreshHeaders): Promise<TokenPair> {
      return tokens.rotate('staff', headers, async (idx) => {
        const account = await accounts.staff.credentialsByIdx(idx);
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

    // issue 12 — Kakao login (decision 016): the same lockout, audit and tokens as the password login
    /**
     * The password proof before a Kakao account is linked: the same throttling as the login
     * (decision 013), so linking is no way around a lock. Returns the account; issues nothing.
     */
    provePatientPassword(loginId: string, password: string, device?: LoginDevice) {
      return attemptLogin({
        principal: 'patient',
        loginId,
        password,
        device,
        db,
        config,
        findAccount: (id) => accounts.patient.credentialsByLoginId(id),
        onWrongPassword: (known) =>
          audit.record({
            ...asPatient(known.idx),
            actorType: 'system',
            actorIdx: null,
            action: 'patient.loginFailed',
            detail: { via: 'kakaoLink' },
          }),
      });
    },

    /** A patient another way of logging in has identified (Kakao): the password login's tokens. */
    async patientLoginVia(account: { idx: number; loginId: string }, via: 'kakao'): Promise<TokenPair> {
      await audit.record({ ...asPatient(account.idx), action: 'patient.login', detail: { via } });
      return tokens.issuePair({ principal: 'patient', idx: account.idx, loginId: account.loginId });
    },

    /** Ends one login (decision 012): its refresh family, its access tokens and its broker connections. */
    /** Ends one login; its end is part of the record, like its start (patient.login, staff.login). */
    async logout(who: { principal: 'patient' | 'staff'; idx: number; sid: string }): Promise<void> {
      await tokens.revokeSession(who.sid);
      await audit.record({
        actorType: who.principal,
        actorIdx: who.idx,
        action: `${who.principal}.logout`,
        patientIdx: who.principal === 'patient' ? who.idx : null,
      });
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
