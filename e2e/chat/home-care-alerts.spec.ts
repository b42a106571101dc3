import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { Hospital } from '@smartcare/contract/hospital';
import { expect, navigate, test } from '../support/fixtures.ts';
import { CONSOLE_SHOT_SIZES, consoleShotContext } from '../support/screenshot.ts';
import { nurseOfThisTest, openPhone } from './two-people.ts';

/**
 * Issue 13 "Proof": a home-care patient records an urgent blood pressure on the phone; the
 * nurse's console shows the alert live with its sound, a nurse acknowledges it with one click
 * and the acknowledgement (who, when) is on the patient's page.
 */
const openHomeCareTab = async (page: Page) => {
  await page
    .getByRole('navigation', { name: '주 메뉴' })
    .getByRole('link', { name: /재택 환자/ })
    .click();
  await expect(page.getByRole('heading', { name: '재택 환자 관찰' })).toBeVisible();
};

test.describe('home-care urgent alerts', () => {
  test('an urgent blood pressure on the phone reaches the console live with sound; a nurse acknowledges it', async ({
    page: nursePage,
    browser,
    baseURL,
    api,
    createStaff,
    createPatient,
    loginAsPatient,
    loginAsStaff,
    checkA11y,
  }, testInfo) => {
    const nurse = await nurseOfThisTest(api, createStaff);
    const patient = await createPatient({ area: 'HOMECARE', hospitalIdx: nurse.profile.hospitalIdx });
    const phone = await openPhone(browser, baseURL!);
    const patientPage = await phone.newPage();
    try {
      await loginAsStaff(nursePage, nurse.account.loginId, { password: nurse.account.password });
      await openHomeCareTab(nursePage);
      await expect(nursePage.getByText('실시간 연결됨')).toBeVisible();
      const row = nursePage.locator('.watch-row').filter({ hasText: patient.name });
      await expect(row).toContainText('기록한 적 없음');
      await expect(nursePage.getByText('확인하지 않은 긴급 알림이 없습니다.')).toBeVisible();
      await checkA11y(nursePage);

      // The patient records 185/112 through the form and is told what to do at once.
      await loginAsPatient(patientPage, patient.loginId, { password: patient.password, area: 'homecare' });
      await navigate(patientPage, '/homecare/mystatus/bloodpressure/regist');
      await patientPage.getByLabel('수축기 혈압 (mmHg, 높은 쪽)').fill('185');
      await patientPage.getByLabel('이완기 혈압 (mmHg, 낮은 쪽)').fill('112');
      await patientPage.getByRole('button', { name: '저장하기' }).click();
      await expect(patientPage.getByText('지금 바로 조치가 필요한 수치입니다')).toBeVisible();
      await expect(patientPage.getByText(/담당 간호사에게 바로 연락해 주세요/)).toBeVisible();
      await expect(patientPage.getByRole('link', { name: '119 전화하기' })).toHaveAttribute(
        'href',
        'tel:119',
      );

      // The console: a banner in words, the beep played, the patient first on the list.
      const banner = nursePage.getByTestId('home-care-alert-banner');
      await expect(banner).toContainText(`긴급 수치: ${patient.name} 님 혈압 185/112 mmHg (고혈압 2기)`);
      await expect(banner).toHaveAttribute('data-sound-played', 'true');
      await expect(row).toContainText('범위 벗어남 1건 (24시간)');
      await expect(row).toContainText('미확인 긴급 알림 1건');
      await expect(nursePage.locator('.watch-row').first()).toContainText(patient.name);
      await nursePage.screenshot({ path: testInfo.outputPath('home-care-alert.png') });

      // One click acknowledges it; the banner says who and when.
      await banner.getByRole('button', { name: `${patient.name} 님 혈압 긴급 알림 확인` }).click();
      await expect(banner).toContainText(`${nurse.profile.name} 확인 · `);
      await expect(nursePage.getByText('확인하지 않은 긴급 알림이 없습니다.')).toBeVisible();

      // The patient's page: the alert with its acknowledgement, the chart and its numbers.
      await banner.getByRole('button', { name: '닫기' }).click();
      await row.getByRole('link', { name: `${patient.name} 님 상세 보기` }).click();
      await expect(nursePage.getByRole('heading', { name: `${patient.name} 님` })).toBeVisible();
      const history = nursePage.getByRole('region', { name: '긴급 알림 기록' });
      await expect(history).toContainText('혈압 185/112 mmHg (고혈압 2기)');
      await expect(history).toContainText(`${nurse.profile.name} 확인 · `);
      await expect(nursePage.getByRole('img', { name: '혈압 추이 그래프' })).toBeVisible();
      await expect(nursePage.getByText(/^1건 · 평균 185\/112 mmHg/)).toBeVisible();

      // A note with who and when, and a personal target (bad input refused first).
      await nursePage.getByLabel('메모 내용').fill('저녁에 다시 재도록 안내함');
      await nursePage.getByRole('button', { name: '메모 저장' }).click();
      await expect(nursePage.getByTestId('care-note-by')).toContainText(`${nurse.profile.name} 작성 · `);
      const bp = nursePage.getByRole('form', { name: '혈압' });
      await bp.getByLabel('수축기 (미만)').fill('400');
      await bp.getByRole('button', { name: '혈압 목표 저장' }).click();
      await expect(bp.getByText('수축기 혈압은 50~300 mmHg 사이로 입력해 주세요')).toBeVisible();
      await bp.getByLabel('수축기 (미만)').fill('130');
      await bp.getByLabel('이완기 (미만)').fill('80');
      await bp.getByRole('button', { name: '혈압 목표 저장' }).click();
      await expect(nursePage.getByText('혈압 목표를 저장했습니다.')).toBeVisible();
      await expect(nursePage.getByText('목표보다 높음').first()).toBeVisible();
      // The pointer leaves the button it clicked: axe judges the resting colours, not the hover.
      await nursePage.mouse.move(0, 0);
      await checkA11y(nursePage);
      await nursePage.screenshot({ path: testInfo.outputPath('home-care-patient.png'), fullPage: true });
    } finally {
      await phone.close();
    }
  });

  test('the urgent banner reads on a page outside the home-care tab, at every console size', async ({
    page: nursePage,
    api,
    createStaff,
    createPatient,
    loginAsStaff,
    checkA11y,
  }, testInfo) => {
    // The other demo hospital: the other tests' consoles are in the first, where this alert's
    // banner would pop up over their pages too.
    const hospitals = await api.data<Hospital[]>('GET', apiPaths.hospital.getHospitalList);
    const hospitalIdx = Math.max(...hospitals.map((h) => h.idx));
    const nurse = await nurseOfThisTest(api, (wanted) => createStaff({ ...wanted, hospitalIdx }));
    const patient = await createPatient({ area: 'HOMECARE', hospitalIdx });
    // The console opens on the chat: no home-care page has been loaded, nor its styles.
    await loginAsStaff(nursePage, nurse.account.loginId, { password: nurse.account.password });
    await expect(nursePage.getByRole('heading', { name: '상담 목록' })).toBeVisible();
    await expect(nursePage.getByRole('status').filter({ hasText: '실시간 연결됨' })).toBeVisible();

    const banner = nursePage.getByTestId('home-care-alert-banner');
    // Recorded again until the banner shows: the console's subscription may still be on its way.
    await expect(async () => {
      await api.call('POST', apiPaths.vitalSign.record, {
        token: patient.tokens.accessToken,
        body: { kind: 'BLOOD_PRESSURE', systolic: 186, diastolic: 113 },
      });
      await expect(banner).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await expect(banner).toContainText(`긴급 수치: ${patient.name} 님 혈압 186/113 mmHg`);
    await expect(banner.getByRole('link', { name: '환자 보기' })).toBeVisible();
    await checkA11y(nursePage);

    for (const [suffix, viewport, zoom] of CONSOLE_SHOT_SIZES) {
      await nursePage.setViewportSize(viewport);
      await nursePage.evaluate((z) => (document.body.style.zoom = z), zoom);
      await expect(banner).toBeVisible();
      await nursePage.screenshot({
        path: testInfo.outputPath(`chat-page-alert-${suffix.replace(/^-|\/$/g, '') || 'wide'}.png`),
      });
    }
  });

  /** The watch list and a patient's page for docs/screenshots/staff, wide, at 360 px and at 200 % text. */
  test(
    'home-care screenshots',
    { tag: '@screenshots' },
    async ({ browser, baseURL, api, createStaff, createPatient, loginAsStaff }) => {
      const nurse = await nurseOfThisTest(api, createStaff);
      const hospitalIdx = nurse.profile.hospitalIdx;
      const high = await createPatient({ area: 'HOMECARE', hospitalIdx, name: '김고혈' });
      const calm = await createPatient({ area: 'HOMECARE', hospitalIdx, name: '이안정' });
      await createPatient({ area: 'HOMECARE', hospitalIdx, name: '박조용' });
      const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
      for (let day = 20; day >= 0; day -= 1) {
        await api.call('POST', apiPaths.vitalSign.record, {
          token: high.tokens.accessToken,
          body: {
            kind: 'BLOOD_PRESSURE',
            systolic: 138 + (day % 5) * 4,
            diastolic: 86 + (day % 3) * 3,
            pulse: 70 + (day % 4),
            effectiveAt: hoursAgo(day * 24 + 2),
          },
        });
      }
      await api.call('POST', apiPaths.vitalSign.record, {
        token: high.tokens.accessToken,
        // Now: the newest out-of-range reading of the hospital (staff pool hospitals are shared).
        body: { kind: 'BLOOD_PRESSURE', systolic: 182, diastolic: 104 },
      });
      await api.call('POST', apiPaths.vitalSign.record, {
        token: calm.tokens.accessToken,
        body: { kind: 'SPO2', percent: 97 },
      });
      const dir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots/staff');
      mkdirSync(`${dir}/text-200`, { recursive: true });
      for (const [suffix, viewport, zoom] of CONSOLE_SHOT_SIZES) {
        const context = await consoleShotContext(browser, baseURL, viewport);
        const page = await context.newPage();
        await loginAsStaff(page, nurse.account.loginId, { password: nurse.account.password });
        await openHomeCareTab(page);
        await expect(page.locator('.watch-row').first()).toContainText('김고혈');
        const shot = (name: string) =>
          suffix === 'text-200/' ? `${dir}/text-200/${name}.png` : `${dir}/${name}${suffix}.png`;
        if (zoom !== '1') await page.evaluate((z) => (document.body.style.zoom = z), zoom);
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: shot('home-care-list'), fullPage: true });
        await page.getByRole('link', { name: '김고혈 님 상세 보기' }).click();
        await expect(page.getByRole('img', { name: '혈압 추이 그래프' })).toBeVisible();
        if (zoom !== '1') await page.evaluate((z) => (document.body.style.zoom = z), zoom);
        await page.screenshot({ path: shot('home-care-patient'), fullPage: true });
        await context.close();
      }
    },
  );
});
