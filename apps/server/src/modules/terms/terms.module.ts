import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { termsRoutes } from './terms.routes.ts';
import type { TermsService } from './terms.service.ts';

/** Terms and their versions (the default terms are seeded in app.ts's SEEDING block). */
export const termsModule: FastifyPluginAsyncZod<{
  terms: Pick<TermsService, 'listCurrent' | 'getCurrent'>;
}> = async (app, { terms }) => {
  await app.register(termsRoutes, { terms });
};
