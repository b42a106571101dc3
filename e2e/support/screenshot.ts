import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { phone } from '../playwright.config.ts';
import { expect } from './fixtures.ts';

/**
 * A context for the docs' patient screenshots: the phone project's settings (360 px, the
 * phone user agent so no "모바일로 접속해 주세요" frame, ko-KR, Asia/Seoul, touch) at 1× so
 * the files are 360 px wide and stay small. `more` adds to them (a service worker, say).
 */
export function phoneShotContext(
  browser: Browser,
  baseURL: string | undefined,
  more: BrowserContextOptions = {},
) {
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
    ...more,
  });
}

/**
 * The screen as a person opening it sees it, for a docs/screenshots picture: no toast left
 * (the patient app's own, antd-mobile's, the console's; they go by themselves), no in-app
 * notification banner (a reminder may arrive at any moment: hidden), no field focused (a
 * focused field scrolls the page and shows its ring), the page scrolled to its top (otherwise
 * the sticky header is drawn in the middle of a full-page picture), fonts loaded.
 */
export async function readyForScreenshot(page: Page): Promise<void> {
  await expect(page.locator('.toast-stack .toast, .adm-toast-mask, .ant-message-notice')).toHaveCount(0, {
    timeout: 20_000,
  });
  await page.addStyleTag({ content: '.notification-notice { display: none !important; }' });
  await page.evaluate(async () => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    window.scrollTo(0, 0);
    await document.fonts.ready;
  });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
}

/** readyForScreenshot, then the picture, from the top. */
export async function screenshotFromTop(page: Page, path: string, { fullPage = true } = {}): Promise<void> {
  await readyForScreenshot(page);
  await page.screenshot({ path, fullPage, scale: 'css' });
}

/**
 * The staff console scrolls inside its 100vh shell, so a full-page picture shows one window's
 * worth: make the window as tall as the content (at most 6000 px) before the picture.
 */
export async function fitConsoleToContent(page: Page): Promise<void> {
  const height = await page.evaluate(() =>
    Math.max(...Array.from(document.querySelectorAll('*'), (e) => e.scrollHeight)),
  );
  const width = page.viewportSize()?.width ?? 1280;
  await page.setViewportSize({ width, height: Math.min(height, 6000) });
}

/** A staff console window for the docs' pictures: Korean, Seoul time, at 1×. */
export function consoleShotContext(
  browser: Browser,
  baseURL: string | undefined,
  viewport: { width: number; height: number } = { width: 1280, height: 800 },
) {
  return browser.newContext({
    baseURL,
    viewport,
    deviceScaleFactor: 1,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
  });
}

/**
 * The console's picture sizes: a desk (1280 px), a phone-wide window (360 px, file suffix
 * `-360`) and the desk at 200 % text (CSS zoom 2, under `text-200/`).
 */
export const CONSOLE_SHOT_SIZES = [
  ['', { width: 1280, height: 900 }, '1'],
  ['-360', { width: 360, height: 780 }, '1'],
  ['text-200/', { width: 1280, height: 900 }, '2'],
] as const;
