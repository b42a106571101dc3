import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '@smartcare/contract/api-paths';
import { envelopeSchema } from '@smartcare/contract/envelope';
import { termsListSchema, termsQuerySchema, termsSchema } from '@smartcare/contract/terms';
import { ok } from '../../lib/envelope.ts';
import type { TermsService } from './terms.service.ts';

/** Terms are public: sign-up shows them before there is an account. */
export const termsModule: FastifyPluginAsyncZod<{
  terms: Pick<TermsService, 'listCurrent' | 'getCurrent'>;
}> = async (app, { terms }) => {
  app.get(
    apiPaths.terms.getTermsList,
    {
      schema: {
        tags: ['terms'],
        summary: 'Current terms, without their text',
        response: { 200: envelopeSchema(termsListSchema) },
      },
    },
    async (request) => ok(request, await terms.listCurrent()),
  );

  app.get(
    apiPaths.terms.getTerms,
    {
      schema: {
        tags: ['terms'],
        summary: 'The current version of one terms code, with its text',
        querystring: termsQuerySchema,
        response: { 200: envelopeSchema(termsSchema) },
      },
    },
    async (request) => ok(request, await terms.getCurrent(request.query.termsCode)),
  );
};
