import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { IncomingMessage } from 'node:http';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { API_PREFIX } from '@smartcare/contract/api-paths';
import type { Config } from '../config.ts';
import { rateLimited } from '../lib/errors.ts';

export interface SecurityPluginOptions {
  config: Pick<Config, 'corsOrigins' | 'loginRateLimitPerMin'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * One per-address budget shared by every login route (patient, iOS, staff), so an
     * attacker cannot multiply their tries by switching routes. Use as `onRequest`.
     */
    loginRateLimit: preHandlerAsyncHookHandler;
  }
}

/** Only a plain host[:port] may be echoed into the CSP, never whatever the client sent. */
function selfSocketSources(req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  return /^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(host) ? `ws://${host} wss://${host}` : '';
}

/**
 * Security headers with a strict CSP for the pages we serve: tokens live in localStorage
 * (spec §3), so injected script must have nowhere to run (brief §3). Inline styles stay
 * allowed because the UI library sets style attributes; scripts come from 'self' only.
 */
export const securityPlugin = fp<SecurityPluginOptions>(
  async (app, { config }) => {
    // Helmet's middleware, built once. @fastify/helmet built it again on every request
    // (helmet(options) per call: every directive normalised anew), a twentieth of the CPU
    // of an API call; the headers are the same, from the same options.
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", (req) => selfSocketSources(req)],
          manifestSrc: ["'self'"],
          workerSrc: ["'self'"],
          mediaSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // The API is called from the native wrappers' web views as well.
      crossOriginResourcePolicy: { policy: 'same-site' },
      // The same rule as frame-ancestors 'none' for browsers that only read the old header.
      xFrameOptions: { action: 'deny' },
    });
    app.addHook('onRequest', (request, reply, done) => {
      // API answers carry personal data (profiles, chat, tokens): no cache, shared or local, keeps them.
      if (request.url.startsWith(API_PREFIX)) reply.header('cache-control', 'no-store');
      securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
    });
    await app.register(cors, {
      origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
      allowedHeaders: ['Content-Type', 'Authorization', 'AccessToken', 'RefreshToken', 'Accept-Language'],
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
    });
    // Off by default; routes that need it (login, sign-up, reset, 404) opt in with their own limits.
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) => rateLimited(context.ttl / 1000),
    });
    app.decorate('loginRateLimit', app.rateLimit({ max: config.loginRateLimitPerMin, timeWindow: 60_000 }));
  },
  { name: 'security' },
);
