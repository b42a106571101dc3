import type { Meal, MealInput } from '@smartcare/contract/diet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dietQueryKey } from './get-day';

/** `POST /diet/recordMeal`: a new meal, with its photo when there is one. */
export function recordMeal(body: MealInput): Promise<Meal> {
  return api.diet.recordMeal({ body });
}

export function useRecordMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordMeal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dietQueryKey }),
  });
}
