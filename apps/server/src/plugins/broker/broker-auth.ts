import { DomainError } from '../../lib/errors.ts';
import type { Tokens } from '../auth/auth.plugin.ts';
import type { AccessTokenCheck } from './broker.plugin.ts';

/**
 * The broker's view of an access token (brief §4: password = access token). The same
 * verifier as the REST routes; an expired token is told apart so the CONNACK says so.
 */
export function brokerTokenCheck(tokens: Pick<Tokens, 'verifyAccessToken'>) {
  return async (token: string): Promise<AccessTokenCheck> => {
    try {
      const claims = await tokens.verifyAccessToken(token);
      const principal =
        claims.principal === 'patient'
          ? { kind: 'patient' as const, idx: claims.idx, loginId: claims.loginId }
          : {
              kind: 'staff' as const,
              idx: claims.idx,
              loginId: claims.loginId,
              hospitalIdx: claims.hospitalIdx,
            };
      return { ok: true, principal, expiresAt: claims.exp * 1000, sessionId: claims.sid };
    } catch (error) {
      if (error instanceof DomainError)
        return { ok: false, reason: error.code === 'TOKEN_EXPIRED' ? 'expired' : 'invalid' };
      throw error;
    }
  };
}
