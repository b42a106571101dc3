import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '@smartcare/contract/api-paths';
import { envelopeSchema } from '@smartcare/contract/envelope';
import { termsListSchema, termsQuerySchema, termsSchema } from '@smartcare/contract/terms';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import { DEFAULT_TERMS } from '../../db/default-terms.ts';
import { createTermsRepository } from './terms.repository.ts';

/** Terms are public: sign-up shows them before there is an account. */
export const termsModule: FastifyPluginAsyncZod = async (app) => {
  const terms = createTermsRepository(app.db);
  // Sign-up asks for the required consents (PIPA Art. 22–23), so a deployment never runs
  // without terms: a fresh database starts with the default texts; hospitals publish newer ones.
  if (!(await terms.anyPublished())) {
    for (const item of DEFAULT_TERMS) await terms.publish(item);
  }

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
    async (request) => {
      const found = await terms.findCurrent(request.query.termsCode);
      if (!found) throw notFound('terms');
      return ok(request, found);
    },
  );
};
