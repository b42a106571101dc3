import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { QnaQuestion } from '@smartcare/contract/qna';
import { expect, navigate, test } from '../support/fixtures.ts';
import { nurseOfThisTest, openPhone, phoneContext } from './two-people.ts';

/** A camera-like JPEG made by the browser's canvas (no image library needed in the test). */
async function jpegFrom(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 900;
    canvas.height = 600;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#dfe7f5';
    g.fillRect(0, 0, 900, 600);
    g.fillStyle = '#c0392b';
    g.fillRect(300, 200, 300, 200);
    return canvas.toDataURL('image/jpeg', 0.8);
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** Issue 17 (Q&A): a home-care patient asks with a photo, the nurse answers in the console, the patient reads it. */
test.describe('Q&A with the care team', () => {
  test('a question with a photo is answered in the staff console and the patient sees the answer live', async ({
    page: staffPage,
    browser,
    baseURL,
    createStaff,
    createPatient,
    loginAsPatient,
    loginAsStaff,
    api,
    checkA11y,
  }) => {
    test.setTimeout(180_000);
    const staff = await nurseOfThisTest(api, createStaff);
    const patient = await createPatient({
      area: 'HOMECARE',
      hospitalIdx: staff.profile.hospitalIdx,
      name: '윤재택',
    });
    const phone = await openPhone(browser, baseURL!);
    const patientPage = await phone.newPage();
    try {
      await loginAsPatient(patientPage, patient.loginId, { password: patient.password, area: 'homecare' });
      await navigate(patientPage, '/homecare/qna/list');
      await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('의료진에게 묻기');
      await expect(patientPage.getByText(/아직 남긴 질문이 없습니다/)).toBeVisible();
      await checkA11y(patientPage);

      await patientPage.getByRole('link', { name: '질문하기' }).click();
      await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('질문하기');
      // Nothing typed: a Korean message per field, nothing sent.
      await patientPage.getByRole('button', { name: '질문 보내기' }).click();
      await expect(patientPage.getByText('질문 분류를 골라 주세요')).toBeVisible();
      await expect(patientPage.getByText('제목을 입력해 주세요')).toBeVisible();
      await expect(patientPage.getByText('질문 내용을 입력해 주세요')).toBeVisible();
      await checkA11y(patientPage);

      await patientPage.getByRole('radio', { name: '증상' }).check();
      await patientPage.getByLabel('제목').fill('발목이 부었어요');
      await patientPage.getByLabel('질문 내용').fill('어제부터 왼쪽 발목이 부었습니다. <b>괜찮을까요?</b>');
      await patientPage.locator('input[type=file]').setInputFiles({
        name: 'ankle.jpg',
        mimeType: 'image/jpeg',
        buffer: await jpegFrom(patientPage),
      });
      await expect(patientPage.getByRole('img', { name: '올린 사진 1' })).toBeVisible();
      await checkA11y(patientPage);
      await patientPage.getByRole('button', { name: '질문 보내기' }).click();

      await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('질문 보기');
      await expect(patientPage.locator('.qna-status')).toHaveText('답변 대기');
      await expect(
        patientPage.getByText('어제부터 왼쪽 발목이 부었습니다. <b>괜찮을까요?</b>'),
      ).toBeVisible();
      await expect(patientPage.getByRole('img', { name: '올린 사진 1' })).toBeVisible();
      await checkA11y(patientPage);

      // Staff: the Q&A tab, the question with its photo, answer it.
      await loginAsStaff(staffPage, staff.account.loginId, { password: staff.account.password });
      await staffPage.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: 'Q&A' }).click();
      await expect(staffPage.getByRole('heading', { name: '재택 환자 질문' })).toBeVisible();
      const row = staffPage.getByRole('row').filter({ hasText: '윤재택' });
      await expect(row).toContainText('답변 대기');
      await expect(row).toContainText(/대기/);
      await checkA11y(staffPage);
      await row.getByRole('button', { name: '윤재택 님의 질문 “발목이 부었어요” 열기' }).click();
      const panel = staffPage.getByRole('complementary');
      await expect(panel.getByRole('img', { name: '환자가 올린 사진 1' })).toBeVisible();
      await expect(panel.getByText('최근 측정 기록이 없습니다.')).toBeVisible();
      await panel.getByRole('button', { name: '내가 담당하기' }).click();
      await expect(staffPage.getByText('담당자로 지정되었습니다.')).toBeVisible();
      await panel
        .getByLabel('답변', { exact: true })
        .fill('다리를 심장보다 높게 두고 쉬어 주세요. 내일도 부으면 외래로 오세요.');
      await checkA11y(staffPage);
      await panel.getByRole('button', { name: '답변 보내기' }).click();
      await expect(staffPage.getByText('답변을 보냈습니다. 환자에게 알림이 갑니다.')).toBeVisible();

      // The patient's screen follows without a reload: the answer with the nurse's name and role.
      await expect(patientPage.locator('.qna-status')).toHaveText('답변 완료');
      await expect(patientPage.getByText(`${staff.profile.name} 간호사`)).toBeVisible();
      await expect(patientPage.getByText(/다리를 심장보다 높게/)).toBeVisible();
      await checkA11y(patientPage);
    } finally {
      await phone.close();
    }
  });

  test(
    'screenshots of the Q&A screens at 360 px and 200 % text, and the console',
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
    }) => {
      test.setTimeout(180_000);
      const staff = await nurseOfThisTest(api, createStaff);
      const patient = await createPatient({
        area: 'HOMECARE',
        hospitalIdx: staff.profile.hospitalIdx,
        name: '윤재택',
      });
      const context = await browser.newContext({
        baseURL,
        viewport: { width: 360, height: 780 },
        deviceScaleFactor: 1,
        // A phone's user agent: without it the app shows its desktop banner (모바일로 접속해 주세요).
        userAgent: phoneContext.userAgent,
        isMobile: true,
        hasTouch: true,
        locale: 'ko-KR',
        timezoneId: 'Asia/Seoul',
      });
      const page = await context.newPage();
      const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots/patient');
      mkdirSync(`${root}/text-200`, { recursive: true });
      const { accessToken } = await loginAsPatient(page, patient.loginId, {
        password: patient.password,
        area: 'homecare',
      });
      const photo = { dataBase64: (await jpegFrom(page)).toString('base64') };
      const asked = await api.data<QnaQuestion>('POST', apiPaths.qna.createQuestion, {
        token: accessToken,
        body: {
          category: 'MEDICATION',
          title: '혈압약을 저녁에 먹어도 되나요?',
          text: '아침에 자주 잊어버립니다. 저녁에 먹어도 괜찮을까요?',
          photos: [photo],
          clientRequestId: `shot-${Date.now()}`,
        },
      });
      await api.data('POST', apiPaths.qna.createQuestion, {
        token: accessToken,
        body: {
          category: 'DEVICE',
          title: '혈당계 사용법',
          text: '숫자가 안 나옵니다.',
          clientRequestId: `shot2-${Date.now()}`,
        },
      });
      const nurse = await api.loginStaff(staff.account.loginId, staff.account.password);
      await api.data('POST', apiPaths.qna.answer, {
        token: nurse.accessToken,
        body: {
          idx: asked.idx,
          text: '네, 매일 같은 시간에 드시면 저녁도 괜찮습니다. 다음 외래 때 말씀해 주세요.',
        },
      });
      for (const [dir, size] of [
        [root, 'normal'],
        [`${root}/text-200`, 'xlarge'],
      ] as const) {
        await page.evaluate((value) => localStorage.setItem('smartcare.textSize', value), size);
        await navigate(page, '/homecare/qna/list');
        await page.reload();
        await expect(page.getByText('혈당계 사용법')).toBeVisible();
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: `${dir}/qna-list.png`, fullPage: true });
        await navigate(page, '/homecare/qna/:idx', { idx: asked.idx });
        await expect(page.getByText(/매일 같은 시간에/)).toBeVisible();
        await expect(page.getByRole('img', { name: '올린 사진 1' })).toBeVisible();
        await page.screenshot({ path: `${dir}/qna-detail.png`, fullPage: true });
        await navigate(page, '/homecare/qna/regist');
        await page.getByRole('button', { name: '질문 보내기' }).click();
        await expect(page.getByText('제목을 입력해 주세요')).toBeVisible();
        // From the top: the refusal scrolled to the first field, and a full-page shot of a
        // scrolled page draws the sticky header in the middle.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${dir}/qna-regist.png`, fullPage: true });
      }
      await context.close();

      await staffPage.setViewportSize({ width: 1280, height: 1000 });
      await loginAsStaff(staffPage, staff.account.loginId, { password: staff.account.password });
      await staffPage.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: 'Q&A' }).click();
      await expect(staffPage.getByRole('heading', { name: '재택 환자 질문' })).toBeVisible();
      const row = staffPage.getByRole('row').filter({ hasText: '혈당계 사용법' });
      await row.getByRole('button', { name: /열기$/ }).click();
      await expect(staffPage.getByRole('complementary').getByText('숫자가 안 나옵니다.')).toBeVisible();
      const staffRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots/staff');
      mkdirSync(staffRoot, { recursive: true });
      await staffPage.screenshot({ path: `${staffRoot}/qna-queue.png`, fullPage: true });
    },
  );
});
