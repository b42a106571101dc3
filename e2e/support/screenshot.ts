import type { Browser, Page } from '@playwright/test';
import { phone } from '../playwright.config.ts';
import { expect } from './fixtures.ts';

/**
 * A context for the docs' patient screenshots: the phone project's settings (360 px, the
 * phone user agent so no "모바일로 접속해 주세요" frame, ko-KR, Asia/Seoul, touch) at 1× so
 * the files are 360 px wide and stay small.
 */
export function phoneShotContext(browser: Browser, baseURL: string | undefined) {
  const { userAgent, isMobile, hasTouch, locale, timezoneId, viewport } = phone;
  return browser.newContext({
    baseURL,
    userAgent,
    isMobile,
    hasTouch,
    locale,
    timezoneId,
    viewport,
    deviceScaleFactor: 1,
  });
}

/**
 * Waits until the screen is as a patient opening it sees it, then takes the picture from the
 * top: no in-app notification banner (a dose reminder arrives while the app is open and stays
 * 8 s), no toast, no field focused (a focused field scrolls the page and shows its ring), the
 * page scrolled to the top (otherwise the sticky header is drawn in the middle of a full-page
 * picture), fonts loaded.
 */
export async function screenshotFromTop(page: Page, path: string, { fullPage = true } = {}): Promise<void> {
  await expect(page.locator('.notification-notice')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('.toast-stack .toast')).toHaveCount(0, { timeout: 20_000 });
  await page.evaluate(async () => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    window.scrollTo(0, 0);
    await document.fonts.ready;
  });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.screenshot({ path, fullPage, scale: 'css' });
}
