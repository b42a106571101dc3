/**
 * Hands a file the server made to the browser as a download (in the apps' web views, the
 * share sheet; a phone opens an .ics in its calendar). Both apps save certificates and
 * calendar files this way.
 */
export function saveFile(content: Blob, fileName: string): void {
  const url = URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: some browsers read the URL after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file the server sent as base64 (certificates), as the bytes it stands for. */
export function base64Blob(contentBase64: string, type: string): Blob {
  return new Blob([Uint8Array.from(atob(contentBase64), (c) => c.charCodeAt(0))], { type });
}
