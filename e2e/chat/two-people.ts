import type { Browser, BrowserContext } from '@playwright/test';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { StaffProfile } from '@smartcare/contract/staff';
import { phone } from '../playwright.config.ts';
import type { Api } from '../support/api.ts';
import type { PooledStaff, StaffWanted } from '../support/staff-pool.ts';

/**
 * The chat specs run two people at once: the nurse on the project's desktop page, the
 * patient in a phone context of their own (the same phone as the `patient` project).
 */
const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, locale, timezoneId } = phone;
export const phoneContext = {
  viewport,
  deviceScaleFactor,
  isMobile,
  hasTouch,
  userAgent,
  locale,
  timezoneId,
};

export function openPhone(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, ...phoneContext });
}

/** A nurse of this test only, with the name the patient will see on her answers. */
export async function nurseOfThisTest(api: Api, createStaff: (wanted?: StaffWanted) => Promise<PooledStaff>) {
  const account = await createStaff({ role: 'NURSE' });
  const tokens = await api.loginStaff(account.loginId, account.password);
  const profile = await api.data<StaffProfile>('GET', apiPaths.staff.getMyData, {
    token: tokens.accessToken,
  });
  return { account, profile };
}
