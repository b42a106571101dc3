import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The screen's title is up and nothing on it still says it is loading. */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /불러오는 중/ })).toHaveCount(0);
}

/**
 * Ready for a docs/screenshots picture: no toast left (they go by themselves), no in-app
 * notification banner over the screen (a reminder may arrive at any moment: hidden), the page
 * scrolled to its top so no sticky header floats mid-page in a full-page picture, fonts in.
 */
export async function readyForScreenshot(page: Page): Promise<void> {
  await expect(page.locator('.adm-toast-mask, .ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
  await page.addStyleTag({ content: '.notification-notice { display: none !important; }' });
  await page.evaluate(async () => {
    window.scrollTo(0, 0);
    await document.fonts.ready;
  });
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
