// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64Blob, saveFile } from './save-file.ts';

afterEach(() => vi.restoreAllMocks());

describe('saveFile', () => {
  it('downloads the content under its name through a link that is gone afterwards', async () => {
    const created = vi.fn((blob: Blob) => {
      void blob;
      return 'blob:pdf';
    });
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    saveFile(base64Blob(btoa('%PDF-1.7'), 'application/pdf'), '진단서.pdf');
    expect(clicked).toEqual([{ href: 'blob:pdf', download: '진단서.pdf' }]);
    expect(document.querySelector('a')).toBeNull();
    const blob = created.mock.calls[0]![0];
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.7');
  });
});
