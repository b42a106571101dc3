import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ContentKind,
  CreateContentBody,
  EditorContent,
  UpdateContentBody,
} from '@smartcare/contract/hospital-content';
import { useApiClient } from '../../../lib/api-client';

/** Query keys of the content editor: one list per kind (live or deleted), one item, its history. */
export const contentEditorKeys = {
  all: ['contentEditor'] as const,
  list: (kind: ContentKind, deleted: boolean) => ['contentEditor', 'list', kind, deleted] as const,
  item: (idx: number) => ['contentEditor', 'item', idx] as const,
  changes: (idx: number) => ['contentEditor', 'changes', idx] as const,
};

/** `GET /hospitalContent/getEditorList`: every item of one kind in the editor's hospital. */
export function useEditorList(kind: ContentKind, deleted: boolean) {
  const client = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: contentEditorKeys.list(kind, deleted),
      queryFn: ({ signal }) =>
        client.api.hospitalContent.getEditorList({
          query: { kind, deleted: deleted ? 'true' : 'false' },
          signal,
        }),
    }),
  );
}

/** `GET /hospitalContent/getEditorContent`. */
export function useEditorContent(idx: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: contentEditorKeys.item(idx ?? 0),
    queryFn: ({ signal }) => client.api.hospitalContent.getEditorContent({ query: { idx: idx! }, signal }),
    enabled: idx !== null,
  });
}

/** `GET /hospitalContent/getChanges`: who changed the item and when, newest first. */
export function useContentChanges(idx: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: contentEditorKeys.changes(idx ?? 0),
    queryFn: ({ signal }) => client.api.hospitalContent.getChanges({ query: { idx: idx! }, signal }),
    enabled: idx !== null,
  });
}

export type ContentAction =
  | { action: 'create'; body: CreateContentBody }
  | { action: 'update'; body: UpdateContentBody }
  | { action: 'publish'; idx: number; publishAt?: string }
  | { action: 'unpublish' | 'delete' | 'restore'; idx: number };

/** Every change to an item; the lists, the item and its history are fetched again afterwards. */
export function useContentAction() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const calls = client.api.hospitalContent;
  return useMutation({
    mutationFn: (input: ContentAction): Promise<EditorContent> => {
      switch (input.action) {
        case 'create':
          return calls.create({ body: input.body });
        case 'update':
          return calls.update({ body: input.body });
        case 'publish':
          return calls.publish({
            body: input.publishAt ? { idx: input.idx, publishAt: input.publishAt } : { idx: input.idx },
          });
        case 'unpublish':
          return calls.unpublish({ body: { idx: input.idx } });
        case 'delete':
          return calls.delete({ body: { idx: input.idx } });
        case 'restore':
          return calls.restore({ body: { idx: input.idx } });
      }
    },
    onSuccess: (content) => queryClient.setQueryData(contentEditorKeys.item(content.idx), content),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentEditorKeys.all }),
  });
}

/** `POST /hospitalContent/uploadFile`: the file as base64 (the server checks its bytes and size). */
export function useUploadFile() {
  const client = useApiClient();
  return useMutation({
    mutationFn: async (file: File) =>
      client.api.hospitalContent.uploadFile({
        body: { fileName: file.name, dataBase64: await base64Of(file) },
      }),
  });
}

async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}
