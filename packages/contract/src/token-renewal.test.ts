import { describe, expect, it } from 'vitest';
import { renewalDue, TOKEN_RENEWAL_MARGIN_MS, tokenRenewal } from './token-renewal.ts';

declare function btoa(data: string): string;

/** An unsigned JWT with these claims (only the payload is read). */
function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

describe('when an access token is renewed', () => {
  it('a 15-minute token is renewed 30 seconds before it runs out', () => {
    const iat = 1_800_000_000;
    const renewal = tokenRenewal(jwt({ iat, exp: iat + 900 }));
    expect(renewal).toEqual({
      expiresAt: (iat + 900) * 1000,
      renewAt: (iat + 900) * 1000 - TOKEN_RENEWAL_MARGIN_MS,
    });
  });

  it('a short-lived token is renewed at three quarters of its life, not straight away', () => {
    const renewal = tokenRenewal(jwt({ iat: 1_000, exp: 1_004 }));
    expect(renewal).toEqual({ expiresAt: 1_004_000, renewAt: 1_003_000 });
  });

  it('without iat the full margin applies', () => {
    expect(tokenRenewal(jwt({ exp: 2_000 }))?.renewAt).toBe(2_000_000 - TOKEN_RENEWAL_MARGIN_MS);
  });

  it('a token it cannot read has no renewal time and is never due (the broker judges it)', () => {
    for (const token of ['', 'not-a-jwt', 'a.%%%.c', jwt({ sub: 'x' })]) {
      expect(tokenRenewal(token)).toBeNull();
      expect(renewalDue(token, Number.MAX_SAFE_INTEGER)).toBe(false);
    }
  });

  it('is due from the renewal time on', () => {
    const token = jwt({ iat: 1_000, exp: 1_900 });
    const { renewAt } = tokenRenewal(token)!;
    expect(renewalDue(token, renewAt - 1)).toBe(false);
    expect(renewalDue(token, renewAt)).toBe(true);
  });
});
