import type { DocumentFile } from '@smartcare/contract/document-request';
import { useMutation } from '@tanstack/react-query';
import { base64Blob, saveFile } from '@smartcare/web-core/save-file';
import { api } from '../../../lib/api-client';

/** `GET /documentRequest/download?idx=`: the issued PDF (owner only; the server audits each download). */
export function downloadDocument(idx: number): Promise<DocumentFile> {
  return api.documentRequest.download({ query: { idx } });
}

/** Saves the PDF through the browser (a download in a browser, the share sheet in the app's web view). */
export function savePdf(file: DocumentFile): void {
  saveFile(base64Blob(file.contentBase64, 'application/pdf'), file.fileName);
}

export function useDownloadDocument() {
  return useMutation({ mutationFn: async (idx: number) => savePdf(await downloadDocument(idx)) });
}
