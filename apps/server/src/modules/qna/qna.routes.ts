import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiCalls } from '@smartcare/contract/api-calls';
import { QNA_PHOTO_MAX_BYTES, QNA_PHOTOS_MAX } from '@smartcare/contract/qna';
import { localeOf, ok } from '../../lib/envelope.ts';
import { routeOf } from '../../lib/route-of.ts';
import { patientOf, staffOf } from '../../plugins/auth/auth.plugin.ts';
import type { QnaService } from './qna.service.ts';

const calls = apiCalls.qna;
/** base64 of three of the largest photos plus the JSON around them. */
const QUESTION_BODY_LIMIT = QNA_PHOTOS_MAX * Math.ceil(QNA_PHOTO_MAX_BYTES / 3) * 4 + 64 * 1024;

/** Q&A with the care team (issue 17): the patient's questions and the hospital's queue. */
export const qnaRoutes: FastifyPluginAsyncZod<{ qna: QnaService }> = async (app, { qna }) => {
  app.route({
    ...routeOf(calls.createQuestion, {
      auth: 'patient',
      summary: 'Ask the care team (category, title, text, up to 3 photos); a resend returns the first',
    }),
    bodyLimit: QUESTION_BODY_LIMIT,
    handler: async (request) =>
      ok(request, await qna.createQuestion(patientOf(request).idx, request.body, localeOf(request))),
  });

  app.route({
    ...routeOf(calls.getMyQuestions, { auth: 'patient', summary: "The patient's questions, newest first" }),
    handler: async (request) => ok(request, await qna.myQuestions(patientOf(request).idx, request.query)),
  });

  app.route({
    ...routeOf(calls.getQuestion, {
      auth: 'patient',
      summary: "One of the patient's questions with its answers",
    }),
    handler: async (request) => ok(request, await qna.question(patientOf(request).idx, request.query.idx)),
  });

  app.route({
    ...routeOf(calls.getPhoto, {
      auth: 'patient',
      summary: "A photo of the patient's question (JPEG, no metadata)",
    }),
    handler: async (request) => ok(request, await qna.photo(patientOf(request).idx, request.query.idx)),
  });

  app.route({
    ...routeOf(calls.addFollowUp, { auth: 'patient', summary: 'Add a follow-up: the question waits again' }),
    handler: async (request) =>
      ok(request, await qna.addFollowUp(patientOf(request).idx, request.body.idx, request.body.text)),
  });

  app.route({
    ...routeOf(calls.closeQuestion, { auth: 'patient', summary: 'Close a question' }),
    handler: async (request) => ok(request, await qna.close(patientOf(request).idx, request.body.idx)),
  });

  app.route({
    ...routeOf(calls.getQueue, {
      auth: 'staff',
      summary: "The hospital's Q&A queue: waiting first, longest waiting on top",
    }),
    handler: async (request) => ok(request, await qna.queue(staffOf(request).idx, request.query.status)),
  });

  app.route({
    ...routeOf(calls.getPatientQuestion, {
      auth: 'staff',
      summary: "A question of the hospital's home-care patient, with its answers",
    }),
    handler: async (request) =>
      ok(request, await qna.patientQuestion(staffOf(request).idx, request.query.idx)),
  });

  app.route({
    ...routeOf(calls.getPatientPhoto, {
      auth: 'staff',
      summary: "A photo of a question (the hospital's only)",
    }),
    handler: async (request) => ok(request, await qna.patientPhoto(staffOf(request).idx, request.query.idx)),
  });

  app.route({
    ...routeOf(calls.assignToMe, { auth: 'staff', summary: 'Take a question: the staff member answers it' }),
    handler: async (request) => ok(request, await qna.assignToMe(staffOf(request).idx, request.body.idx)),
  });

  app.route({
    ...routeOf(calls.answer, { auth: 'staff', summary: 'Answer a question; the patient is notified' }),
    handler: async (request) =>
      ok(request, await qna.answer(staffOf(request).idx, request.body.idx, request.body.text)),
  });

  app.route({
    ...routeOf(calls.getTemplates, { auth: 'staff', summary: "The hospital's saved answer templates" }),
    handler: async (request) => ok(request, await qna.templates(staffOf(request).idx)),
  });

  app.route({
    ...routeOf(calls.createTemplate, { auth: 'staff', summary: 'Save an answer template for the hospital' }),
    handler: async (request) => ok(request, await qna.createTemplate(staffOf(request).idx, request.body)),
  });

  app.route({
    ...routeOf(calls.deleteTemplate, {
      auth: 'staff',
      summary: "Delete one of the hospital's answer templates",
    }),
    handler: async (request) => {
      await qna.deleteTemplate(staffOf(request).idx, request.body.idx);
      return ok(request, {});
    },
  });
};
