import { API_PREFIX } from '@smartcare/contract/api-paths';
import { expect, test } from './support/fixtures.ts';

/**
 * Proves the end-to-end machinery on its own: the server global-setup started answers,
 * and both built apps load in Chromium without a script error.
 */
test.describe('smoke', () => {
  test('the server reports itself healthy', async ({ request }) => {
    const response = await request.get(`${API_PREFIX}/health`);
    expect(response.status()).toBe(200);
  });

  test('the patient app loads and renders its first screen', async ({ page }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    // The React root is filled and a hash route has been reached (spec §2: `/` → hospital home or login).
    await expect(page.locator('#root > *').first()).toBeVisible();
    await expect(page).toHaveURL(/#\/(hospital|homecare)\//);
    expect(pageErrors).toEqual([]);
  });

  test('the staff console declares an icon the server serves (no /favicon.ico 404)', async ({
    page,
    request,
  }) => {
    await page.goto('/staff/');
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(icon).toBeTruthy();
    const response = await request.get(new URL(icon!, page.url()).toString());
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('image/svg+xml');
  });

  test('the staff console loads at /staff/', async ({ page }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const response = await page.goto('/staff/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('#root > *').first()).toBeVisible();
    expect(pageErrors).toEqual([]);
  });
});
