import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { compactVerify, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { TOKEN_AUDIENCE, type Principal, type TokenPair } from '@smartcare/contract/auth';
import type { StaffRole } from '@smartcare/contract/staff';
import { DomainError, notLoggedIn, tokenExpired } from '../../lib/errors.ts';
import type { Database, SqlQueryable } from '../db/database.ts';
import { createRefreshTokensRepository } from './refresh-tokens.repository.ts';

/** RFC 9068 access-token type; `aud` names the principal (RFC 8725: one kind never passes as another). */
const ACCESS_TYP = 'at+jwt';
const ISSUER = 'smartcare';
const ALGORITHM = 'HS256';

export interface PatientSubject {
  principal: 'patient';
  idx: number;
  loginId: string;
}
export interface StaffSubject {
  principal: 'staff';
  idx: number;
  loginId: string;
  hospitalIdx: number;
  role: StaffRole;
}
export type Subject = PatientSubject | StaffSubject;
/** What a verified access token says; `exp` in seconds since the epoch. */
export type AccessClaims = Subject & { exp: number };

export interface Tokens {
  verifyAccessToken(token: string, expected?: Principal): Promise<AccessClaims>;
  issuePair(subject: Subject): Promise<TokenPair>;
  /**
   * Exchanges a refresh token for a new pair. `loadSubject` re-reads the account so a
   * deleted or changed one cannot refresh into stale claims.
   */
  rotate(
    principal: Principal,
    headers: { accessToken: string | undefined; refreshToken: string | undefined },
    loadSubject: (idx: number) => Promise<Subject | null>,
  ): Promise<TokenPair>;
  revokeAllOf(principal: Principal, subjectIdx: number, db?: SqlQueryable): Promise<void>;
  /** Deletes refresh tokens expired more than `days` ago; returns how many. */
  pruneExpired(days: number): Promise<number>;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const refreshFailed = () => new DomainError('REFRESH_FAILED');

function claimsFrom(payload: Record<string, unknown>, principal: Principal): AccessClaims | null {
  const idx = Number(payload.sub);
  const loginId = payload.loginId;
  const exp = payload.exp;
  if (!Number.isInteger(idx) || typeof loginId !== 'string' || typeof exp !== 'number') return null;
  if (principal === 'patient') return { principal, idx, loginId, exp };
  const { hospitalIdx, role } = payload;
  if (typeof hospitalIdx !== 'number' || typeof role !== 'string') return null;
  return { principal, idx, loginId, hospitalIdx, role: role as StaffRole, exp };
}

function principalOfAudience(aud: unknown): Principal | null {
  const audience = Array.isArray(aud) ? aud[0] : aud;
  for (const principal of Object.keys(TOKEN_AUDIENCE) as Principal[]) {
    if (TOKEN_AUDIENCE[principal] === audience) return principal;
  }
  return null;
}

export function createTokens(options: {
  secret: string;
  accessTtlS: number;
  refreshTtlS: number;
  db: Database;
}): Tokens {
  const key = new TextEncoder().encode(options.secret);
  const refreshTokens = createRefreshTokensRepository();

  async function signAccess(subject: Subject): Promise<string> {
    const extra =
      subject.principal === 'staff' ? { hospitalIdx: subject.hospitalIdx, role: subject.role } : {};
    return new SignJWT({ loginId: subject.loginId, ...extra })
      .setProtectedHeader({ alg: ALGORITHM, typ: ACCESS_TYP })
      .setSubject(String(subject.idx))
      .setIssuer(ISSUER)
      .setAudience(TOKEN_AUDIENCE[subject.principal])
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(Math.floor(Date.now() / 1000) + options.accessTtlS)
      .sign(key);
  }

  async function newRefreshToken(
    db: SqlQueryable,
    subject: Subject,
    familyId: string,
    parentIdx: number | null,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await refreshTokens.insert(db, {
      tokenHash: hashToken(token),
      familyId,
      parentIdx,
      principal: subject.principal,
      subjectIdx: subject.idx,
      ttlS: options.refreshTtlS,
    });
    return token;
  }

  /** Checks signature, algorithm, type, issuer and audience but not expiry (refresh may carry an expired one). */
  async function verifyIgnoringExpiry(token: string, principal: Principal): Promise<AccessClaims | null> {
    try {
      const { payload, protectedHeader } = await compactVerify(token, key, { algorithms: [ALGORITHM] });
      if (protectedHeader.typ !== ACCESS_TYP) return null;
      const claims = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
      if (claims.iss !== ISSUER || principalOfAudience(claims.aud) !== principal) return null;
      return claimsFrom(claims, principal);
    } catch {
      return null;
    }
  }

  return {
    async verifyAccessToken(token, expected) {
      if (!token) throw notLoggedIn();
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          typ: ACCESS_TYP,
          issuer: ISSUER,
          audience: expected ? TOKEN_AUDIENCE[expected] : Object.values(TOKEN_AUDIENCE),
          requiredClaims: ['sub', 'exp'],
        });
        const principal = principalOfAudience(payload.aud);
        const claims = principal ? claimsFrom(payload, principal) : null;
        if (!claims) throw notLoggedIn();
        return claims;
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) {
          // An expired token of the wrong kind is still the wrong kind.
          const claims = expected ? await verifyIgnoringExpiry(token, expected) : null;
          if (expected && !claims) throw notLoggedIn();
          throw tokenExpired();
        }
        if (error instanceof DomainError) throw error;
        throw notLoggedIn();
      }
    },

    async issuePair(subject) {
      const refreshToken = await newRefreshToken(options.db, subject, randomUUID(), null);
      return { accessToken: await signAccess(subject), refreshToken };
    },

    async rotate(principal, headers, loadSubject) {
      if (!headers.accessToken || !headers.refreshToken) throw refreshFailed();
      const access = await verifyIgnoringExpiry(headers.accessToken, principal);
      if (!access) throw refreshFailed();
      const subject = await loadSubject(access.idx);
      const outcome = await options.db.transaction(async (tx) => {
        const row = await refreshTokens.findForUpdate(tx, hashToken(headers.refreshToken!));
        if (!row || row.principal !== principal || row.subject_idx !== access.idx)
          return { kind: 'failed' as const };
        if (row.revoked_at) return { kind: 'failed' as const };
        if (row.rotated_at) {
          // A rotated token came back: someone holds a copy. End the whole login (RFC 9700 §4.14).
          await refreshTokens.revokeFamily(tx, row.family_id);
          return { kind: 'reused' as const };
        }
        if (row.expires_at.getTime() <= Date.now() || !subject) {
          await refreshTokens.revokeFamily(tx, row.family_id);
          return { kind: 'failed' as const };
        }
        await refreshTokens.markRotated(tx, row.idx);
        const refreshToken = await newRefreshToken(tx, subject, row.family_id, row.idx);
        return { kind: 'rotated' as const, refreshToken };
      });
      if (outcome.kind === 'reused') throw new DomainError('REFRESH_TOKEN_REUSED');
      if (outcome.kind === 'failed') throw refreshFailed();
      return { accessToken: await signAccess(subject!), refreshToken: outcome.refreshToken };
    },

    async revokeAllOf(principal, subjectIdx, db = options.db) {
      await refreshTokens.revokeAllOf(db, principal, subjectIdx);
    },

    pruneExpired(days) {
      return refreshTokens.deleteExpiredBefore(options.db, days);
    },
  };
}
