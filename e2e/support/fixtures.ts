import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { Api } from './api.ts';
import { loginAsPatient as loginPatient, loginAsStaff as loginStaff, type LoginOptions } from './auth.ts';
import { expectNoSeriousA11yViolations, type AxeOptions } from './axe.ts';
import { createPatient as createPatientWith, type PatientOverrides, type TestPatient } from './factories.ts';
import { claimStaff, type PooledStaff, type StaffWanted } from './staff-pool.ts';

export interface Fixtures {
  /** The REST API of the started server, typed by the contract. */
  api: Api;
  /** `await loginAsPatient(page, 'demo')` — storage-seeded by default, `{ via: 'ui' }` for the login screen. */
  loginAsPatient: (page: Page, loginId: string, options?: LoginOptions) => ReturnType<typeof loginPatient>;
  /** `await loginAsStaff(page, 'nurse')` — into the console at /staff/. */
  loginAsStaff: (page: Page, loginId: string, options?: LoginOptions) => ReturnType<typeof loginStaff>;
  /** A fresh patient of this test only (signed up through the API, hospital chosen). */
  createPatient: (overrides?: PatientOverrides) => Promise<TestPatient>;
  /** A staff account of this test only (from the pool global setup made), NURSE in the first hospital by default. */
  createStaff: (wanted?: StaffWanted) => Promise<PooledStaff>;
  /** Fails the test on serious or critical axe violations of the current page. */
  checkA11y: (page: Page, options?: AxeOptions) => Promise<void>;
  /**
   * `allowFailures(/\/patient\/login$/)`: requests this test makes fail on purpose (a wrong
   * password, an expired token). Every other console error, page error, failed request or
   * HTTP error status on any page of the test fails it (issue 10 point 10).
   */
  allowFailures: (...urlPatterns: RegExp[]) => void;
  /** Auto fixture behind `allowFailures`: watches every page of every context of the test. */
  browserProblems: string[];
}

/** Attaches the watchers of `browserProblems` to a page; `allowed` is read at event time. */
function watchPage(page: Page, problems: string[], allowed: readonly RegExp[]): void {
  const isAllowed = (url: string) => allowed.some((pattern) => pattern.test(url));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // "Failed to load resource" names the request's URL here: allowed with that request.
    if (isAllowed(message.location().url)) return;
    problems.push(`console error on ${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    // ERR_ABORTED is the browser dropping a request it no longer needs (the page moved on).
    if (reason === 'net::ERR_ABORTED' || isAllowed(request.url())) return;
    problems.push(`request failed: ${request.method()} ${request.url()} (${reason})`);
  });
  page.on('response', (response) => {
    if (response.status() < 400 || isAllowed(response.url())) return;
    problems.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
}

function watchContext(context: BrowserContext, problems: string[], allowed: readonly RegExp[]): void {
  for (const page of context.pages()) watchPage(page, problems, allowed);
  context.on('page', (page) => watchPage(page, problems, allowed));
}

export const test = base.extend<Fixtures & { allowedFailures: RegExp[] }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
  allowedFailures: async ({}, use) => {
    await use([]);
  },
  allowFailures: async ({ allowedFailures }, use) => {
    await use((...patterns) => {
      allowedFailures.push(...patterns);
    });
  },
  browserProblems: [
    async ({ context, browser, allowedFailures }, use, testInfo) => {
      const problems: string[] = [];
      watchContext(context, problems, allowedFailures);
      // Contexts a test opens itself (a phone and a desk in one chat test) are watched too.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const opened = await newContext(...args);
        watchContext(opened, problems, allowedFailures);
        return opened;
      };
      try {
        await use(problems);
      } finally {
        browser.newContext = newContext;
      }
      // A test that already failed keeps its own message; this one would only hide it.
      if (testInfo.status === testInfo.expectedStatus)
        expect(problems, 'console errors, page errors or failed requests').toEqual([]);
    },
    { auto: true },
  ],
  // The server is started by global-setup.ts after the config was read, so its address
  // is taken from the environment the setup left for the workers.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
  baseURL: async ({}, use) => {
    const url = process.env.SMARTCARE_BASE_URL;
    if (!url)
      throw new Error(
        'SMARTCARE_BASE_URL is not set: run through e2e/playwright.config.ts (global setup starts the server)',
      );
    await use(url);
  },
  api: async ({ request }, use) => {
    await use(new Api(request));
  },
  loginAsPatient: async ({ api }, use) => {
    await use((page, loginId, options) => loginPatient(page, api, loginId, options));
  },
  loginAsStaff: async ({ api }, use) => {
    await use((page, loginId, options) => loginStaff(page, api, loginId, options));
  },
  createPatient: async ({ api }, use) => {
    await use((overrides) => createPatientWith(api, overrides));
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
  createStaff: async ({}, use) => {
    await use(async (wanted) => claimStaff(wanted));
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
  checkA11y: async ({}, use) => {
    await use(async (page, options) => {
      await expectNoSeriousA11yViolations(page, options);
    });
  },
});

export { expect };
export { navigate, href, patientRoutes, type PatientRoute } from './routes.ts';
export { DEMO_PASSWORD } from './api.ts';
export type { PooledStaff } from './staff-pool.ts';
export type { TestPatient } from './factories.ts';
