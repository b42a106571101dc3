import { API_PREFIX, apiPaths } from '@smartcare/contract/api-paths';
import type { TokenPair } from '@smartcare/contract/auth';
import { join } from 'node:path';
import { repoRoot, startServer, type StartedServer } from '../support/server.ts';
import { DEMO_PASSWORD, expect, test } from '../support/fixtures.ts';

/**
 * Spec §8: an expired access token (30002003) is refreshed silently and the request
 * retried. A server of its own with 2-second access tokens, so expiry is real.
 */
let server: StartedServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({
    logFile: join(repoRoot, 'test-results/e2e/token-expiry-server.log'),
    env: { ACCESS_TOKEN_TTL_S: '2', LOGIN_RATE_LIMIT_PER_MIN: '100000' },
    healthTimeoutMs: 90_000,
  });
});
test.afterAll(async () => {
  await server?.stop();
});

test('an expired access token is refreshed silently and the screen still loads', async ({ page }) => {
  const login = await fetch(`${server.baseURL}${API_PREFIX}${apiPaths.patient.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginId: 'demo', password: DEMO_PASSWORD }),
  });
  const tokens = ((await login.json()) as { data: TokenPair }).data;
  await page.goto(`${server.baseURL}/#/hospital/login`);
  await page.evaluate((pair) => {
    localStorage.setItem('accessToken', pair.accessToken);
    localStorage.setItem('refreshToken', pair.refreshToken);
    localStorage.setItem('loginId', 'demo');
  }, tokens);
  await page.waitForTimeout(3_000);

  const refreshes: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith(apiPaths.patient.refresh)) refreshes.push(response.status());
  });
  await page.goto(`${server.baseURL}/#/hospital/setting/home`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('설정');
  await expect(page.getByText('demo', { exact: true })).toBeVisible();
  await expect(page.getByText('로그인 후 이용 부탁드립니다')).toHaveCount(0);
  expect(refreshes).toEqual([200]);
  const rotated = await page.evaluate(() => localStorage.getItem('refreshToken'));
  expect(rotated).not.toBe(tokens.refreshToken);
});
