import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startKakaoStandIn, type KakaoStandIn } from '../../apps/server/src/testing/kakao-stand-in.ts';
import { expect } from '../support/fixtures.ts';
import { withOwnServer } from '../support/own-server.ts';
import { repoRoot } from '../support/server.ts';

/**
 * Kakao login (issue 12) in the browser, end to end: the app's button → the server's
 * start → Kakao (a local stand-in that consents at once) → the server's
 * /{area}/loginreceive/kakao → the app's callback screen → the server's exchange. The
 * shared e2e server has no Kakao keys, so this file runs a server of its own pointed at the
 * stand-in (KAKAO_* variables); the redirect URI is the server's own address.
 */
let kakao: KakaoStandIn | undefined;
let nextKakaoId = 9_100_000 + Math.floor(Math.random() * 100_000) * 10;

const test = withOwnServer(async () => {
  kakao = await startKakaoStandIn();
  return {
    logFile: join(repoRoot, 'test-results/e2e/kakao-login-server.log'),
    env: { ...kakao.env, LOGIN_RATE_LIMIT_PER_MIN: '100000', ACCOUNT_RATE_LIMIT_PER_MIN: '100000' },
  };
});
test.afterAll(async () => {
  await kakao?.close();
});

function kakaoUser(nickname: string): string {
  kakao!.nextUser = { id: ++nextKakaoId, nickname };
  return String(nextKakaoId);
}

/** From the area's login screen through Kakao to the app's callback screen. */
async function loginWithKakao(page: Page, area: 'hospital' | 'homecare' = 'hospital') {
  await page.goto(`/#/${area}/login`);
  await page.getByRole('button', { name: '카카오 로그인' }).click();
}

test('a new patient signs up with Kakao, chooses a hospital, and next time lands on the home at once', async ({
  page,
  checkA11y,
}) => {
  kakaoUser('박카카오');
  await page.goto('/#/hospital/login');
  await expect(page.getByRole('button', { name: '카카오 로그인' })).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: '카카오 로그인' }).click();

  // Back from Kakao: a Kakao account no patient holds yet.
  await expect(page).toHaveURL(/#\/hospital\/loginreceive\/kakao\?/);
  await expect(page.getByText('박카카오님, 카카오 계정으로 처음 오셨네요.', { exact: false })).toBeVisible();
  await checkA11y(page);
  const authorize = kakao!.requests.findLast((r) => r.path === '/oauth/authorize')!;
  expect(authorize.params.redirect_uri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hospital\/loginreceive\/kakao$/);
  expect(JSON.stringify(authorize.params)).not.toContain(kakao!.clientSecret);

  await page.getByText('전체 동의').click();
  await page.getByRole('button', { name: '동의하고 시작하기' }).click();
  await expect(page).toHaveURL(/#\/hospital\/common\/hospitalselect$/);
  await page.getByRole('button', { name: /스마트병원 서울본원/ }).click();
  await expect(page).toHaveURL(/#\/hospital\/home$/);
  await expect(page.getByText('박카카오님, 안녕하세요')).toBeVisible();

  // Settings: linked, and no password to fall back on, so no unlink.
  await page.goto('/#/hospital/setting/home');
  await expect(
    page.getByText('비밀번호가 없는 계정이라 연결을 해제할 수 없습니다.', { exact: false }),
  ).toBeVisible();
  await checkA11y(page);

  // Log out, then Kakao again: straight to the home, same tokens and session as a password login.
  await page.getByRole('button', { name: '로그아웃' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '로그아웃' }).click();
  await expect(page).toHaveURL(/#\/hospital\/login$/);
  await loginWithKakao(page, 'hospital');
  await expect(page).toHaveURL(/#\/hospital\/home$/);
  await expect(page.getByText('박카카오님, 안녕하세요')).toBeVisible();
  const stored = await page.evaluate(() => ({
    access: localStorage.getItem('accessToken'),
    refresh: localStorage.getItem('refreshToken'),
  }));
  expect(stored.access).toMatch(/^ey/);
  expect(stored.refresh).toBeTruthy();
});

test('an existing patient links Kakao with the password once, then unlinks it in settings', async ({
  page,
  createPatient,
  checkA11y,
  allowFailures,
}) => {
  // The wrong password is refused with HTTP 401 on purpose.
  allowFailures(/\/kakao\/link$/);
  const patient = await createPatient({ name: '최연결' });
  const kakaoId = kakaoUser('최카카오');
  await loginWithKakao(page, 'homecare');
  await expect(page.getByRole('heading', { name: '이미 계정이 있어요' })).toBeVisible();

  const linkForm = page.locator('section', {
    has: page.getByRole('heading', { name: '이미 계정이 있어요' }),
  });
  await linkForm.getByLabel('아이디', { exact: true }).fill(patient.loginId);
  await linkForm.getByLabel('비밀번호', { exact: true }).fill('Wrong-pass1!');
  await linkForm.getByRole('button', { name: '계정 연결하고 로그인' }).click();
  await expect(linkForm.getByRole('alert')).toHaveText('아이디 또는 비밀번호가 올바르지 않습니다.');
  await checkA11y(page);
  await linkForm.getByLabel('비밀번호', { exact: true }).fill(patient.password);
  await linkForm.getByRole('button', { name: '계정 연결하고 로그인' }).click();
  await expect(page).toHaveURL(/#\/homecare\/home$/);
  await expect(page.getByText('최연결님, 안녕하세요')).toBeVisible();

  await page.goto('/#/homecare/setting/home');
  const row = page.getByRole('button', { name: /카카오 로그인.*연결 해제/ });
  await expect(row).toBeVisible();
  await row.click();
  await page.getByRole('dialog').getByRole('button', { name: '연결 해제' }).click();
  await expect(page.getByText('카카오 연결을 해제했습니다.')).toBeVisible();
  await expect(page.getByText('연결되어 있지 않습니다.', { exact: false })).toBeVisible();
  expect(kakao!.unlinked).toContain(kakaoId);
});

test('the iOS wrapper: Kakao login hands the push token over as the password login does', async ({
  browser,
  baseURL,
}) => {
  kakaoUser('아이폰환자');
  const context = await browser.newContext({
    baseURL,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'ko-KR',
  });
  // The wrapper's message handler (docs/native-bridge.md): answers getFcmToken at once.
  await context.addInitScript(() => {
    (window as unknown as { webkit: unknown }).webkit = {
      messageHandlers: {
        smartcare: {
          postMessage(message: { type: string; requestId: string }) {
            setTimeout(() => {
              const native = (
                window as unknown as { smartcareNative?: { resolve(id: string, token: string): void } }
              ).smartcareNative;
              native?.resolve(message.requestId, 'ios-apns-token-kakao');
            }, 0);
          },
        },
      },
    };
  });
  const page = await context.newPage();
  await loginWithKakao(page, 'hospital');
  const upload = page.waitForRequest((request) => request.url().endsWith('/patient/updateFcmToken'));
  await page.getByText('전체 동의').click();
  await page.getByRole('button', { name: '동의하고 시작하기' }).click();
  expect((await upload).postDataJSON()).toEqual({ fcmToken: 'ios-apns-token-kakao', platform: 'ios' });
  await expect(page).toHaveURL(/#\/hospital\/common\/hospitalselect$/);
  await context.close();
});

test(
  'screenshots of the Kakao screens at 360 px, 100 % and 200 % text',
  { tag: '@screenshots' },
  async ({ browser, baseURL, createPatient }) => {
    test.setTimeout(120_000);
    // 360 px at 1× like the other phone screenshots, so the files stay small.
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 360, height: 780 },
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
      locale: 'ko-KR',
      timezoneId: 'Asia/Seoul',
    });
    const page = await context.newPage();
    const dir = join(repoRoot, 'docs/screenshots/patient');
    mkdirSync(join(dir, 'text-200'), { recursive: true });
    const shoot = async (name: string) => {
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
    };
    const patient = await createPatient({ name: '김민지' });
    for (const [size, prefix] of [
      ['normal', ''],
      ['xlarge', 'text-200/'],
    ] as const) {
      await page.goto('/#/hospital/login');
      await page.evaluate((value) => localStorage.setItem('smartcare.textSize', value), size);
      await page.reload();
      await expect(page.getByRole('button', { name: '카카오 로그인' })).toBeVisible();
      await shoot(`${prefix}kakao-login`);
      kakaoUser('김카카오');
      await page.getByRole('button', { name: '카카오 로그인' }).click();
      await expect(page.getByRole('heading', { name: '처음 이용해요' })).toBeVisible();
      await shoot(`${prefix}kakao-new-account`);
      const linkForm = page.locator('section', {
        has: page.getByRole('heading', { name: '이미 계정이 있어요' }),
      });
      await linkForm.getByLabel('아이디', { exact: true }).fill(patient.loginId);
      await linkForm.getByLabel('비밀번호', { exact: true }).fill(patient.password);
      await linkForm.getByRole('button', { name: '계정 연결하고 로그인' }).click();
      await expect(page).toHaveURL(/#\/hospital\/home$/);
      await page.goto('/#/hospital/setting/home');
      await expect(page.getByRole('button', { name: /연결 해제/ })).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot(`${prefix}kakao-settings`);
      // Unlinked again, so the next round links afresh; then logged out.
      await page.getByRole('button', { name: /연결 해제/ }).click();
      await page.getByRole('dialog').getByRole('button', { name: '연결 해제' }).click();
      await expect(page.getByText('카카오 연결을 해제했습니다.')).toBeVisible();
      await page.evaluate(() => localStorage.clear());
    }
    await context.close();
  },
);
