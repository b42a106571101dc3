import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ratingRoutes } from './rating.routes.ts';
import type { RatingService } from './rating.service.ts';

/**
 * Ratings (issue 16, decision 028). Account deletion detaches the patient's ratings (the link
 * and the comment go; the stars stay in the counts).
 */
export const ratingModule: FastifyPluginAsyncZod<{ ratings: RatingService }> = async (app, { ratings }) => {
  app.patientErasure.register('ratings', ratings.erasePatient);
  await app.register(ratingRoutes, { ratings });
};
