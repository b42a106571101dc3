import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { apiPaths } from '@smartcare/contract/api-paths';
import { TELEMEDICINE_CONSENT_VERSION, type TelemedicineVisit } from '@smartcare/contract/telemedicine';
import { withFakeMedia } from '../playwright.config.ts';
import { expect, test } from '../support/fixtures.ts';
import { nurseOfThisTest, phoneContext } from './two-people.ts';

/**
 * Issue 17: the patient's telemedicine screenshots in docs/screenshots/patient (360 px, phone
 * user agent, Korean) and at 200 % text (in-app 아주 크게) in docs/screenshots/patient/text-200:
 * the list with visits and empty, the detail before (with the consent time) and after (summary
 * pending, summary written), the device check, the refused-camera guidance, the waiting room and
 * the call (portrait, landscape, the clinician's camera off). Each shot is taken from the top of
 * the page once toasts and in-app notices have gone. Fake camera and microphone, as in
 * telemedicine.spec.ts (a worker option: this file gets a worker of its own).
 */
test.use({ launchOptions: withFakeMedia });

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots/patient');
const SIZES = [
  [root, 'normal'],
  [`${root}/text-200`, 'xlarge'],
] as const;
/** Small files: 360×780 at 1×, like the other patient screenshots. */
const phone360 = { ...phoneContext, viewport: { width: 360, height: 780 }, deviceScaleFactor: 1 };

/** No toast, no in-app notice banner, fonts loaded, at the top. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('.notification-notice')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('.toast')).toHaveCount(0, { timeout: 10_000 });
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function textSize(page: Page, size: 'normal' | 'xlarge'): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('smartcare.textSize', value), size);
}

test(
  "screenshots of the patient's telemedicine screens at 360 px and 200 % text",
  { tag: '@screenshots' },
  async ({
    page: staffPage,
    browser,
    playwright,
    baseURL,
    api,
    createStaff,
    createPatient,
    loginAsPatient,
    loginAsStaff,
  }) => {
    test.setTimeout(300_000);
    mkdirSync(`${root}/text-200`, { recursive: true });
    const nurse = await nurseOfThisTest(api, createStaff);
    const staffToken = (await api.loginStaff(nurse.account.loginId, nurse.account.password)).accessToken;
    const patient = await createPatient({
      hospitalIdx: nurse.profile.hospitalIdx,
      area: 'HOMECARE',
      name: '김하늘',
    });
    const nobody = await createPatient({
      hospitalIdx: nurse.profile.hospitalIdx,
      area: 'HOMECARE',
      name: '박서준',
    });
    const token = patient.tokens.accessToken;
    const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const book = (at: Date, reason: string, preparation?: string) =>
      api.data<TelemedicineVisit>('POST', apiPaths.telemedicine.book, {
        token: staffToken,
        body: {
          patientIdx: patient.idx,
          staffIdx: nurse.profile.idx,
          department: '가정의학과',
          scheduledAt: at.toISOString(),
          durationMin: 20,
          reason,
          ...(preparation ? { preparation } : {}),
        },
      });
    const staffPut = (path: string, body: Record<string, unknown>) =>
      api.data('PUT', path, { token: staffToken, body });
    /** A visit held now through the API and ended (the clinician may hold one open visit at a time). */
    const heldVisit = async (reason: string) => {
      const visit = await book(now, reason);
      await api.data('PUT', apiPaths.telemedicine.enterWaitingRoom, {
        token,
        body: { visitIdx: visit.visitIdx },
      });
      await staffPut(apiPaths.telemedicine.admit, { visitIdx: visit.visitIdx });
      await staffPut(apiPaths.telemedicine.endCall, { visitIdx: visit.visitIdx });
      return visit.visitIdx;
    };
    await api.data('PUT', apiPaths.telemedicine.agreeConsent, {
      token,
      body: { version: TELEMEDICINE_CONSENT_VERSION },
    });
    const summarised = await heldVisit('혈압약 복용 후 어지러움 상담');
    await staffPut(apiPaths.telemedicine.writeSummary, {
      visitIdx: summarised,
      summary: '퇴원 후 혈압이 130/80 전후로 안정적입니다. 현재 용량을 유지합니다.',
      followUp: '2주 뒤 비대면 진료로 혈압 기록을 함께 봅니다.',
    });
    const pending = await heldVisit('당뇨 정기 상담');
    const today = (await book(now, '혈압약 조정 상담', '오늘 아침 혈압을 재 두고, 드시는 약을 곁에 두세요'))
      .visitIdx;
    await book(new Date(now.getTime() + 7 * 86_400_000), '복약 상담');

    const context = await browser.newContext({ baseURL, ...phone360 });
    const page = await context.newPage();
    try {
      await loginAsPatient(page, patient.loginId, { password: patient.password, area: 'homecare' });
      for (const [dir, size] of SIZES) {
        await textSize(page, size);
        await page.goto('/#/homecare/telemedicine/list');
        await page.reload();
        await expect(page.getByText('다음 진료')).toBeVisible();
        await expect(page.getByText('지난 진료')).toBeVisible();
        await settled(page);
        await page.screenshot({ path: `${dir}/telemedicine-list.png`, fullPage: true });

        await page.goto(`/#/homecare/telemedicine/${today}`);
        await expect(page.getByText(/에 동의하셨습니다\./)).toBeVisible();
        await expect(page.getByRole('link', { name: '입장하기' })).toBeVisible();
        await settled(page);
        await page.screenshot({ path: `${dir}/telemedicine-detail.png`, fullPage: true });

        await page.goto(`/#/homecare/telemedicine/${summarised}`);
        await expect(page.getByText(/130\/80 전후로 안정적/)).toBeVisible();
        await settled(page);
        await page.screenshot({ path: `${dir}/telemedicine-detail-summary.png`, fullPage: true });

        await page.goto(`/#/homecare/telemedicine/${pending}`);
        await expect(page.getByText(/진료 요약이 아직 등록되지 않았습니다/)).toBeVisible();
        await settled(page);
        await page.screenshot({ path: `${dir}/telemedicine-detail-complete.png`, fullPage: true });

        await page.goto(`/#/homecare/telemedicine/config?visitIdx=${today}`);
        await expect(page.getByText('카메라: 잘 작동합니다')).toBeVisible({ timeout: 20_000 });
        await expect(page.getByText('마이크: 잘 작동합니다')).toBeVisible();
        await page.getByRole('button', { name: '소리 들어보기' }).click();
        await page.getByRole('button', { name: '네, 들렸어요' }).click();
        await expect(page.getByText('인터넷 연결을 확인하는 중입니다')).toHaveCount(0, { timeout: 30_000 });
        await settled(page);
        await page.screenshot({ path: `${dir}/telemedicine-config.png`, fullPage: true });
      }

      // The waiting room, then the call (the clinician admits in the console).
      for (const [dir, size] of SIZES) {
        await textSize(page, size);
        await page.goto(`/#/homecare/telemedicine/videocall?visitIdx=${today}`);
        await page.reload();
        await expect(page.getByText('대기 순서: 1번째')).toBeVisible({ timeout: 20_000 });
        await settled(page);
        await page.screenshot({ path: `${dir}/telemedicine-waiting.png`, fullPage: true });
      }
      await loginAsStaff(staffPage, nurse.account.loginId, { password: nurse.account.password });
      await staffPage.goto(`/staff/#/telemedicine/${today}`);
      await staffPage.getByRole('button', { name: `${patient.name} 님 입장시키기` }).click();
      const remote = page.getByTestId('remote-video');
      for (const [dir, size] of [...SIZES].reverse()) {
        if (size === 'normal') {
          // A reload in the call: the call comes back (decision 033 §4) at the other text size.
          await textSize(page, size);
          await page.reload();
        }
        await expect(page.getByRole('button', { name: '진료 마치기' })).toBeVisible({ timeout: 20_000 });
        await expect(remote).toHaveAttribute('data-frames-decoded', /^[1-9]/, { timeout: 30_000 });
        await expect(page.getByText(/연결 상태: (좋음|보통|나쁨)/)).toBeVisible({ timeout: 15_000 });
        await settled(page);
        await page.screenshot({ path: `${dir}/telemedicine-call.png`, fullPage: true });
      }
      // Turned sideways.
      await page.setViewportSize({ width: 780, height: 360 });
      await settled(page);
      await page.screenshot({ path: `${root}/telemedicine-call-landscape.png` });
      await page.setViewportSize({ width: 360, height: 780 });
      // The clinician turns the camera off; the patient is told.
      await staffPage.getByRole('button', { name: '카메라 끄기' }).click();
      await expect(page.getByText('의료진이 카메라를 껐습니다')).toBeVisible({ timeout: 15_000 });
      await settled(page);
      await page.screenshot({ path: `${root}/telemedicine-call-remote-camera-off.png`, fullPage: true });
      await staffPage.getByRole('button', { name: '진료 종료' }).click();
      await staffPage.getByRole('dialog').getByRole('button', { name: '진료 마치기' }).click();
      await expect(page).toHaveURL(new RegExp(`#/homecare/telemedicine/${today}$`), { timeout: 20_000 });
    } finally {
      await context.close();
    }

    // A patient without visits: the empty list.
    const emptyContext = await browser.newContext({ baseURL, ...phone360 });
    try {
      const emptyPage = await emptyContext.newPage();
      await loginAsPatient(emptyPage, nobody.loginId, { password: nobody.password, area: 'homecare' });
      for (const [dir, size] of SIZES) {
        await textSize(emptyPage, size);
        await emptyPage.goto('/#/homecare/telemedicine/list');
        await emptyPage.reload();
        await expect(
          emptyPage.getByText('예약된 비대면 진료가 없습니다. 진료 예약은 병원에 문의해 주세요.'),
        ).toBeVisible();
        await settled(emptyPage);
        await emptyPage.screenshot({ path: `${dir}/telemedicine-list-empty.png`, fullPage: true });
      }
    } finally {
      await emptyContext.close();
    }

    // The camera refused: a browser without the fake consent UI, and no permission granted.
    const refusing = await playwright.chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--lang=ko-KR', '--use-fake-device-for-media-stream'],
    });
    try {
      const deniedContext = await refusing.newContext({ baseURL, ...phone360, permissions: [] });
      const deniedPage = await deniedContext.newPage();
      await loginAsPatient(deniedPage, nobody.loginId, { password: nobody.password, area: 'homecare' });
      for (const [dir, size] of SIZES) {
        await textSize(deniedPage, size);
        await deniedPage.goto('/#/homecare/telemedicine/config');
        await deniedPage.reload();
        await expect(
          deniedPage.getByRole('heading', { name: '카메라와 마이크 사용이 허용되지 않았습니다' }),
        ).toBeVisible({ timeout: 20_000 });
        await settled(deniedPage);
        await deniedPage.screenshot({ path: `${dir}/telemedicine-config-denied.png`, fullPage: true });
      }
    } finally {
      await refusing.close();
    }
  },
);
