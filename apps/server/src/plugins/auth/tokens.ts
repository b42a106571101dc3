import {
  createHash,
  createHmac,
  createSecretKey,
  randomBytes,
  randomUUID,
  timingSafeEqual,
} from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { compactVerify, SignJWT } from 'jose';
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
/**
 * What a verified access token says; `exp` in seconds since the epoch. `sid` is the login
 * (the refresh-token family) it belongs to: revoking that family refuses the token at once.
 */
export type AccessClaims = Subject & { exp: number; sid: string };

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
  /** Ends one login (logout): its refresh tokens, and its access tokens from this moment. */
  revokeSession(sessionId: string): Promise<void>;
  /** Whether a login is still on; cached for `sessionRecheckS` (decision 012). */
  isSessionLive(sessionId: string): Promise<boolean>;
  /** The same for many logins at once (the broker's periodic check): those no longer live. */
  endedSessionsAmong(sessionIds: readonly string[]): Promise<string[]>;
  /** Told the logins this process has just ended (the broker closes their connections). */
  onSessionsRevoked(listener: (sessionIds: readonly string[]) => void): void;
  /** Deletes refresh tokens expired more than `days` ago; returns how many. */
  pruneExpired(days: number): Promise<number>;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const refreshFailed = () => new DomainError('REFRESH_FAILED');

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The claims; `sid` is '' in a token issued before sessions were named (refused as expired). */
function claimsFrom(payload: Record<string, unknown>, principal: Principal): AccessClaims | null {
  const idx = Number(payload.sub);
  const loginId = payload.loginId;
  const exp = payload.exp;
  const sid = payload.sid === undefined ? '' : payload.sid;
  if (!Number.isInteger(idx) || typeof loginId !== 'string' || typeof exp !== 'number') return null;
  if (typeof sid !== 'string' || (sid !== '' && !SESSION_ID.test(sid))) return null;
  if (principal === 'patient') return { principal, idx, loginId, exp, sid };
  const { hospitalIdx, role } = payload;
  if (typeof hospitalIdx !== 'number' || typeof role !== 'string') return null;
  return { principal, idx, loginId, hospitalIdx, role: role as StaffRole, exp, sid };
}

/** jose's rule for `typ`: case-insensitive, `application/` implied (RFC 7515 §4.1.9). */
const normalizeTyp = (typ: string) =>
  typ.includes('/') ? typ.toLowerCase() : `application/${typ.toLowerCase()}`;
const EXPECTED_TYP = normalizeTyp(ACCESS_TYP);
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

function decodeJsonPart(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(strictUtf8.decode(Buffer.from(part, 'base64url')));
    return isPlainObject(value) ? value : null;
  } catch {
    return null;
  }
}

type AccessCheck =
  | { outcome: 'invalid' }
  | { outcome: 'valid' | 'expired'; header: Record<string, unknown>; payload: Record<string, unknown> };

interface SignedParts {
  header: Readonly<Record<string, unknown>>;
  payload: Readonly<Record<string, unknown>>;
}

/*
 * The access-token check, done synchronously with node:crypto: jose's `jwtVerify` goes
 * through WebCrypto (a key import and a thread-pool job per call, about ten times the
 * cost of the HMAC itself) and was a tenth of the CPU of an authenticated request. The
 * checks and their order are jose's for the options the previous code passed
 * (`algorithms: ['HS256']`, `typ`, `issuer`, `audience`, `requiredClaims: ['sub', 'exp']`,
 * no clock tolerance), stricter where jose is lenient: each part must be plain base64url,
 * and a `crit` or `b64` header is refused (we never issue one). `tokens.test.ts` compares
 * this with jose on a corpus of good, forged and malformed tokens.
 */

/**
 * The signature half of the check: form, algorithm, HMAC, JSON. It depends on the token
 * and the key only, so its result for a token string can be remembered (below).
 */
function verifySignedParts(token: string, key: KeyObject): SignedParts | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) return null;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeJsonPart(headerPart);
  if (!header || 'crit' in header || 'b64' in header) return null;
  if (header.alg !== ALGORITHM) return null;
  const expected = createHmac('sha256', key).update(`${headerPart}.${payloadPart}`, 'ascii').digest();
  const signature = Buffer.from(signaturePart, 'base64url');
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  const payload = decodeJsonPart(payloadPart);
  return payload ? { header: Object.freeze(header), payload: Object.freeze(payload) } : null;
}

/** The claims half, run on every call: it depends on the expected audience and the clock. */
function checkClaims({ header, payload }: SignedParts, audiences: readonly string[]): AccessCheck {
  if (typeof header.typ !== 'string' || normalizeTyp(header.typ) !== EXPECTED_TYP)
    return { outcome: 'invalid' };
  for (const claim of ['iss', 'aud', 'exp', 'sub'])
    if (!Object.hasOwn(payload, claim)) return { outcome: 'invalid' };
  if (payload.iss !== ISSUER) return { outcome: 'invalid' };
  const { aud } = payload;
  const audienceMatches =
    typeof aud === 'string'
      ? audiences.includes(aud)
      : Array.isArray(aud) && audiences.some((audience) => aud.includes(audience));
  if (!audienceMatches) return { outcome: 'invalid' };
  const now = Math.floor(Date.now() / 1000);
  if (payload.iat !== undefined && typeof payload.iat !== 'number') return { outcome: 'invalid' };
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now))
    return { outcome: 'invalid' };
  if (typeof payload.exp !== 'number') return { outcome: 'invalid' };
  return { outcome: payload.exp <= now ? 'expired' : 'valid', header, payload };
}

/** Signed tokens remembered at most; the oldest is forgotten first. */
export const VERIFIED_TOKEN_CACHE_SIZE = 10_000;
/** Logins whose state is remembered at most. */
export const SESSION_CACHE_SIZE = 10_000;

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
  /**
   * How long this process trusts what it last read about a login (decision 012): the bound
   * on how late it notices a logout made by another process. Its own revocations are at once.
   */
  sessionRecheckS?: number;
}): Tokens {
  const key = new TextEncoder().encode(options.secret);
  const hmacKey = createSecretKey(key);
  const allAudiences = Object.values(TOKEN_AUDIENCE);
  // A client sends the same token with every call for its whole life: its signature is
  // checked once (only tokens that passed are kept; the claims are checked on every call).
  const verified = new Map<string, SignedParts>();
  const signedPartsOf = (token: string): SignedParts | null => {
    const known = verified.get(token);
    if (known) return known;
    const parts = verifySignedParts(token, hmacKey);
    if (parts) {
      verified.set(token, parts);
      if (verified.size > VERIFIED_TOKEN_CACHE_SIZE) verified.delete(verified.keys().next().value!);
    }
    return parts;
  };
  const refreshTokens = createRefreshTokensRepository();

  const recheckMs = (options.sessionRecheckS ?? 5) * 1000;
  const sessions = new Map<string, { live: boolean; checkedAt: number }>();
  const sessionReads = new Map<string, Promise<boolean>>();
  const revokedListeners: ((sessionIds: readonly string[]) => void)[] = [];
  function remember(sessionId: string, live: boolean) {
    sessions.delete(sessionId);
    sessions.set(sessionId, { live, checkedAt: Date.now() });
    if (sessions.size > SESSION_CACHE_SIZE) sessions.delete(sessions.keys().next().value!);
  }
  /** Marked here before the revoking transaction commits: refusing early is the safe side. */
  function revoked(sessionIds: readonly string[]) {
    if (sessionIds.length === 0) return;
    for (const sessionId of sessionIds) remember(sessionId, false);
    for (const listener of revokedListeners) listener(sessionIds);
  }
  async function endedSessionsAmong(sessionIds: readonly string[]): Promise<string[]> {
    // Answered from what this process knows when fresh; everything else in one statement.
    const now = Date.now();
    const stale = sessionIds.filter((id) => {
      const known = sessions.get(id);
      return !known || now - known.checkedAt >= recheckMs;
    });
    if (stale.length > 0) {
      const live = await refreshTokens.liveFamilies(options.db, stale);
      for (const id of stale) {
        // A revocation made here while the read was running wins.
        if (sessions.get(id)?.live !== false || !live.has(id)) remember(id, live.has(id));
      }
    }
    return sessionIds.filter((id) => sessions.get(id)?.live === false);
  }

  function isSessionLive(sessionId: string): Promise<boolean> {
    const known = sessions.get(sessionId);
    if (known && Date.now() - known.checkedAt < recheckMs) return Promise.resolve(known.live);
    let read = sessionReads.get(sessionId);
    if (!read) {
      read = refreshTokens.familyLive(options.db, sessionId).then(
        (live) => {
          sessionReads.delete(sessionId);
          // A revocation that happened while the read was running wins.
          const now = sessions.get(sessionId);
          if (!now || now.live || now === known) remember(sessionId, live);
          return sessions.get(sessionId)!.live;
        },
        (error: unknown) => {
          sessionReads.delete(sessionId);
          throw error;
        },
      );
      sessionReads.set(sessionId, read);
    }
    return read;
  }

  async function signAccess(subject: Subject, sessionId: string): Promise<string> {
    const extra =
      subject.principal === 'staff' ? { hospitalIdx: subject.hospitalIdx, role: subject.role } : {};
    return new SignJWT({ loginId: subject.loginId, sid: sessionId, ...extra })
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
      const signed = signedPartsOf(token);
      if (!signed) throw notLoggedIn();
      const check = checkClaims(signed, expected ? [TOKEN_AUDIENCE[expected]] : allAudiences);
      if (check.outcome === 'invalid') throw notLoggedIn();
      const principal = principalOfAudience(check.payload.aud);
      if (check.outcome === 'expired') {
        // An expired token of the wrong kind is still the wrong kind (the refresh path's rules).
        if (
          expected &&
          (check.header.typ !== ACCESS_TYP || principal !== expected || !claimsFrom(check.payload, expected))
        )
          throw notLoggedIn();
        throw tokenExpired();
      }
      const claims = principal ? claimsFrom(check.payload, principal) : null;
      if (!claims) throw notLoggedIn();
      // Issued before tokens named their login: the app refreshes into one that does.
      if (claims.sid === '') throw tokenExpired();
      if (!(await isSessionLive(claims.sid))) throw notLoggedIn();
      return claims;
    },

    async issuePair(subject) {
      const familyId = randomUUID();
      const refreshToken = await newRefreshToken(options.db, subject, familyId, null);
      return { accessToken: await signAccess(subject, familyId), refreshToken };
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
          revoked([row.family_id]);
          return { kind: 'reused' as const };
        }
        if (row.expires_at.getTime() <= Date.now() || !subject) {
          await refreshTokens.revokeFamily(tx, row.family_id);
          revoked([row.family_id]);
          return { kind: 'failed' as const };
        }
        await refreshTokens.markRotated(tx, row.idx);
        const refreshToken = await newRefreshToken(tx, subject, row.family_id, row.idx);
        return { kind: 'rotated' as const, refreshToken, familyId: row.family_id };
      });
      if (outcome.kind === 'reused') throw new DomainError('REFRESH_TOKEN_REUSED');
      if (outcome.kind === 'failed') throw refreshFailed();
      return {
        accessToken: await signAccess(subject!, outcome.familyId),
        refreshToken: outcome.refreshToken,
      };
    },

    async revokeAllOf(principal, subjectIdx, db = options.db) {
      revoked(await refreshTokens.revokeAllOf(db, principal, subjectIdx));
    },

    async revokeSession(sessionId) {
      if (!SESSION_ID.test(sessionId)) return;
      await refreshTokens.revokeFamily(options.db, sessionId);
      revoked([sessionId]);
    },

    isSessionLive,
    endedSessionsAmong,

    onSessionsRevoked(listener) {
      revokedListeners.push(listener);
    },

    pruneExpired(days) {
      return refreshTokens.deleteExpiredBefore(options.db, days);
    },
  };
}
