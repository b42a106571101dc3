import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dietQueryKey } from './get-day';

/** `DELETE /diet/deleteMeal`: the meal and its photo go. */
export async function deleteMeal(idx: number): Promise<void> {
  await api.diet.deleteMeal({ body: { idx } });
}

export function useDeleteMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMeal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dietQueryKey }),
  });
}
