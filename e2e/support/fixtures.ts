import { test as base, expect, type Page } from '@playwright/test';
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
}

export const test = base.extend<Fixtures>({
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
