import { createHmac, randomBytes } from 'node:crypto';
import { compactVerify, errors as joseErrors, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_AUDIENCE, type Principal } from '@smartcare/contract/auth';
import { DomainError } from '../../lib/errors.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';

const secret = randomBytes(32).toString('base64url');
const key = new TextEncoder().encode(secret);
const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWS made by hand, so headers and claims can be anything an attacker might send. */
function jws(header: unknown, payload: unknown, options: { secret?: string; hash?: string } = {}): string {
  const signingInput = `${b64(header)}.${b64(payload)}`;
  const mac = createHmac(options.hash ?? 'sha256', options.secret ?? secret)
    .update(signingInput)
    .digest('base64url');
  return `${signingInput}.${mac}`;
}

const header = { alg: 'HS256', typ: 'at+jwt' };
/** The login the corpus tokens belong to: a live refresh-token family (inserted below). */
const SESSION = '0b6c1e9e-3a57-4a39-9f63-2f1d4c2a7b10';
const patientClaims = () => ({
  sid: SESSION,
  loginId: 'kim',
  sub: '7',
  iss: 'smartcare',
  aud: TOKEN_AUDIENCE.patient,
  iat: now(),
  jti: 'j1',
  exp: now() + 600,
});
const staffClaims = () => ({
  ...patientClaims(),
  aud: TOKEN_AUDIENCE.staff,
  hospitalIdx: 3,
  role: 'NURSE',
});

/**
 * The verifier as it was before it left WebCrypto: jose's jwtVerify with the same options,
 * and its expired-token rule. The fast one must decide exactly as this does.
 */
async function joseReference(token: string, expected?: Principal): Promise<string> {
  const claimsOf = (payload: Record<string, unknown>, principal: Principal | null) => {
    if (!principal) return null;
    const idx = Number(payload.sub);
    if (!Number.isInteger(idx) || typeof payload.loginId !== 'string' || typeof payload.exp !== 'number')
      return null;
    const sid = payload.sid as string;
    if (principal === 'patient') return { principal, idx, loginId: payload.loginId, exp: payload.exp, sid };
    if (typeof payload.hospitalIdx !== 'number' || typeof payload.role !== 'string') return null;
    return {
      principal,
      idx,
      loginId: payload.loginId,
      hospitalIdx: payload.hospitalIdx,
      role: payload.role,
      exp: payload.exp,
      sid,
    };
  };
  const principalOf = (aud: unknown): Principal | null => {
    const audience = Array.isArray(aud) ? (aud[0] as unknown) : aud;
    return (Object.keys(TOKEN_AUDIENCE) as Principal[]).find((p) => TOKEN_AUDIENCE[p] === audience) ?? null;
  };
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      typ: 'at+jwt',
      issuer: 'smartcare',
      audience: expected ? TOKEN_AUDIENCE[expected] : Object.values(TOKEN_AUDIENCE),
      requiredClaims: ['sub', 'exp'],
    });
    const claims = claimsOf(payload, principalOf(payload.aud));
    return claims ? `ok ${JSON.stringify(claims)}` : 'NOT_LOGGED_IN';
  } catch (error) {
    if (!(error instanceof joseErrors.JWTExpired)) return 'NOT_LOGGED_IN';
    if (!expected) return 'TOKEN_EXPIRED';
    try {
      const { payload, protectedHeader } = await compactVerify(token, key, { algorithms: ['HS256'] });
      if (protectedHeader.typ !== 'at+jwt') return 'NOT_LOGGED_IN';
      const claims = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
      if (claims.iss !== 'smartcare' || principalOf(claims.aud) !== expected) return 'NOT_LOGGED_IN';
      return claimsOf(claims, expected) ? 'TOKEN_EXPIRED' : 'NOT_LOGGED_IN';
    } catch {
      return 'NOT_LOGGED_IN';
    }
  }
}

describe('access-token verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { tokenSecret: secret } });
    await t.app.db.query(
      `INSERT INTO refresh_tokens (token_hash, family_id, principal, subject_idx, expires_at)
       VALUES ('corpus', $1, 'patient', 7, now() + interval '1 hour')`,
      [SESSION],
    );
  });
  afterAll(() => t.close());

  const outcome = async (token: string, expected?: Principal) => {
    try {
      return `ok ${JSON.stringify(await t.app.tokens.verifyAccessToken(token, expected))}`;
    } catch (error) {
      return error instanceof DomainError ? error.code : `unexpected ${String(error)}`;
    }
  };

  const valid = jws(header, patientClaims());
  const [validHeader, validPayload, validSignature] = valid.split('.') as [string, string, string];
  const corpus: Record<string, string> = {
    'patient token': valid,
    'staff token': jws(header, staffClaims()),
    'staff token without role': jws(header, { ...staffClaims(), role: undefined }),
    'patient token without loginId': jws(header, { ...patientClaims(), loginId: undefined }),
    'patient token with a kid header': jws({ ...header, kid: 'k1' }, patientClaims()),
    'expired patient token': jws(header, { ...patientClaims(), exp: now() - 5 }),
    'expired staff token': jws(header, { ...staffClaims(), exp: now() - 5 }),
    'expiring this second': jws(header, { ...patientClaims(), exp: now() }),
    'expired, without loginId': jws(header, { ...patientClaims(), loginId: undefined, exp: now() - 5 }),
    'expired, unknown audience': jws(header, { ...patientClaims(), aud: 'elsewhere', exp: now() - 5 }),
    'expired, typ in capitals': jws({ ...header, typ: 'AT+JWT' }, { ...patientClaims(), exp: now() - 5 }),
    'expired, audience list led by staff': jws(header, {
      ...staffClaims(),
      aud: [TOKEN_AUDIENCE.staff, TOKEN_AUDIENCE.patient],
      exp: now() - 5,
    }),
    'expired, wrong issuer': jws(header, { ...patientClaims(), iss: 'evil', exp: now() - 5 }),
    'alg none': `${b64({ alg: 'none', typ: 'at+jwt' })}.${validPayload}.`,
    'alg none with the real signature': `${b64({ alg: 'none', typ: 'at+jwt' })}.${validPayload}.${validSignature}`,
    'alg HS384': jws({ ...header, alg: 'HS384' }, patientClaims(), { hash: 'sha384' }),
    'alg hs256 lower case': jws({ ...header, alg: 'hs256' }, patientClaims()),
    'alg missing': jws({ typ: 'at+jwt' }, patientClaims()),
    'typ missing': jws({ alg: 'HS256' }, patientClaims()),
    'typ JWT': jws({ ...header, typ: 'JWT' }, patientClaims()),
    'typ in capitals': jws({ ...header, typ: 'AT+JWT' }, patientClaims()),
    'typ with media type prefix': jws({ ...header, typ: 'application/at+jwt' }, patientClaims()),
    'typ a number': jws({ ...header, typ: 1 }, patientClaims()),
    'crit naming exp': jws({ ...header, crit: ['exp'], exp: 1 }, patientClaims()),
    'iss missing': jws(header, { ...patientClaims(), iss: undefined }),
    'iss wrong': jws(header, { ...patientClaims(), iss: 'evil' }),
    'aud missing': jws(header, { ...patientClaims(), aud: undefined }),
    'aud unknown': jws(header, { ...patientClaims(), aud: 'elsewhere' }),
    'aud a number': jws(header, { ...patientClaims(), aud: 5 }),
    'aud list with patient': jws(header, { ...patientClaims(), aud: [TOKEN_AUDIENCE.patient] }),
    'aud list led by an unknown one': jws(header, {
      ...patientClaims(),
      aud: ['elsewhere', TOKEN_AUDIENCE.patient],
    }),
    'sub missing': jws(header, { ...patientClaims(), sub: undefined }),
    'sub not a number': jws(header, { ...patientClaims(), sub: 'abc' }),
    'sub a number': jws(header, { ...patientClaims(), sub: 7 }),
    'exp missing': jws(header, { ...patientClaims(), exp: undefined }),
    'exp a string': jws(header, { ...patientClaims(), exp: String(now() + 600) }),
    'nbf in the future': jws(header, { ...patientClaims(), nbf: now() + 60 }),
    'nbf in the past': jws(header, { ...patientClaims(), nbf: now() - 60 }),
    'nbf a string': jws(header, { ...patientClaims(), nbf: 'soon' }),
    'iat a string': jws(header, { ...patientClaims(), iat: 'now' }),
    'iat in the future': jws(header, { ...patientClaims(), iat: now() + 3600 }),
    'signed with another secret': jws(header, patientClaims(), { secret: 'another secret' }),
    'payload swapped after signing': `${validHeader}.${b64({ ...patientClaims(), sub: '8' })}.${validSignature}`,
    'signature truncated': `${validHeader}.${validPayload}.${validSignature.slice(0, 20)}`,
    'signature missing': `${validHeader}.${validPayload}.`,
    'two parts': `${validHeader}.${validPayload}`,
    'four parts': `${valid}.${validSignature}`,
    'header not JSON': `${Buffer.from('{oops').toString('base64url')}.${validPayload}.${validSignature}`,
    'payload a JSON array': jws(header, [patientClaims()]),
    'payload a JSON string': jws(header, 'claims'),
    'header a JSON array': jws([header], patientClaims()),
    'not base64url at all': 'this is.not a.token',
    'empty parts': '..',
  };

  it('decides every token of the corpus exactly as jose did', async () => {
    for (const [name, token] of Object.entries(corpus)) {
      for (const expected of ['patient', 'staff', undefined] as const) {
        expect(`${name} as ${expected ?? 'any'}: ${await outcome(token, expected)}`).toBe(
          `${name} as ${expected ?? 'any'}: ${await joseReference(token, expected)}`,
        );
      }
    }
  });

  it('the corpus reaches every outcome', async () => {
    const outcomes = new Set<string>();
    for (const token of Object.values(corpus)) outcomes.add((await outcome(token, 'patient')).split(' ')[0]!);
    expect([...outcomes].sort()).toEqual(['NOT_LOGGED_IN', 'TOKEN_EXPIRED', 'ok']);
  });

  it('is stricter than jose only where we never issue such a token', async () => {
    // jose accepts a recognised `crit` ("b64": true) and tolerates base64 padding; we refuse both.
    const withCrit = jws({ ...header, crit: ['b64'], b64: true }, patientClaims());
    expect(await joseReference(withCrit, 'patient')).toMatch(/^ok /);
    expect(await outcome(withCrit, 'patient')).toBe('NOT_LOGGED_IN');
    expect(await outcome(`${valid}=`, 'patient')).toBe('NOT_LOGGED_IN');
  });

  it('a token checked before is still held to its expiry and its audience on every call', async () => {
    const shortLived = jws(header, { ...patientClaims(), exp: now() + 1 });
    expect(await outcome(shortLived, 'patient')).toMatch(/^ok /);
    expect(await outcome(shortLived, 'staff')).toBe('NOT_LOGGED_IN');
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(await outcome(shortLived, 'patient')).toBe('TOKEN_EXPIRED');
    // The same claims under another signature are another token, checked afresh.
    const [h, p] = shortLived.split('.');
    expect(await outcome(`${h}.${p}.${validSignature}`, 'patient')).toBe('NOT_LOGGED_IN');
  });

  it('accepts the tokens the server issues, for their own principal only', async () => {
    const pair = await t.app.tokens.issuePair({ principal: 'patient', idx: 42, loginId: 'lee' });
    expect(await outcome(pair.accessToken, 'patient')).toMatch(/^ok .*"idx":42/);
    expect(await outcome(pair.accessToken, 'staff')).toBe('NOT_LOGGED_IN');
    expect(await outcome(pair.accessToken)).toBe(await joseReference(pair.accessToken));
  });

  it('names the login in the token, and a revoked login is refused at once (issue 10 point 13)', async () => {
    const pair = await t.app.tokens.issuePair({ principal: 'patient', idx: 43, loginId: 'park' });
    const claims = await t.app.tokens.verifyAccessToken(pair.accessToken, 'patient');
    expect(claims.sid).toMatch(/^[0-9a-f-]{36}$/);
    await t.app.tokens.revokeSession(claims.sid);
    expect(await outcome(pair.accessToken, 'patient')).toBe('NOT_LOGGED_IN');
    // A token from before sessions were named: the app refreshes into one that is.
    expect(await outcome(jws(header, { ...patientClaims(), sid: undefined }), 'patient')).toBe(
      'TOKEN_EXPIRED',
    );
    expect(await outcome(jws(header, { ...patientClaims(), sid: 'not-a-session' }), 'patient')).toBe(
      'NOT_LOGGED_IN',
    );
  });
});
