import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { notLoggedIn } from '../../lib/errors.ts';
import { resolveTokenSecret } from './token-secret.ts';
import { createTokens, type AccessClaims, type Tokens } from './tokens.ts';

export type { AccessClaims, Subject, PatientSubject, StaffSubject, Tokens } from './tokens.ts';

/**
 * Who may call a route: set per route as `config: { auth: 'patient' }`; default 'none'.
 * 'any' takes either kind of token (e.g. chat history, read by both sides under one ACL).
 */
export type RouteAuth = 'patient' | 'staff' | 'any' | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    /** The verified access token of a route with `config.auth`; null on public routes. */
    principal: AccessClaims | null;
  }
  interface FastifyInstance {
    tokens: Tokens;
  }
}

export const REFRESH_TOKEN_PRUNE_JOB = 'auth.pruneExpiredRefreshTokens';

export interface AuthPluginOptions {
  config: Pick<Config, 'tokenSecret' | 'dataDir' | 'accessTokenTtlS' | 'refreshTokenTtlS'> &
    Partial<Pick<Config, 'sessionRecheckS'>>;
}

/** Spec §6: authenticated calls send `Authorization: Bearer <accessToken>`. */
function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export const authPlugin = fp<AuthPluginOptions>(
  async (app, { config }) => {
    const secret = await resolveTokenSecret(config, app.db);
    const tokens = createTokens({
      secret,
      accessTtlS: config.accessTokenTtlS,
      refreshTtlS: config.refreshTokenTtlS,
      db: app.db,
      ...(config.sessionRecheckS ? { sessionRecheckS: config.sessionRecheckS } : {}),
    });
    app.decorate('tokens', tokens);
    // Long-expired refresh tokens prove nothing any more (reuse is detected within a family's life).
    app.jobs.register({ name: REFRESH_TOKEN_PRUNE_JOB, run: () => tokens.pruneExpired(30) });
    app.decorateRequest('principal', null);

    app.addHook('onRequest', async (request) => {
      const auth = request.routeOptions.config.auth ?? 'none';
      if (auth === 'none') return;
      const token = bearerOf(request);
      if (!token) throw notLoggedIn();
      request.principal = await tokens.verifyAccessToken(token, auth === 'any' ? undefined : auth);
    });
  },
  { name: 'auth', dependencies: ['db', 'jobs'] },
);

/** The calling patient on a `config: { auth: 'patient' }` route. */
export function patientOf(request: FastifyRequest): Extract<AccessClaims, { principal: 'patient' }> {
  const principal = request.principal;
  if (principal?.principal !== 'patient') throw notLoggedIn();
  return principal;
}

/** The calling staff member on a `config: { auth: 'staff' }` route. */
export function staffOf(request: FastifyRequest): Extract<AccessClaims, { principal: 'staff' }> {
  const principal = request.principal;
  if (principal?.principal !== 'staff') throw notLoggedIn();
  return principal;
}
