import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffDeskTopicAccess } from './staff-desk.access.ts';

/**
 * The staff desk's live queues (issue 16, decision 031): declares `staffDesk/{hospitalIdx}`.
 * Its service is given to the document-request and appointment services in app.ts.
 */
export const staffDeskModule: FastifyPluginAsyncZod = async (app) => {
  app.broker.declareTopic('staffDesk', staffDeskTopicAccess());
};
