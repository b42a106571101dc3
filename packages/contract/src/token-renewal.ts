/**
 * When a client renews its access token. The broker ends a connection when the token it
 * was opened with runs out (brief §4), so both apps renew ahead of that by this one rule,
 * read from the token's own `iat` / `exp` claims (no signature check: the server judges it).
 * Zod-free, so the apps can import it without pulling schemas in.
 */

// The contract compiles with no DOM or Node types; both browsers and Node ≥ 16 have atob.
declare function atob(data: string): string;

/** Renew this long before expiry… */
export const TOKEN_RENEWAL_MARGIN_MS = 30_000;

export interface TokenRenewal {
  /** When the token runs out, epoch ms. */
  expiresAt: number;
  /** When to renew it, epoch ms: the margin before expiry, or at three quarters of a short life. */
  renewAt: number;
}

/** The renewal times of a JWT, or null when it is not one we can read. */
export function tokenRenewal(token: string): TokenRenewal | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: unknown;
      iat?: unknown;
    };
    if (typeof claims.exp !== 'number') return null;
    const expiresAt = claims.exp * 1000;
    // …but a short-lived token (a test server's) at three quarters of its life, not in a loop.
    const lifetime = typeof claims.iat === 'number' ? expiresAt - claims.iat * 1000 : Infinity;
    const margin = Math.min(TOKEN_RENEWAL_MARGIN_MS, Math.max(0, lifetime / 4));
    return { expiresAt, renewAt: expiresAt - margin };
  } catch {
    return null;
  }
}

/** Whether a token is due for renewal (false for one we cannot read: the broker judges it). */
export function renewalDue(token: string, now = Date.now()): boolean {
  const renewal = tokenRenewal(token);
  return renewal !== null && renewal.renewAt <= now;
}
