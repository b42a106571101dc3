import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiCalls } from '@smartcare/contract/api-calls';
import { ok } from '../../lib/envelope.ts';
import { routeOf } from '../../lib/route-of.ts';
import type { TermsService } from './terms.service.ts';

const calls = apiCalls.terms;

/** Terms are public: sign-up shows them before there is an account. */
export const termsRoutes: FastifyPluginAsyncZod<{
  terms: Pick<TermsService, 'listCurrent' | 'getCurrent'>;
}> = async (app, { terms }) => {
  app.route({
    ...routeOf(calls.getTermsList, { summary: 'Current terms, without their text' }),
    handler: async (request) => ok(request, await terms.listCurrent()),
  });

  app.route({
    ...routeOf(calls.getTerms, { summary: 'The current version of one terms code, with its text' }),
    handler: async (request) => ok(request, await terms.getCurrent(request.query.termsCode)),
  });
};
