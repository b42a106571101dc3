import { useMutation } from '@tanstack/react-query';
import type { DocumentFile } from '@smartcare/contract/document-request';
import { base64Blob, saveFile } from '@smartcare/web-core/save-file';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

/** `GET /documentRequest/getIssuedPdf?idx=`: an issued certificate of the hospital (the server audits each). */
export function getIssuedPdf(client: ApiClient, idx: number): Promise<DocumentFile> {
  return client.api.documentRequest.getIssuedPdf({ query: { idx } });
}

/** Hands the PDF to the browser as a download, to open and print at the desk. */
export function savePdf(file: DocumentFile): void {
  saveFile(base64Blob(file.contentBase64, 'application/pdf'), file.fileName);
}

export function useDownloadIssuedPdf() {
  const client = useApiClient();
  return useMutation({ mutationFn: async (idx: number) => savePdf(await getIssuedPdf(client, idx)) });
}
