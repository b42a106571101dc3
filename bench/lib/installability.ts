import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, launchChromium, phoneContext } from './browser.ts';

/**
 * The installability checks Lighthouse's PWA category made until version 12 removed it
 * (Lighthouse 13 has none): Chromium's own verdict (CDP `Page.getInstallabilityErrors`, what
 * decides whether "install app" is offered), the manifest's fields, the icons, and whether
 * the start URL opens from the service worker with the network cut.
 */
export interface InstallabilityReport {
  installable: boolean;
  checks: { name: string; passed: boolean; detail?: string }[];
}

interface WebAppManifest {
  name?: string;
  short_name?: string;
  display?: string;
  start_url?: string;
  scope?: string;
  theme_color?: string;
  background_color?: string;
  icons?: { src: string; sizes?: string; purpose?: string }[];
}

export async function checkInstallability(url: string): Promise<InstallabilityReport> {
  // A profile of its own: Chromium never offers to install from an incognito-like context.
  const profile = mkdtempSync(join(tmpdir(), 'smartcare-installability-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...phoneContext,
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    serviceWorkers: 'allow',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const checks: InstallabilityReport['checks'] = [];
  const check = (name: string, passed: boolean, detail?: string) =>
    checks.push(detail === undefined ? { name, passed } : { name, passed, detail });
  try {
    await page.goto(url, { waitUntil: 'load' });
    // The app registers its worker when idle after the first screen; wait until it controls the page.
    const controlled = await page
      .waitForFunction(
        async () =>
          Boolean(
            (await navigator.serviceWorker.getRegistration())?.active && navigator.serviceWorker.controller,
          ),
        undefined,
        {
          timeout: 30_000,
        },
      )
      .then(() => true)
      .catch(() => false);
    check('a service worker controls the start page', controlled);

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    check(
      'Chromium offers to install it (no installability errors)',
      installabilityErrors.length === 0,
      installabilityErrors.map((e) => e.errorId).join(', ') || undefined,
    );

    const manifestHref = await page.getAttribute('link[rel="manifest"]', 'href');
    const manifest = manifestHref
      ? ((await (await page.request.get(new URL(manifestHref, url).href)).json()) as WebAppManifest)
      : {};
    check('manifest: name and short_name', Boolean(manifest.name && manifest.short_name), manifest.name);
    check('manifest: display standalone', manifest.display === 'standalone');
    check('manifest: start_url within scope', Boolean(manifest.start_url?.startsWith(manifest.scope ?? '/')));
    check(
      'manifest: theme and background colours',
      Boolean(manifest.theme_color && manifest.background_color),
    );
    const icons = manifest.icons ?? [];
    const hasIcon = (size: string, purpose: string) =>
      icons.some(
        (icon) =>
          icon.sizes?.split(' ').includes(size) && (icon.purpose ?? 'any').split(' ').includes(purpose),
      );
    check('icons 192 and 512', hasIcon('192x192', 'any') && hasIcon('512x512', 'any'));
    check(
      'a maskable icon',
      icons.some((icon) => (icon.purpose ?? '').includes('maskable')),
    );
    check('an apple-touch-icon', (await page.locator('link[rel="apple-touch-icon"]').count()) > 0);
    check('a theme-color meta', (await page.locator('meta[name="theme-color"]').count()) > 0);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  const offline = await opensOffline(url);
  check(
    'the start URL opens offline (200 from the service worker, a screen drawn)',
    offline.passed,
    offline.detail,
  );
  return { installable: checks.every((c) => c.passed), checks };
}

/**
 * The former "works offline" check: after one visit, the start URL answers 200 from the
 * worker with the network cut and the app draws a screen. In an ordinary (incognito-like)
 * context, as the end-to-end tests do: Playwright's offline emulation of a persistent
 * profile also stops the navigations the worker would answer.
 */
async function opensOffline(url: string): Promise<{ passed: boolean; detail: string }> {
  const browser = await launchChromium();
  const context = await browser.newContext({ ...phoneContext, serviceWorkers: 'allow' });
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(
      async () =>
        Boolean(
          (await navigator.serviceWorker.getRegistration())?.active && navigator.serviceWorker.controller,
        ),
      undefined,
      { timeout: 30_000 },
    );
    // Activated (not only claimed) and the first screen's requests done, as after a real visit.
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, {
      timeout: 30_000,
    });
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    const response = await page.reload({ waitUntil: 'load' }).catch(() => null);
    const drew = await page
      .locator('h1')
      .first()
      .waitFor({ timeout: 15_000 })
      .then(() => true)
      .catch(() => false);
    return {
      passed: response?.status() === 200 && drew,
      detail: `HTTP ${response?.status() ?? 'none'}, ${drew ? 'a screen drawn' : 'nothing drawn'}`,
    };
  } catch (error) {
    return { passed: false, detail: (error as Error).message.split('\n')[0] ?? 'failed' };
  } finally {
    await context.close();
    await browser.close();
  }
}
