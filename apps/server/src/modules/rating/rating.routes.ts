import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiCalls } from '@smartcare/contract/api-calls';
import { ok } from '../../lib/envelope.ts';
import { routeOf } from '../../lib/route-of.ts';
import { patientOf, staffOf } from '../../plugins/auth/auth.plugin.ts';
import type { RatingService } from './rating.service.ts';

const calls = apiCalls.rating;

/** Ratings (issue 16): the patient's ratings and invitations, the hospital's statistics. */
export const ratingRoutes: FastifyPluginAsyncZod<{ ratings: RatingService }> = async (app, { ratings }) => {
  app.route({
    ...routeOf(calls.getMyRatings, {
      auth: 'patient',
      summary: 'What the patient rated and what waits for a rating',
    }),
    handler: async (request) => ok(request, await ratings.myRatings(patientOf(request).idx)),
  });

  app.route({
    ...routeOf(calls.getOccasion, {
      auth: 'patient',
      summary: "One of the patient's completed occasions with its rating",
    }),
    handler: async (request) => ok(request, await ratings.occasion(patientOf(request).idx, request.query)),
  });

  app.route({
    ...routeOf(calls.submit, {
      auth: 'patient',
      summary: 'Rate a completed occasion, or change the rating within 7 days (one per occasion)',
    }),
    handler: async (request) => ok(request, await ratings.submit(patientOf(request).idx, request.body)),
  });

  app.route({
    ...routeOf(calls.getStats, {
      auth: 'staff',
      summary: "The hospital's averages and distributions (per staff member for ADMIN only)",
    }),
    handler: async (request) => ok(request, await ratings.stats(staffOf(request).idx, request.query)),
  });
};
