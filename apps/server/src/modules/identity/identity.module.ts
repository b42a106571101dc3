import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { createDeviceCookies } from './device-cookie.ts';
import { registerIdentityJobs } from './identity.jobs.ts';
import { identityRoutes } from './identity.routes.ts';
import type { IdentityService, LoginThrottle } from './identity.service.ts';

export interface IdentityModuleOptions {
  identity: IdentityService;
  throttle: Pick<LoginThrottle, 'prune'>;
  config: Pick<Config, 'tokenSecret' | 'dataDir'>;
}

/** Identity (issue 11): login, lockout and device cookies, token issue and refresh, logout. */
export const identityModule: FastifyPluginAsyncZod<IdentityModuleOptions> = async (
  app,
  { identity, throttle, config },
) => {
  const deviceCookies = await createDeviceCookies(config, app.db);
  registerIdentityJobs(app.jobs, throttle);
  await app.register(identityRoutes, { identity, deviceCookies });
};
