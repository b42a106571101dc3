import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (stack-notes: no `playwright install`, no WebKit).
 * global-setup.ts builds both apps, starts the real server on a free port with a fresh
 * embedded database and the demo seed, and hands its address to the tests through
 * SMARTCARE_BASE_URL; the returned teardown stops it.
 */
/** The runner's environment without its unset entries (what a browser launch takes). */
const definedEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );

const chromium = {
  browserName: 'chromium' as const,
  headless: true,
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    // Never --user-data-dir: Playwright manages profiles itself (stack-notes).
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--lang=ko-KR',
    ],
    // On Linux Chromium ignores --lang and takes its UI language from the environment, and
    // only when Debian's chromium-l10n provides locales/ko.pak (scripts/test.mjs installs it):
    // the flag alone still drew 11/28/2026 and 02:27 AM. With LANGUAGE it draws 2026. 11. 28.
    // and 오후 02:27, as a Korean phone does.
    env: { ...definedEnv(), LANGUAGE: 'ko', LANG: 'ko_KR.UTF-8' },
  },
};

/**
 * The same browser with a fake camera and microphone, permission granted without a prompt
 * (issue 17, the video visits). A worker option: a file that sets it with a top-level
 * `test.use({ launchOptions: withFakeMedia })` gets a worker of its own.
 */
export const withFakeMedia = {
  ...chromium.launchOptions,
  args: [
    ...chromium.launchOptions.args,
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
  ],
};

/** A mid-range Android phone at the 360 px width the patient app is designed for (brief §5). */
export const phone = {
  ...chromium,
  viewport: { width: 360, height: 780 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; SM-A546N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  locale: 'ko-KR',
  timezoneId: 'Asia/Seoul',
};

export const desktop = {
  ...chromium,
  viewport: { width: 1280, height: 800 },
  locale: 'ko-KR',
  timezoneId: 'Asia/Seoul',
};

const ci = Boolean(process.env.CI);

// One output folder per run: several runs in one working tree must not delete each
// other's traces. Set here in the main process, so the workers inherit the same id.
process.env.SMARTCARE_E2E_RUN_ID ??= `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`;

export default defineConfig({
  testDir: '.',
  outputDir: `../test-results/e2e/${process.env.SMARTCARE_E2E_RUN_ID}`,
  globalSetup: './support/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  forbidOnly: ci,
  // Two cores on this kind of machine: the server, Chromium and a worker each need one.
  workers: ci ? 1 : 2,
  retries: ci ? 1 : 0,
  // The screenshot refresh writes into docs/: only when asked for, never in a test run.
  grepInvert: process.env.SMARTCARE_SCREENSHOTS ? undefined : /@screenshots/,
  // `npm test` adds the JSON reporter on the command line (scripts/test.mjs).
  reporter: 'list',
  use: {
    // The fixture in support/fixtures.ts supplies the started server's address; this
    // fallback serves runs against an already running server (SMARTCARE_BASE_URL).
    ...(process.env.SMARTCARE_BASE_URL ? { baseURL: process.env.SMARTCARE_BASE_URL } : {}),
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // The patient app's service worker (issue 12) would precache in every test and answer
    // navigations from its cache: only the specs that test it let it run
    // (`test.use({ serviceWorkers: 'allow' })`, e2e/patient/offline.spec.ts).
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'smoke', testMatch: /smoke\.spec\.ts$/, use: phone },
    { name: 'patient', testDir: './patient', use: phone },
    { name: 'staff', testDir: './staff', use: desktop },
    // The chat specs open a phone context for the patient and a desktop one for the nurse themselves.
    { name: 'chat', testDir: './chat', use: desktop },
  ],
});
