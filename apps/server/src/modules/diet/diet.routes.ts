import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiCalls } from '@smartcare/contract/api-calls';
import { PHOTO_MAX_BYTES } from '@smartcare/contract/diet';
import { localeOf, ok } from '../../lib/envelope.ts';
import { routeOf } from '../../lib/route-of.ts';
import { patientOf, staffOf } from '../../plugins/auth/auth.plugin.ts';
import type { DietService } from './diet.service.ts';

const calls = apiCalls.diet;
/** base64 of the largest photo plus the JSON of a full meal around it. */
const MEAL_BODY_LIMIT = Math.ceil(PHOTO_MAX_BYTES / 3) * 4 + 64 * 1024;

/** Diet logging (issue 15): the patient's meals and day, a nurse's view and targets. */
export const dietRoutes: FastifyPluginAsyncZod<{ diet: DietService }> = async (app, { diet }) => {
  app.route({
    ...routeOf(calls.searchFoods, {
      auth: 'patient',
      summary: 'Foods of the seeded table by Korean name: partial and 초성 matches, best first',
    }),
    handler: async (request) => ok(request, diet.searchFoods(request.query.keyword)),
  });

  app.route({
    ...routeOf(calls.recordMeal, {
      auth: 'patient',
      summary: 'Log a meal (foods from the table or own figures, an optional photo); refused field by field',
    }),
    bodyLimit: MEAL_BODY_LIMIT,
    handler: async (request) =>
      ok(request, await diet.recordMeal(patientOf(request).idx, request.body, localeOf(request))),
  });

  app.route({
    ...routeOf(calls.updateMeal, { auth: 'patient', summary: 'Change a meal the patient logged' }),
    bodyLimit: MEAL_BODY_LIMIT,
    handler: async (request) =>
      ok(request, await diet.updateMeal(patientOf(request).idx, request.body, localeOf(request))),
  });

  app.route({
    ...routeOf(calls.deleteMeal, { auth: 'patient', summary: 'Delete a meal and its photo' }),
    handler: async (request) => {
      await diet.deleteMeal(patientOf(request).idx, request.body.idx);
      return ok(request, {});
    },
  });

  app.route({
    ...routeOf(calls.getMeal, { auth: 'patient', summary: "One of the patient's meals, for editing" }),
    handler: async (request) => ok(request, await diet.meal(patientOf(request).idx, request.query.idx)),
  });

  app.route({
    ...routeOf(calls.getPhoto, { auth: 'patient', summary: "A meal's photo (resized JPEG, no metadata)" }),
    handler: async (request) => ok(request, await diet.photo(patientOf(request).idx, request.query.idx)),
  });

  app.route({
    ...routeOf(calls.getDay, {
      auth: 'patient',
      summary: "A Korean day's meals and totals against the daily targets, and the week ending that day",
    }),
    handler: async (request) => ok(request, await diet.day(patientOf(request).idx, request.query.date)),
  });

  app.route({
    ...routeOf(calls.getPatientDiet, {
      auth: 'staff',
      summary: "A patient's diet day and week (the staff member's hospital only)",
    }),
    handler: async (request) =>
      ok(request, await diet.patientDiet(staffOf(request).idx, request.query.patientIdx, request.query.date)),
  });

  app.route({
    ...routeOf(calls.getPatientPhoto, {
      auth: 'staff',
      summary: "A patient's meal photo (the staff member's hospital only)",
    }),
    handler: async (request) =>
      ok(request, await diet.patientPhoto(staffOf(request).idx, request.query.patientIdx, request.query.idx)),
  });

  app.route({
    ...routeOf(calls.setTargets, {
      auth: 'staff',
      summary: "Set a patient's daily targets and diabetic / hypertensive call-outs",
    }),
    handler: async (request) =>
      ok(request, await diet.setTargets(staffOf(request).idx, request.body, localeOf(request))),
  });

  app.route({
    ...routeOf(calls.resetTargets, {
      auth: 'staff',
      summary: "Remove a nurse's targets: the KDRI defaults by sex and age apply again",
    }),
    handler: async (request) =>
      ok(request, await diet.resetTargets(staffOf(request).idx, request.body.patientIdx)),
  });
};
