import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QnaTemplate } from '@smartcare/contract/qna';
import { useApiClient } from '../../../lib/api-client';

const templatesKey = ['qna', 'templates'] as const;

/** The hospital's saved answer templates. */
export function useTemplates() {
  const client = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: templatesKey,
      queryFn: (): Promise<QnaTemplate[]> => client.api.qna.getTemplates(),
    }),
  );
}

export function useCreateTemplate() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { title: string; text: string }) => client.api.qna.createTemplate({ body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}

export function useDeleteTemplate() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idx: number) => client.api.qna.deleteTemplate({ body: { idx } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}
