import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import subsetFont from 'subset-font';
import {
  DOCUMENT_TYPE_EN,
  DOCUMENT_TYPE_KO,
  type DocumentLanguage,
  type DocumentPurpose,
  type DocumentType,
} from '@smartcare/contract/document-request';

/**
 * The issued certificate as a PDF (issue 16, decision 026): pdf-lib with a Korean TrueType
 * font from npm (Noto Sans KR, `@expo-google-fonts/noto-sans-kr`), subset by HarfBuzz
 * (`subset-font`) to the characters the certificate prints, so the file stays small; a QR
 * code leads to the public verification page. (fontkit's own `subset: true` drops most of
 * this font's glyphs in real viewers: text extracts, but prints blank.)
 */
const require = createRequire(import.meta.url);
const FONT_PATHS = {
  regular: require.resolve('@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf'),
};
let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | null = null;
/** Read once (6 MB each), reused by every PDF. */
function loadFonts() {
  fonts ??= Promise.all([readFile(FONT_PATHS.regular), readFile(FONT_PATHS.bold)]).then(
    ([regular, bold]) => ({
      regular,
      bold,
    }),
  );
  return fonts;
}

export interface CertificateInput {
  type: DocumentType;
  language: DocumentLanguage;
  hospital: { name: string; address: string; phone: string };
  patient: { name: string; birthDate: string | null };
  department: string;
  periodFrom: string | null;
  periodTo: string | null;
  purpose: DocumentPurpose | null;
  purposeNote: string;
  copies: number;
  /** What staff wrote: diagnosis, opinion, the bill's lines. */
  content: string;
  issueNumber: string;
  issuedAt: Date;
  issuedBy: string;
  verifyCode: string;
  verifyUrl: string;
}

const PURPOSE_KO: Record<DocumentPurpose, string> = {
  INSURANCE: '보험 청구',
  EMPLOYER: '회사 제출',
  SCHOOL: '학교 제출',
  PERSONAL: '본인 보관',
  OTHER: '기타',
};
const PURPOSE_EN: Record<DocumentPurpose, string> = {
  INSURANCE: 'Insurance claim',
  EMPLOYER: 'For employer',
  SCHOOL: 'For school',
  PERSONAL: 'Personal record',
  OTHER: 'Other',
};

/** A date in Korea's calendar day, `YYYY-MM-DD`. */
export function kstDate(at: Date): string {
  return new Date(at.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.42, 0.48);
const LINE = rgb(0.75, 0.78, 0.82);

/** Splits text into lines that fit `width` (by character: Korean has no spaces to wait for). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const ch of paragraph) {
      const next = line + ch;
      if (font.widthOfTextAtSize(next, size) > width && line !== '') {
        // Break at the last space when there is one on the line, else mid-word.
        const space = line.lastIndexOf(' ');
        if (space > 0 && space > line.length - 12) {
          lines.push(line.slice(0, space));
          line = line.slice(space + 1) + ch;
        } else {
          lines.push(line);
          line = ch;
        }
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

/**
 * fontkit's default layout features misprint a certificate: `locl` swaps digits after a
 * letter (K52.9, the verification code) and `calt` the space after a Hangul syllable for
 * alternates that have no character of their own (they copy out as stray symbols), `frac`
 * sets digits as fractions. Plain glyphs only: every printed glyph maps back to its text.
 */
const PLAIN_LAYOUT = {
  locl: false,
  calt: false,
  frac: false,
  numr: false,
  dnom: false,
  liga: false,
  clig: false,
};

/** Every character the certificate may print: ASCII, the labels of both languages, the input. */
function charactersOf(input: CertificateInput, title: string): string {
  const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
  const labels = [
    ...Object.values(PURPOSE_KO),
    ...Object.values(PURPOSE_EN),
    '발급번호 성명 생년월일 진료과 기간 용도 발급 부수 내용 위와 같이 발급합니다. 발급일 발급 담당',
    '진위 확인 코드 QR 코드를 찍거나 아래 주소에서 병원이 발급한 문서인지 확인할 수 있습니다. ·~',
  ];
  const values = [
    title,
    input.hospital.name,
    input.hospital.address,
    input.hospital.phone,
    input.patient.name,
    input.department,
    input.purposeNote,
    input.content,
    input.issuedBy,
  ];
  return [...new Set([ascii, ...labels, ...values].join(''))].join('');
}

export async function renderCertificate(input: CertificateInput): Promise<Uint8Array> {
  const en = input.language === 'EN';
  const { regular, bold } = await loadFonts();
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const title = en ? DOCUMENT_TYPE_EN[input.type] : DOCUMENT_TYPE_KO[input.type];
  const used = charactersOf(input, title);
  const [regularSubset, boldSubset] = await Promise.all([
    subsetFont(regular, used, { targetFormat: 'truetype' }),
    subsetFont(bold, used, { targetFormat: 'truetype' }),
  ]);
  const font = await doc.embedFont(regularSubset, { subset: false, features: PLAIN_LAYOUT });
  const heavy = await doc.embedFont(boldSubset, { subset: false, features: PLAIN_LAYOUT });
  doc.setTitle(`${title} ${input.issueNumber}`);
  doc.setAuthor(input.hospital.name);
  doc.setCreator('Smart Care');
  doc.setProducer('Smart Care');
  doc.setCreationDate(input.issuedAt);
  doc.setModificationDate(input.issuedAt);

  let page: PDFPage = doc.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const contentWidth = A4.width - 2 * MARGIN;
  const newPageIfNeeded = (needed: number) => {
    if (y - needed > MARGIN + 150) return;
    page = doc.addPage([A4.width, A4.height]);
    y = A4.height - MARGIN;
  };

  // The hospital's header
  page.drawText(input.hospital.name, { x: MARGIN, y: y - 18, size: 18, font: heavy, color: INK });
  y -= 36;
  const contact = [input.hospital.address, input.hospital.phone].filter(Boolean).join('  ·  ');
  for (const line of wrap(contact, font, 9, contentWidth)) {
    page.drawText(line, { x: MARGIN, y, size: 9, font, color: MUTED });
    y -= 13;
  }
  y -= 4;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: A4.width - MARGIN, y }, thickness: 1, color: INK });
  y -= 44;

  // Title
  const titleSize = 24;
  const titleWidth = heavy.widthOfTextAtSize(title, titleSize);
  page.drawText(title, { x: (A4.width - titleWidth) / 2, y, size: titleSize, font: heavy, color: INK });
  y -= 22;
  const numberLine = `${en ? 'Issue No.' : '발급번호'} ${input.issueNumber}`;
  page.drawText(numberLine, {
    x: (A4.width - font.widthOfTextAtSize(numberLine, 10)) / 2,
    y,
    size: 10,
    font,
    color: MUTED,
  });
  y -= 34;

  // The patient's details and the request
  const period =
    input.periodFrom && input.periodTo && input.periodFrom !== input.periodTo
      ? `${input.periodFrom} ~ ${input.periodTo}`
      : (input.periodFrom ?? null);
  const purpose = input.purpose
    ? `${(en ? PURPOSE_EN : PURPOSE_KO)[input.purpose]}${input.purposeNote ? ` (${input.purposeNote})` : ''}`
    : null;
  const rows: [string, string][] = [
    [en ? 'Patient' : '성명', input.patient.name],
    [en ? 'Date of birth' : '생년월일', input.patient.birthDate ?? '-'],
    [en ? 'Department' : '진료과', input.department],
    ...(period ? ([[en ? 'Period' : '기간', period]] as [string, string][]) : []),
    ...(purpose ? ([[en ? 'Purpose' : '용도', purpose]] as [string, string][]) : []),
    [en ? 'Copies' : '발급 부수', String(input.copies)],
  ];
  const labelWidth = 110;
  for (const [label, value] of rows) {
    const lines = wrap(value, font, 11, contentWidth - labelWidth);
    newPageIfNeeded(lines.length * 16 + 10);
    page.drawText(label, { x: MARGIN, y, size: 11, font: heavy, color: INK });
    for (const line of lines) {
      page.drawText(line, { x: MARGIN + labelWidth, y, size: 11, font, color: INK });
      y -= 16;
    }
    y -= 4;
    page.drawLine({
      start: { x: MARGIN, y: y + 8 },
      end: { x: A4.width - MARGIN, y: y + 8 },
      thickness: 0.5,
      color: LINE,
    });
    y -= 6;
  }

  // The content staff wrote
  y -= 10;
  page.drawText(en ? 'Details' : '내용', { x: MARGIN, y, size: 12, font: heavy, color: INK });
  y -= 20;
  for (const line of wrap(input.content, font, 11, contentWidth)) {
    newPageIfNeeded(16);
    page.drawText(line, { x: MARGIN, y, size: 11, font, color: INK, lineHeight: 16 });
    y -= 16;
  }

  // Statement, date and issuer
  y -= 20;
  newPageIfNeeded(80);
  const statement = en ? 'We certify that the above is true and correct.' : '위와 같이 발급합니다.';
  page.drawText(statement, { x: MARGIN, y, size: 11, font, color: INK });
  y -= 28;
  const dateLine = `${en ? 'Date of issue' : '발급일'}  ${kstDate(input.issuedAt)}`;
  page.drawText(dateLine, { x: MARGIN, y, size: 11, font, color: INK });
  y -= 18;
  const issuer = `${input.hospital.name}  ·  ${en ? 'Issued by' : '발급 담당'} ${input.issuedBy}`;
  for (const line of wrap(issuer, font, 11, contentWidth)) {
    page.drawText(line, { x: MARGIN, y, size: 11, font, color: INK });
    y -= 16;
  }

  // Verification: QR code and code at the foot of the last page
  const qr = await QRCode.toBuffer(input.verifyUrl, {
    type: 'png',
    margin: 1,
    width: 240,
    errorCorrectionLevel: 'M',
  });
  const qrImage = await doc.embedPng(qr);
  const qrSize = 84;
  const footY = MARGIN;
  page.drawLine({
    start: { x: MARGIN, y: footY + qrSize + 12 },
    end: { x: A4.width - MARGIN, y: footY + qrSize + 12 },
    thickness: 0.5,
    color: LINE,
  });
  page.drawImage(qrImage, { x: MARGIN, y: footY, width: qrSize, height: qrSize });
  const textX = MARGIN + qrSize + 16;
  page.drawText(en ? 'Verification code' : '진위 확인 코드', {
    x: textX,
    y: footY + qrSize - 12,
    size: 10,
    font,
    color: MUTED,
  });
  page.drawText(input.verifyCode, { x: textX, y: footY + qrSize - 32, size: 14, font: heavy, color: INK });
  const hint = en
    ? 'Scan the QR code or open the address below to confirm this document was issued by the hospital.'
    : 'QR 코드를 찍거나 아래 주소에서 병원이 발급한 문서인지 확인할 수 있습니다.';
  let hy = footY + qrSize - 50;
  for (const line of wrap(hint, font, 8.5, A4.width - MARGIN - textX)) {
    page.drawText(line, { x: textX, y: hy, size: 8.5, font, color: MUTED });
    hy -= 12;
  }
  for (const line of wrap(input.verifyUrl, font, 8.5, A4.width - MARGIN - textX)) {
    page.drawText(line, { x: textX, y: hy, size: 8.5, font, color: MUTED });
    hy -= 12;
  }

  return doc.save();
}
