import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { qnaRoutes } from './qna.routes.ts';
import type { QnaService } from './qna.service.ts';

/** Q&A with the care team (issue 17): routes and the erasure of questions, answers and photo files. */
export const qnaModule: FastifyPluginAsyncZod<{ qna: QnaService }> = async (app, { qna }) => {
  app.patientErasure.register('qna', (tx, patientIdx) => qna.erasePatient(tx, patientIdx));
  await app.register(qnaRoutes, { qna });
};
