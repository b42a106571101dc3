import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@smartcare/contract/envelope';
import { ok } from '../../lib/envelope.ts';

export const HEALTH_PATH = '/health';

/** Readiness for load balancers and e2e start-up: answers only when the database does. */
export const healthModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    HEALTH_PATH,
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness',
        response: {
          200: envelopeSchema(
            z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
          ),
        },
      },
    },
    async (request) => {
      await app.db.query('SELECT 1');
      return ok(request, { status: 'ok' as const, database: app.db.kind });
    },
  );
};
