import type { Meal, UpdateMealBody } from '@smartcare/contract/diet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dietQueryKey } from './get-day';

/** `PUT /diet/updateMeal`: a changed meal (a new photo replaces the old; `removePhoto` drops it). */
export function updateMeal(body: UpdateMealBody): Promise<Meal> {
  return api.diet.updateMeal({ body });
}

export function useUpdateMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMeal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dietQueryKey }),
  });
}
