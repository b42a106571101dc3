import { apiPaths } from '@smartcare/contract/api-paths';
import { ResultCode } from '@smartcare/contract/result-codes';
import type { Api } from '../support/api.ts';
import { PATIENT_STORAGE_KEYS } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Issue 10 point 14 / decision 013 in the real apps: a browser that logged in before keeps
 * its device cookie (set by the API on the app's own origin, sent by the apps' same-origin
 * fetch), so someone guessing the password elsewhere cannot lock the owner out of it.
 */
async function lockOutUntrusted(api: Api, path: string, loginId: string) {
  // Playwright's request context keeps no browser cookies: an untrusted client.
  const codes: number[] = [];
  for (let i = 0; i < 5; i++) {
    codes.push((await api.call('POST', path, { body: { loginId, password: 'wrong-Pass1!' } })).envelope.code);
  }
  expect(codes.at(-1)).toBe(ResultCode.ACCOUNT_LOCKED);
}

test('the patient app’s browser logs in again while its id is locked for everyone else', async ({
  page,
  api,
  createPatient,
  loginAsPatient,
  allowFailures,
}) => {
  // The home screen may still ask for the chat room or the unread notifications after the test
  // wipes its tokens: those calls are refused (401) on purpose.
  allowFailures(/\/chat\/currentRoom$/, /\/notification\/getUnreadCount$/);
  const patient = await createPatient();
  await loginAsPatient(page, patient.loginId, { via: 'ui', password: patient.password });
  const cookies = await page.context().cookies();
  expect(cookies.filter((cookie) => cookie.name.startsWith('sc_dev_p_'))).toEqual([
    expect.objectContaining({ httpOnly: true, sameSite: 'Strict', path: '/medical2/app/api/patient/' }),
  ]);

  await lockOutUntrusted(api, apiPaths.patient.login, patient.loginId);
  // The owner logs out (the app forgets its tokens) and logs in again on the same browser.
  await page.evaluate(
    (keys) => Object.values(keys).forEach((key) => localStorage.removeItem(key)),
    PATIENT_STORAGE_KEYS,
  );
  await loginAsPatient(page, patient.loginId, { via: 'ui', password: patient.password });
  await expect(page.getByText(/님, 안녕하세요/)).toBeVisible();
});

test('the staff console’s browser logs in again while its id is locked for everyone else', async ({
  page,
  api,
  createStaff,
  loginAsStaff,
}) => {
  const staff = await createStaff();
  await loginAsStaff(page, staff.loginId, { via: 'ui', password: staff.password });
  await lockOutUntrusted(api, apiPaths.staff.login, staff.loginId);
  // Logged out: the console forgets its session (storage cleared); the cookie jar stays, as in a browser.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  // Through the console's own screen only: the fixture's API login would be an untrusted client.
  await page.goto('/staff/');
  await page.locator('input:not([type=password]):not([type=checkbox])').first().fill(staff.loginId);
  await page.locator('input[type=password]').first().fill(staff.password);
  await page
    .getByRole('button', { name: /로그인|log ?in|sign ?in/i })
    .first()
    .click();
  await expect(page.locator('input[type=password]')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: '로그아웃' })).toBeVisible();
});
