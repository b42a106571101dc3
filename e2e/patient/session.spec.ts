import { apiPaths } from '@smartcare/contract/api-paths';
import { ResultCode } from '@smartcare/contract/result-codes';
import { expect, navigate, test } from '../support/fixtures.ts';

/** Spec §2 start-up and §4/§8 session behaviour, in the real app against the real server. */
test.describe('patient session and start-up', () => {
  test('demo logs in through the login screen and lands on the hospital home', async ({
    page,
    loginAsPatient,
    checkA11y,
  }) => {
    await navigate(page, '/hospital/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('스마트 병원 로그인');
    await checkA11y(page);
    await loginAsPatient(page, 'demo', { via: 'ui' });
    await expect(page.getByText(/님, 안녕하세요/)).toBeVisible();
    const stored = await page.evaluate(() => ({
      loginId: localStorage.getItem('loginId'),
      myData: JSON.parse(localStorage.getItem('myData') ?? 'null') as { loginId: string } | null,
    }));
    expect(stored.loginId).toBe('demo');
    expect(stored.myData?.loginId).toBe('demo');
    await checkA11y(page);
  });

  test('the root address reaches the hospital home', async ({ page, loginAsPatient }) => {
    await loginAsPatient(page, 'demo');
    await page.goto('/#/');
    await expect(page).toHaveURL(/#\/hospital\/home$/);
    await expect(page.getByText(/님, 안녕하세요/)).toBeVisible();
  });

  test('a deep link is remembered and restored when the app is opened with no hash', async ({
    page,
    loginAsPatient,
  }) => {
    await loginAsPatient(page, 'demo');
    await navigate(page, '/homecare/common/alarm');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('알림 설정');
    await page.goto('/');
    await expect(page).toHaveURL(/#\/homecare\/common\/alarm$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('알림 설정');
  });

  test('both spellings of the home-care login reach the same screen', async ({ page }) => {
    for (const path of ['/#/homeCare/login', '/#/homecare/login']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('스마트 재택케어 로그인');
    }
  });

  test('a session the server no longer accepts lands on login with the notice', async ({
    allowFailures,
    page,
    loginAsPatient,
  }) => {
    // The forged token is refused with HTTP 401 on purpose, on whichever call the settings
    // screen makes first after the reload (the profile or the Kakao link row).
    allowFailures(/\/(patient\/getPatient|kakao\/getMyLink)$/);
    await loginAsPatient(page, 'demo');
    await expect(page.getByText(/님, 안녕하세요/)).toBeVisible();
    // The server refuses a token it did not sign with 30002007 (not logged in).
    // The settings screen's own calls must be answered before the token is swapped: a call it
    // made after the swap and before the reload was refused, and the reload wiped its notice.
    const linkAnswered = page.waitForResponse((r) => r.url().endsWith('/kakao/getMyLink'));
    await navigate(page, '/hospital/setting/home');
    await linkAnswered;
    await expect(page.getByRole('link', { name: /님 demo/ })).toBeVisible();
    await page.evaluate(() => localStorage.setItem('accessToken', 'revoked.session.token'));
    await page.reload();
    // The toast, not the screen's own error state, which may flash the same words while
    // the app leaves for the login screen.
    await expect(page.locator('.toast', { hasText: '로그인 후 이용 부탁드립니다' })).toBeVisible();
    await expect(page).toHaveURL(/#\/hospital\/login$/);
    const left = await page.evaluate(() => [
      localStorage.getItem('accessToken'),
      localStorage.getItem('myData'),
    ]);
    expect(left).toEqual([null, null]);
  });

  test('the account area signs in with remember me and shows the profile', async ({
    page,
    createPatient,
    checkA11y,
  }) => {
    const patient = await createPatient();
    await page.goto('/#/sign-in');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('로그인');
    await page.getByLabel('아이디', { exact: true }).fill(patient.loginId);
    await page.getByLabel('비밀번호', { exact: true }).fill(patient.password);
    await page.getByLabel('아이디 기억하기').check();
    await page.getByRole('button', { name: '로그인' }).click();
    await expect(page).toHaveURL(/#\/detail$/);
    await expect(page.getByText(patient.name, { exact: true })).toBeVisible();
    await checkA11y(page);
    expect(await page.evaluate(() => localStorage.getItem('rememberedLoginId'))).toBe(patient.loginId);
  });

  test('logout from settings clears the session and ends the login on the server', async ({
    page,
    api,
    createPatient,
    loginAsPatient,
  }) => {
    const patient = await createPatient();
    await loginAsPatient(page, patient.loginId, { password: patient.password });
    await navigate(page, '/hospital/setting/home');
    const accessToken = await page.evaluate(() => localStorage.getItem('accessToken'));
    expect(accessToken).toBeTruthy();
    await page.getByRole('button', { name: '로그아웃' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '로그아웃' }).click();
    await expect(page).toHaveURL(/#\/hospital\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
    // A copy of the token taken before the logout no longer works (issue 10 point 13).
    const after = await api.call('GET', apiPaths.patient.getPatient, { token: accessToken! });
    expect(after.envelope.code).toBe(ResultCode.NOT_LOGGED_IN);
  });
});
