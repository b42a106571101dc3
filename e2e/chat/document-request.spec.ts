import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFParse } from 'pdf-parse';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { DocumentRequest } from '@smartcare/contract/document-request';
import { expect, navigate, test } from '../support/fixtures.ts';
import { settled } from '../support/settled.ts';
import { nurseOfThisTest, openPhone, phoneContext } from './two-people.ts';

/** The certificate's text, read back from the PDF bytes. */
async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: bytes });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** Issue 16: the patient asks for a 진단서, staff issue it in the console, the patient downloads the PDF. */
test.describe('document requests', () => {
  test('the patient asks for a 진단서; staff review and issue it; the patient sees 발급 완료 live and downloads a PDF with their Korean name', async ({
    page: staffPage,
    browser,
    baseURL,
    api,
    createStaff,
    createPatient,
    loginAsPatient,
    loginAsStaff,
    checkA11y,
    allowFailures,
  }) => {
    test.setTimeout(180_000);
    const staff = await nurseOfThisTest(api, createStaff);
    const patient = await createPatient({ hospitalIdx: staff.profile.hospitalIdx, name: '한서윤' });
    const phone = await openPhone(browser, baseURL!);
    const patientPage = await phone.newPage();
    try {
      await loginAsPatient(patientPage, patient.loginId, { password: patient.password });
      await navigate(patientPage, '/hospital/documentrequest/list');
      await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('서류 발급');
      await expect(patientPage.getByText('아직 신청한 서류가 없습니다.')).toBeVisible();
      await checkA11y(patientPage);

      // The form: each type's own fields and its fee before submitting.
      await patientPage.getByRole('link', { name: '서류 신청하기' }).click();
      await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('서류 신청');
      await patientPage.getByRole('radio', { name: '진단서' }).check();
      await expect(patientPage.getByTestId('document-fee')).toHaveText('20,000원');
      await patientPage.getByRole('button', { name: '부수 +' }).click();
      await expect(patientPage.getByTestId('document-fee')).toHaveText('21,000원');
      // Nothing typed: a Korean message per field, nothing sent.
      await patientPage.getByRole('button', { name: '신청하기' }).click();
      await expect(patientPage.getByText('진료과를 입력해 주세요')).toBeVisible();
      await expect(patientPage.getByText('용도를 입력해 주세요')).toBeVisible();
      await checkA11y(patientPage);
      await patientPage.getByLabel('진료과').fill('내과');
      await patientPage.getByRole('radio', { name: '보험 청구' }).check();

      // Staff have the queue open before the request exists (decision 031: it is live, no polling).
      await loginAsStaff(staffPage, staff.account.loginId, { password: staff.account.password });
      const firstRead = staffPage.waitForResponse(/\/documentRequest\/getQueue/);
      await staffPage
        .getByRole('navigation', { name: '주 메뉴' })
        .getByRole('link', { name: '서류 발급' })
        .click();
      await expect(staffPage.getByRole('heading', { name: '서류 발급 요청' })).toBeVisible();
      await firstRead;
      const row = staffPage.getByRole('row').filter({ hasText: '한서윤' });
      await expect(row).toHaveCount(0);

      await patientPage.getByRole('button', { name: '신청하기' }).click();

      await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('서류 신청 내역');
      const detail = patientPage.locator('.doc-detail');
      await expect(detail.locator('.doc-status')).toHaveText('신청');
      await expect(patientPage.getByRole('button', { name: '신청 취소' })).toBeVisible();
      await checkA11y(patientPage);

      // Staff: the new request appears in the open queue without a reload (nothing polls); review.
      await expect(row).toContainText('진단서');
      await expect(row).toContainText('신청');
      await checkA11y(staffPage);
      await row.getByRole('button', { name: '한서윤 님의 진단서 요청 열기' }).click();
      const dialog = staffPage.getByRole('dialog');
      await expect(dialog).toContainText('보험 청구');
      await expect(dialog).toContainText('21,000원');
      await dialog.getByRole('button', { name: '검토 시작' }).click();
      await expect(dialog.locator('.ant-tag').first()).toHaveText('검토 중');

      // The patient's screen follows without a reload; cancelling is no longer offered.
      await expect(detail.locator('.doc-status')).toHaveText('검토 중');
      await expect(patientPage.getByRole('button', { name: '신청 취소' })).toBeHidden();

      // Issue: the content is printed on the PDF.
      const content = dialog.getByLabel('증명서 내용');
      await content.fill('병명: 급성 위장염\n질병분류기호: K52.9\n3일간 안정 가료를 요함.');
      await checkA11y(staffPage);
      await dialog.getByRole('button', { name: 'PDF 만들고 발급' }).click();
      await expect(staffPage.getByText('발급했습니다. 환자에게 알림을 보냈습니다.')).toBeVisible();
      await expect(dialog.locator('.ant-tag').first()).toHaveText('발급 완료');

      // Staff can print it too (getIssuedPdf); its QR code's URL is the server's, not a Host header's.
      const staffDownloading = staffPage.waitForEvent('download');
      await dialog.getByRole('button', { name: '발급한 증명서 PDF 내려받기' }).click();
      const staffCopy = await pdfText(readFileSync((await (await staffDownloading).path())!));
      expect(staffCopy).toContain('한서윤');
      expect(staffCopy).toContain(`${new URL(baseURL!).origin}/verify/`);
      // (the pointer off the button: its hover colour is not what a reader sees)
      await staffPage.mouse.move(0, 0);
      await checkA11y(staffPage);

      // 발급 완료 reaches the patient live; the PDF downloads with their name in Korean.
      await expect(detail.locator('.doc-status')).toHaveText('발급 완료');
      const timeline = patientPage.locator('.doc-timeline li');
      await expect(timeline).toHaveCount(3);
      await expect(timeline.nth(2)).toContainText('발급 완료');
      const code = (await patientPage.locator('.doc-code').textContent())!.trim();
      expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
      await checkA11y(patientPage);
      const downloading = patientPage.waitForEvent('download');
      await patientPage.getByRole('button', { name: 'PDF 내려받기' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      const bytes = readFileSync((await download.path())!);
      const text = await pdfText(bytes);
      expect(text).toContain('한서윤');
      expect(text).toContain('진단서');
      expect(text).toContain('급성 위장염');
      expect(text).toContain(code);

      // The QR code's page confirms it without health details.
      const verify = await phone.newPage();
      await verify.goto(`/verify/${code}`);
      await expect(verify.getByRole('heading', { level: 1 })).toContainText('병원이 발급한 문서가 맞습니다');
      await expect(verify.getByText('한*윤')).toBeVisible();
      await expect(verify.getByText('위장염')).toHaveCount(0);
      await checkA11y(verify);
      // A made-up code is refused (404), and that page is accessible too.
      allowFailures(/\/verify\/ABCD-EFGH-JKMN-PQRS$/);
      await verify.goto('/verify/ABCD-EFGH-JKMN-PQRS');
      await expect(verify.getByRole('heading', { level: 1 })).toContainText('확인되지 않는 문서입니다');
      await checkA11y(verify);
    } finally {
      await phone.close();
    }
  });

  /**
   * The new screens at 360 px and 200 % text, the console's queue and dialog, the verification
   * page, and a PDF page rendered with pdftoppm (poppler-utils), for docs/screenshots.
   */
  test(
    'document request screenshots',
    { tag: '@screenshots' },
    async ({
      page: staffPage,
      browser,
      baseURL,
      api,
      createStaff,
      createPatient,
      loginAsPatient,
      loginAsStaff,
      allowFailures,
    }) => {
      test.setTimeout(240_000);
      // The refused verification page answers 404 on purpose.
      allowFailures(/\/verify\/ABCD-EFGH-JKMN-PQRS$/);
      const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
      mkdirSync(`${root}/patient/text-200`, { recursive: true });
      mkdirSync(`${root}/staff`, { recursive: true });
      const staff = await nurseOfThisTest(api, createStaff);
      const staffTokens = await api.loginStaff(staff.account.loginId, staff.account.password);
      const patient = await createPatient({ hospitalIdx: staff.profile.hospitalIdx, name: '김민지' });
      const token = patient.tokens.accessToken;
      const ask = (body: Record<string, unknown>) =>
        api.data<DocumentRequest>('POST', apiPaths.documentRequest.create, {
          token,
          body: {
            copies: 1,
            language: 'KO',
            delivery: 'APP_PDF',
            clientRequestId: crypto.randomUUID(),
            ...body,
          },
        });
      const staffPut = (path: string, body: Record<string, unknown>) =>
        api.data<DocumentRequest>('PUT', path, { token: staffTokens.accessToken, body });
      await ask({
        type: 'RECEIPT',
        department: '정형외과',
        periodFrom: '2026-11-02',
        periodTo: '2026-11-20',
        delivery: 'DESK',
      });
      const rejected = await ask({ type: 'OPINION', department: '신경과', purpose: 'EMPLOYER' });
      await staffPut(apiPaths.documentRequest.reject, {
        idx: rejected.idx,
        reason: '담당 의사 진료 기록이 없어 발급할 수 없습니다.',
      });
      const issued = await ask({ type: 'DIAGNOSIS', department: '내과', purpose: 'INSURANCE', copies: 2 });
      await staffPut(apiPaths.documentRequest.review, { idx: issued.idx });
      const done = await staffPut(apiPaths.documentRequest.issue, {
        idx: issued.idx,
        content:
          '병명: 급성 위장염\n질병분류기호: K52.9\n발병일: 2026-11-18\n진단일: 2026-11-19\n향후 3일간 안정 가료를 요함.',
      });
      await ask({
        type: 'ADMISSION_CONFIRMATION',
        department: '외과',
        purpose: 'INSURANCE',
        periodFrom: '2026-10-01',
        periodTo: '2026-10-07',
      });

      const phone = await browser.newContext({
        baseURL: baseURL!,
        viewport: { width: 360, height: 780 },
        deviceScaleFactor: 1,
        // A phone's user agent, so the "use a phone" banner of desktop browsers stays away.
        userAgent: phoneContext.userAgent,
        isMobile: true,
        hasTouch: true,
        locale: 'ko-KR',
        timezoneId: 'Asia/Seoul',
      });
      const page = await phone.newPage();
      try {
        await loginAsPatient(page, patient.loginId, { password: patient.password });
        const shots: [string, () => Promise<void>][] = [
          ['document-request-list', () => navigate(page, '/hospital/documentrequest/list')],
          [
            'document-request-form',
            async () => {
              await page.goto('/#/hospital/documentrequest/list?new=1');
              await expect(page.getByTestId('document-fee')).toBeVisible();
            },
          ],
          [
            'document-request-detail-issued',
            () => navigate(page, '/hospital/documentrequest/:idx', { idx: done.idx }),
          ],
          [
            'document-request-detail-rejected',
            () => navigate(page, '/hospital/documentrequest/:idx', { idx: rejected.idx }),
          ],
        ];
        for (const size of ['normal', 'xlarge'] as const) {
          await page.evaluate((value) => localStorage.setItem('smartcare.textSize', value), size);
          await page.reload();
          for (const [name, open] of shots) {
            await open();
            await settled(page);
            await page.waitForLoadState('networkidle');
            await page.evaluate(async () => {
              // From the top, so the sticky header sits where it belongs in a full-page shot.
              window.scrollTo(0, 0);
              await document.fonts.ready;
            });
            const path =
              size === 'normal' ? `${root}/patient/${name}.png` : `${root}/patient/text-200/${name}.png`;
            await page.screenshot({ path, fullPage: true });
          }
        }
        await page.goto(`/verify/${done.verifyCode}`);
        await page.screenshot({ path: `${root}/patient/document-verify-genuine.png`, fullPage: true });
        await page.goto('/verify/ABCD-EFGH-JKMN-PQRS');
        await page.screenshot({ path: `${root}/patient/document-verify-refused.png`, fullPage: true });

        await loginAsStaff(staffPage, staff.account.loginId, { password: staff.account.password });
        await staffPage
          .getByRole('navigation', { name: '주 메뉴' })
          .getByRole('link', { name: '서류 발급' })
          .click();
        await expect(staffPage.getByRole('row').filter({ hasText: '김민지' }).first()).toBeVisible();
        await staffPage.screenshot({ path: `${root}/staff/document-requests.png` });
        await staffPage
          .getByRole('row')
          .filter({ hasText: '입·퇴원확인서' })
          .getByRole('button', { name: /요청 열기/ })
          .click();
        await staffPage.getByRole('dialog').getByRole('button', { name: '검토 시작' }).click();
        await expect(staffPage.getByRole('dialog').getByLabel('증명서 내용')).toBeVisible();
        await staffPage.screenshot({ path: `${root}/staff/document-request-issue.png` });

        // The certificate itself: the first page rendered by poppler.
        const file = await api.data<{ contentBase64: string }>('GET', apiPaths.documentRequest.download, {
          token,
          query: { idx: done.idx },
        });
        const work = mkdtempSync(join(tmpdir(), 'smartcare-pdf-'));
        try {
          const pdf = join(work, 'certificate.pdf');
          writeFileSync(pdf, Buffer.from(file.contentBase64, 'base64'));
          execFileSync('pdftoppm', [
            '-png',
            '-r',
            '80',
            '-f',
            '1',
            '-l',
            '1',
            '-singlefile',
            pdf,
            join(work, 'page'),
          ]);
          copyFileSync(join(work, 'page.png'), `${root}/patient/document-certificate-pdf.png`);
        } finally {
          rmSync(work, { recursive: true, force: true });
        }
      } finally {
        await phone.close();
      }
    },
  );
});
