import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { renderCertificate, type CertificateInput } from './document-pdf.ts';

/**
 * The certificate prints Korean, not blanks: text extraction alone cannot tell (the PDF's
 * ToUnicode map survives a font whose glyphs were lost), so the page is rasterised with
 * poppler's pdftoppm (installed by `npm test` with the other system packages) and the ink
 * of the Korean content is counted.
 */
const input = (content: string): CertificateInput => ({
  type: 'DIAGNOSIS',
  language: 'KO',
  hospital: { name: '서울스마트병원', address: '서울특별시 종로구 대학로 101', phone: '02-1234-5678' },
  patient: { name: '홍길동', birthDate: '1985-03-14' },
  department: '내과',
  periodFrom: null,
  periodTo: null,
  purpose: 'INSURANCE',
  purposeNote: '',
  copies: 1,
  content,
  issueNumber: '2026-1-000001',
  issuedAt: new Date('2026-11-25T01:00:00Z'),
  issuedBy: '박원무',
  verifyCode: 'J9SW-C4TD-E6FZ-72MN',
  verifyUrl: 'http://127.0.0.1:44115/verify/J9SW-C4TD-E6FZ-72MN',
});

/** Dark pixels of page 1 at 40 dpi, from pdftoppm's binary greyscale (PGM P5) output. */
function ink(pdf: Uint8Array): number {
  const dir = mkdtempSync(join(tmpdir(), 'smartcare-ink-'));
  try {
    writeFileSync(join(dir, 'a.pdf'), pdf);
    execFileSync('pdftoppm', ['-gray', '-r', '40', '-singlefile', join(dir, 'a.pdf'), join(dir, 'page')]);
    const pgm = readFileSync(join(dir, 'page.pgm'));
    // "P5\n<w> <h>\n255\n" then one byte per pixel
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
    const pixels = pgm.subarray(header[0].length);
    let dark = 0;
    for (const value of pixels) if (value < 128) dark++;
    return dark;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the certificate PDF', () => {
  it('copies out as the text it prints: digits after letters, spaces between Korean words, the address', async () => {
    const pdf = await renderCertificate(input('병명: 급성 위장염\n질병분류기호: K52.9'));
    const parser = new PDFParse({ data: Buffer.from(pdf) });
    try {
      const text = (await parser.getText()).text;
      for (const expected of [
        '홍길동',
        '1985-03-14',
        '급성 위장염',
        'K52.9',
        '위와 같이 발급합니다.',
        'J9SW-C4TD-E6FZ-72MN',
        'http://127.0.0.1:44115/verify/J9SW-C4TD-E6FZ-72MN',
      ])
        expect(text).toContain(expected);
    } finally {
      await parser.destroy();
    }
  });

  it.runIf(existsSync('/usr/bin/pdftoppm'))('draws its Korean text with ink, in a small file', async () => {
    const korean = '병명 급성 위장염 질병분류기호 안정 가료를 요함 뷁똠뙇 '.repeat(12);
    const [blank, written] = await Promise.all([
      renderCertificate(input('-')),
      renderCertificate(input(korean)),
    ]);
    expect(written.length).toBeLessThan(200_000);
    // ~300 Korean characters at 11 pt: ~600 dark pixels more at 40 dpi when they print, ~60 when the glyphs are lost
    expect(ink(written) - ink(blank)).toBeGreaterThan(300);
  });
});
