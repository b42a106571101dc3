import type { ConsoleMessage, Page } from '@playwright/test';
import { apiPaths } from '@smartcare/contract/api-paths';
import { phone } from '../playwright.config.ts';
import { expect, navigate, test } from '../support/fixtures.ts';

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
  const watch = (page: Page) => {
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()} ${response.url()}`);
    });
  };
  try {
    const { browserName: _b, launchOptions: _l, headless: _h, ...device } = phone;
    const context = await browser.newContext({ ...device, baseURL, permissions: [] });
    const page = await context.newPage();
    watch(page);
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
