import { useMutation } from '@tanstack/react-query';
import type { DocumentFile } from '@smartcare/contract/document-request';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

/** `GET /documentRequest/getIssuedPdf?idx=`: an issued certificate of the hospital (the server audits each). */
export function getIssuedPdf(client: ApiClient, idx: number): Promise<DocumentFile> {
  return client.api.documentRequest.getIssuedPdf({ query: { idx } });
}

/** Hands the PDF to the browser as a download, to open and print at the desk. */
export function savePdf(file: DocumentFile): void {
  const bytes = Uint8Array.from(atob(file.contentBase64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadIssuedPdf() {
  const client = useApiClient();
  return useMutation({ mutationFn: async (idx: number) => savePdf(await getIssuedPdf(client, idx)) });
}
