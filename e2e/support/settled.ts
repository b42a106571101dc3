import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The screen's title is up and nothing on it still says it is loading. */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /불러오는 중/ })).toHaveCount(0);
}
