import type { DocumentFile } from '@smartcare/contract/document-request';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /documentRequest/download?idx=`: the issued PDF (owner only; the server audits each download). */
export function downloadDocument(idx: number): Promise<DocumentFile> {
  return api.documentRequest.download({ query: { idx } });
}

/** Saves the PDF through the browser (a download in a browser, the share sheet in the app's web view). */
export function saveFile(file: DocumentFile): void {
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

export function useDownloadDocument() {
  return useMutation({ mutationFn: async (idx: number) => saveFile(await downloadDocument(idx)) });
}
