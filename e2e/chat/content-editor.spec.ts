import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { StaffProfile } from '@smartcare/contract/staff';
import type { Api } from '../support/api.ts';
import { expect, navigate, test } from '../support/fixtures.ts';
import type { PooledStaff, StaffWanted } from '../support/staff-pool.ts';
import { openPhone } from './two-people.ts';

/**
 * Issue 14, the staff content editor: an administrator writes a notice with an image in the
 * console, previews it as the phone shows it and publishes it; the patient of that hospital
 * sees it unread, opens it with its image, and it is read. (The 초성 search and the FAQ opening
 * in place are proven by e2e/patient/hospital-info.spec.ts.) Runs in the `chat` project:
 * the console on the desktop page, the patient in a phone context of its own.
 */

/** A real 240×120 PNG, a small floor map (the server checks the bytes). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAPAAAAB4CAIAAABD1OhwAAABqUlEQVR42u3doQ2AMBCG0S6AI0Gi0RjmYTA2YA+mwdRRg+gIJE2u' +
    'vOSb4O75P83LKnVTcgIBLQEtNQZ95yKFC2gBLQEtAS0BLaCBFtAS0BLQEtACGmgBLQEtAS0BLaCBFtC5TPul2sevbMegGtBAAw00' +
    '0EADDTTQQAMNNNBAAw000EADDTTQQAMNNNBAAw000EADDTTQQAMNNNBAAw000EADDTTQQAMNtIAGGmiggQYaaKCBBhpooIEGGmig' +
    'gQYaaKCBBhpooIEGGmiggQYaaKCBBhpooIEGGmiggQYaaKB/DVomKYAW0EADDTTQQAMtoIEW0EADDTTQQAMNNNBAC2igBXRw0M85' +
    'qgY00EADDTTQQAMNNNBAAw000EADDTTQQAMNNNBAAw000EADDTTQQAMNNNBAAw000EADDTTQQAMNNNBAAy2ggQYaaKCBBhpooIEG' +
    'GmiggQYaaKCBBhpooIEGGmiggQYaaKCBBhpooIEGGmiggQYaaKCBBjokaKmrSQoJaAloCWgBLQEtAS0BLQEtoCWgJaAloCWgBbQU' +
    'F7QUPaAFtAS01KAXfvfOKhVgOh4AAAAASUVORK5CYII=',
  'base64',
);

async function settled(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: /불러오는 중/ })).toHaveCount(0);
}

async function editorOfThisTest(api: Api, createStaff: (wanted?: StaffWanted) => Promise<PooledStaff>) {
  const account = await createStaff({ role: 'ADMIN' });
  const tokens = await api.loginStaff(account.loginId, account.password);
  const profile = await api.data<StaffProfile>('GET', apiPaths.staff.getMyData, {
    token: tokens.accessToken,
  });
  return { account, profile };
}

/** Writes a notice with an image in the body; leaves the form open, saved as a draft. */
async function writeNotice(page: Page, title: string) {
  await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '콘텐츠' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '병원 콘텐츠' })).toBeVisible();
  await page.getByRole('button', { name: '새 공지사항' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '새 공지사항' })).toBeVisible();
  await page.getByRole('combobox', { name: '분류' }).fill('시설 안내');
  await page.getByRole('textbox', { name: '제목' }).fill(title);
  await page
    .getByRole('textbox', { name: '본문' })
    .fill('<h2>공사 기간</h2>\n<p>12월 1일부터 12월 14일까지 지하 2층 주차장을 쓸 수 없습니다.</p>\n');
  await page
    .getByTestId('body-image-input')
    .setInputFiles({ name: '주차장 안내도.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('textbox', { name: '본문' })).toHaveValue(
    /<img src="\/medical2\/app\/api\/hospitalContent\/getFile\?key=[0-9a-f]{32}" alt="주차장 안내도">/,
  );
}

test.describe('content editor', () => {
  test('an editor publishes a notice with an image; the patient sees it unread, opens it with the image, and it is read', async ({
    page,
    browser,
    baseURL,
    api,
    createStaff,
    createPatient,
    loginAsPatient,
    loginAsStaff,
    checkA11y,
  }) => {
    test.setTimeout(120_000);
    const editor = await editorOfThisTest(api, createStaff);
    const patient = await createPatient({ hospitalIdx: editor.profile.hospitalIdx });
    const title = `지하 주차장 공사 안내 ${Date.now() % 100000}`;

    await loginAsStaff(page, editor.account.loginId, { password: editor.account.password });
    await writeNotice(page, title);
    await checkA11y(page);

    // The preview: the stored (sanitised) body in a 360 px phone frame, image included.
    await page.getByRole('button', { name: '저장하고 미리보기' }).click();
    const frame = page.getByRole('region', { name: '환자 앱 화면 (360px)' });
    await expect(frame.getByRole('heading', { name: title })).toBeVisible();
    await expect(frame.getByRole('heading', { name: '공사 기간' })).toBeVisible();
    const previewImage = frame.locator('img');
    await expect(previewImage).toBeVisible();
    expect(await previewImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await checkA11y(page);
    await page.getByRole('button', { name: '닫기' }).first().click();
    await expect(frame).toBeHidden();

    await page.getByRole('button', { name: '저장하고 지금 게시' }).click();
    await expect(page.getByText('게시했습니다. 환자 앱에 바로 보입니다.')).toBeVisible();
    await expect(page.locator('.ce-status').first()).toContainText('게시 중');
    await expect(page.getByRole('region', { name: '변경 기록' })).toContainText(editor.profile.name);

    // The list has it, published.
    await page.getByRole('link', { name: '← 목록으로' }).click();
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('게시 중');
    await checkA11y(page);

    // The patient of that hospital.
    const phone = await openPhone(browser, baseURL!);
    const patientPage = await phone.newPage();
    try {
      await loginAsPatient(patientPage, patient.loginId, { password: patient.password });
      await navigate(patientPage, '/hospital/news/notice');
      const notice = patientPage.locator('.hi-row').filter({ hasText: title });
      await expect(notice).toContainText('안 읽음');
      await notice.click();
      await expect(patientPage.getByRole('heading', { level: 2, name: title })).toBeVisible();
      const image = patientPage.locator('.hi-rich img');
      await expect(image).toBeVisible();
      expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
        true,
      );
      await checkA11y(patientPage);
      await patientPage.getByRole('button', { name: '뒤로 가기' }).click();
      await expect(patientPage.locator('.hi-row').filter({ hasText: title })).toBeVisible();
      await expect(patientPage.locator('.hi-row').filter({ hasText: title })).not.toContainText('안 읽음');
    } finally {
      await phone.close();
    }
  });

  test('staff who are not editors have no 콘텐츠 tab and the address is closed', async ({
    page,
    createStaff,
    loginAsStaff,
  }) => {
    const nurse = await createStaff({ role: 'NURSE' });
    await loginAsStaff(page, nurse.loginId, { password: nurse.password });
    await expect(page.getByRole('navigation', { name: '주 메뉴' })).toBeVisible();
    await expect(page.getByRole('link', { name: '콘텐츠' })).toHaveCount(0);
    await page.goto('/staff/#/content');
    await expect(page.getByText('콘텐츠를 편집할 권한이 없습니다')).toBeVisible();
  });
});

test(
  'screenshots of the content editor (list, form, preview; desktop and 360 px) for docs/screenshots/staff',
  { tag: '@screenshots' },
  async ({ page, api, createStaff, loginAsStaff }) => {
    test.setTimeout(180_000);
    const dir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots/staff');
    mkdirSync(dir, { recursive: true });
    const editor = await editorOfThisTest(api, createStaff);
    await loginAsStaff(page, editor.account.loginId, { password: editor.account.password });
    // The console scrolls inside its main panel: a tall window shows each screen whole.
    const size = (width: number) => page.setViewportSize({ width, height: 1500 });
    const shot = async (name: string) => {
      await settled(page);
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
    };
    await page.getByRole('link', { name: '콘텐츠' }).click();
    await expect(page.getByRole('table')).toBeVisible();
    await size(1280);
    await shot('content-list');
    await size(360);
    await shot('content-list-360');
    await size(1280);

    await writeNotice(page, '지하 주차장 공사 안내');
    await page.getByRole('checkbox', { name: '중요 공지로 알림 보내기' }).check();
    await page.getByRole('button', { name: '저장', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: '공지사항 편집' })).toBeVisible();
    await shot('content-form');
    await size(360);
    await shot('content-form-360');
    await size(1280);

    await page.getByRole('button', { name: '저장하고 미리보기' }).click();
    await expect(page.getByRole('region', { name: '환자 앱 화면 (360px)' }).locator('img')).toBeVisible();
    await shot('content-preview');
  },
);
