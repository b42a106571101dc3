import { expect, type Page } from '@playwright/test';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { TokenPair } from '@smartcare/contract/auth';
import type { PatientProfile } from '@smartcare/contract/patient';
import type { StaffProfile } from '@smartcare/contract/staff';
import { storageKeys } from '../../apps/patient/src/lib/storage-keys.ts';
import { STAFF_SESSION_KEYS } from '../../apps/staff/src/lib/session.ts';
import { DEMO_PASSWORD, type Api } from './api.ts';

/**
 * The apps' own storage keys, imported rather than copied so a renamed key breaks the
 * type check here instead of silently seeding a session the app never reads.
 */
export const PATIENT_STORAGE_KEYS = {
  accessToken: storageKeys.accessToken,
  refreshToken: storageKeys.refreshToken,
  loginId: storageKeys.loginId,
  myData: storageKeys.myData,
} as const;
export const STAFF_STORAGE_KEYS = STAFF_SESSION_KEYS;

export type LoginVia = 'ui' | 'storage';

export interface LoginOptions {
  /** `storage` (default) is fast and tests the app's start-up with a session; `ui` tests the login screen. */
  via?: LoginVia;
  password?: string;
  /** Which area's login screen to use with `via: 'ui'`. */
  area?: 'hospital' | 'homecare';
}

/**
 * Seeds localStorage before the app's scripts run on the next navigation, once per page:
 * later reloads keep whatever the app itself stored (a logout stays a logout).
 */
export async function seedStorage(page: Page, entries: Record<string, string>): Promise<void> {
  await page.addInitScript((values: Record<string, string>) => {
    const marker = '__e2eSessionSeeded';
    if (window.sessionStorage.getItem(marker)) return;
    for (const [key, value] of Object.entries(values)) window.localStorage.setItem(key, value);
    window.sessionStorage.setItem(marker, '1');
  }, entries);
}

/**
 * Logs a patient in. With `storage` the tokens come from the API and the app starts
 * already signed in at the area's home; with `ui` the real login screen is used.
 * Either way the page ends on the area's home screen.
 */
export async function loginAsPatient(
  page: Page,
  api: Api,
  loginId: string,
  options: LoginOptions = {},
): Promise<TokenPair> {
  const password = options.password ?? DEMO_PASSWORD;
  const area = options.area ?? 'hospital';
  if ((options.via ?? 'storage') === 'storage') {
    const tokens = await api.loginPatient(loginId, password);
    const profile = await api.data<PatientProfile>('GET', apiPaths.patient.getPatient, {
      token: tokens.accessToken,
    });
    await seedStorage(page, {
      [PATIENT_STORAGE_KEYS.accessToken]: tokens.accessToken,
      [PATIENT_STORAGE_KEYS.refreshToken]: tokens.refreshToken,
      [PATIENT_STORAGE_KEYS.loginId]: loginId,
      [PATIENT_STORAGE_KEYS.myData]: JSON.stringify(profile),
    });
    await page.goto(`/#/${area}/home`);
    return tokens;
  }
  await page.goto(`/#/${area}/login`);
  await page.locator('input:not([type=password]):not([type=checkbox])').first().fill(loginId);
  await page.locator('input[type=password]').first().fill(password);
  await page
    .getByRole('button', { name: /로그인|log ?in|sign ?in/i })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`#/${area}/home`), { timeout: 20_000 });
  return readPatientTokens(page);
}

export async function readPatientTokens(page: Page): Promise<TokenPair> {
  const tokens = await page.evaluate(
    (keys) => ({
      accessToken: localStorage.getItem(keys.accessToken),
      refreshToken: localStorage.getItem(keys.refreshToken),
    }),
    PATIENT_STORAGE_KEYS,
  );
  if (!tokens.accessToken || !tokens.refreshToken)
    throw new Error('the patient app stored no tokens after login');
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
}

/** Logs a staff member into the console at /staff/, through its login screen or seeded storage. */
export async function loginAsStaff(
  page: Page,
  api: Api,
  loginId: string,
  options: LoginOptions = {},
): Promise<TokenPair> {
  const password = options.password ?? DEMO_PASSWORD;
  if ((options.via ?? 'storage') === 'storage') {
    const tokens = await api.loginStaff(loginId, password);
    const profile = await api.data<StaffProfile>('GET', apiPaths.staff.getMyData, {
      token: tokens.accessToken,
    });
    await seedStorage(page, {
      [STAFF_STORAGE_KEYS.accessToken]: tokens.accessToken,
      [STAFF_STORAGE_KEYS.refreshToken]: tokens.refreshToken,
      [STAFF_STORAGE_KEYS.loginId]: loginId,
      [STAFF_STORAGE_KEYS.myData]: JSON.stringify(profile),
    });
    await page.goto('/staff/');
    // The console sends its bare address on to its first screen (#/chat) once it has started:
    // wait for that, or a test's next goto to a screen may be replaced by it on a busy machine.
    await page.waitForURL(/\/staff\/#\/\w/);
    return tokens;
  }
  await page.goto('/staff/');
  await page.locator('input:not([type=password]):not([type=checkbox])').first().fill(loginId);
  await page.locator('input[type=password]').first().fill(password);
  await page
    .getByRole('button', { name: /로그인|log ?in|sign ?in/i })
    .first()
    .click();
  await expect(page.locator('input[type=password]')).toHaveCount(0, { timeout: 20_000 });
  return api.loginStaff(loginId, password);
}
