import type { ConsoleMessage, Page } from '@playwright/test';
import { apiPaths } from '@smartcare/contract/api-paths';
import { phone } from '../playwright.config.ts';
import { expect, navigate, test } from '../support/fixtures.ts';

/** A browser of the test's own is not watched by the shared fixture: the same checks by hand. */
function watch(page: Page, problems: string[]): void {
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()} ${response.url()}`);
  });
}

const { browserName: _b, launchOptions: _l, headless: _h, ...device } = phone;

/**
 * Issue 17 (proof): the camera permission is refused → the device check shows a clear screen
 * with what to do on Android and on an iPhone and a retry — never a blank page or a stack trace —
 * and reports the refusal. A browser of its own: fake devices exist (so "no camera" is not the
 * reason) but there is no fake consent UI, and a headless prompt with no grant is refused.
 */
test('camera permission denied → the guidance screen with Android and iOS steps and a retry @telemedicine', async ({
  playwright,
  baseURL,
  createPatient,
  loginAsPatient,
  checkA11y,
}) => {
  const browser = await playwright.chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream'],
  });
  const problems: string[] = [];
  try {
    const context = await browser.newContext({ ...device, baseURL, permissions: [] });
    const page = await context.newPage();
    watch(page, problems);
    const patient = await createPatient();
    await loginAsPatient(page, patient.loginId, { password: patient.password });

    const reported = page.waitForRequest(
      (request) =>
        request.method() === 'PUT' && request.url().endsWith(apiPaths.telemedicine.reportDeviceCheck),
    );
    await navigate(page, '/homecare/telemedicine/config');
    const guidance = page.getByRole('alert').filter({ hasText: '허용되지 않았습니다' });
    await expect(
      guidance.getByRole('heading', { name: '카메라와 마이크 사용이 허용되지 않았습니다' }),
    ).toBeVisible();
    await expect(guidance.getByText('안드로이드 휴대폰 (크롬)')).toBeVisible();
    await expect(guidance.getByText(/사이트 설정 > 카메라/)).toBeVisible();
    await expect(guidance.getByText('아이폰')).toBeVisible();
    await expect(guidance.getByText(/설정 > 앱 >/)).toBeVisible();
    // The clinician learns why before the visit: the refusal is reported.
    expect((await reported).postDataJSON()).toMatchObject({ camera: 'DENIED', microphone: 'DENIED' });
    await expect(page.getByText('카메라: 허용되지 않음')).toBeVisible();
    await checkA11y(page);

    // "다시 시도" asks again (still refused here): the same guidance, not a blank screen.
    await guidance.getByRole('button', { name: '다시 시도' }).click();
    await expect(
      page.getByRole('heading', { name: '카메라와 마이크 사용이 허용되지 않았습니다' }),
    ).toBeVisible();
    await expect(page.locator('h1')).toHaveText('진료 전 기기 점검');
    expect(problems).toEqual([]);
  } finally {
    await browser.close();
  }
});

/**
 * Every telemedicine screen of the patient with a visit of their own (booked by a clinician of
 * their hospital, its waiting room open): list, detail, consent, device check with fake devices,
 * the waiting room; axe on each; leaving the waiting room returns to the detail.
 */
test('the telemedicine screens: list, detail, consent, device check, waiting room (axe on each) @telemedicine', async ({
  playwright,
  baseURL,
  api,
  createPatient,
  createStaff,
  loginAsPatient,
  checkA11y,
}) => {
  const clinician = await createStaff({ role: 'NURSE' });
  const patient = await createPatient({ area: 'HOMECARE', hospitalIdx: clinician.hospitalIdx });
  const staffToken = (await api.loginStaff(clinician.loginId, clinician.password)).accessToken;
  const { visitIdx } = await api.data<{ visitIdx: number }>('POST', apiPaths.telemedicine.book, {
    token: staffToken,
    body: {
      patientIdx: patient.idx,
      staffIdx: clinician.idx,
      department: '내과',
      scheduledAt: new Date(Date.now() + 5 * 60_000).toISOString(),
      durationMin: 20,
      reason: '혈압약 복용 후 어지러움 상담',
    },
  });
  const browser = await playwright.chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  });
  const problems: string[] = [];
  try {
    const context = await browser.newContext({ ...device, baseURL });
    const page = await context.newPage();
    watch(page, problems);
    await loginAsPatient(page, patient.loginId, { password: patient.password });

    await navigate(page, '/homecare/telemedicine/list');
    const next = page.getByRole('article');
    await expect(next.getByText('다음 진료')).toBeVisible();
    await expect(next.getByText('예약됨')).toBeVisible();
    await checkA11y(page);

    await next.getByRole('link', { name: '진료 정보 보기' }).click();
    await expect(page.getByText(/아래의 비대면 진료 동의를 먼저/)).toBeVisible();
    await checkA11y(page);
    await page.getByRole('button', { name: /동의합니다/ }).click();
    await page.getByRole('link', { name: '입장하기' }).click();

    await expect(page).toHaveURL(new RegExp(`config\\?visitIdx=${visitIdx}$`));
    await expect(page.getByTestId('camera-preview')).toBeVisible();
    await expect(page.getByText(/인터넷 연결이 (좋습니다|보통입니다|약합니다)/)).toBeVisible();
    await checkA11y(page);
    await page.getByRole('button', { name: /점검 완료하고/ }).click();

    await expect(page).toHaveURL(new RegExp(`videocall\\?visitIdx=${visitIdx}$`));
    await expect(page.getByText('대기 순서: 1번째')).toBeVisible();
    await expect(page.getByTestId('local-video')).toBeVisible();
    await checkA11y(page);
    await page.getByRole('button', { name: '대기실 나가기' }).click();
    await expect(page).toHaveURL(new RegExp(`/homecare/telemedicine/${visitIdx}$`));
    await expect(page.getByRole('link', { name: '입장하기' })).toBeVisible();
    expect(problems).toEqual([]);
  } finally {
    await browser.close();
  }
});
