import type { RatingOccasion, SubmitRatingBody } from '@smartcare/contract/rating';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ratingsRoot } from './get-my-ratings';

/** `PUT /rating/submit`: one rating per occasion; a resend changes the same one. */
export function submitRating(body: SubmitRatingBody): Promise<RatingOccasion> {
  return api.rating.submit({ body });
}

export function useSubmitRating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitRating,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ratingsRoot }),
  });
}
