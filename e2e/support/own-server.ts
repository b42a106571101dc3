import { test } from './fixtures.ts';
import { startServer, type StartedServer, type StartServerOptions } from './server.ts';

/**
 * The test API of a spec file that needs a server of its own (e.g. short-lived tokens,
 * an SMTP sink): started once per worker, and every fixture that takes the base URL
 * (page.goto, api, createPatient, loginAsPatient) talks to it instead of the shared one.
 * `options` is read when the worker starts it, so it may use values set up before then.
 */
export function withOwnServer(options: () => StartServerOptions | Promise<StartServerOptions>) {
  return test.extend<object, { ownServer: StartedServer }>({
    ownServer: [
      // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
      async ({}, use) => {
        const server = await startServer({ healthTimeoutMs: 90_000, ...(await options()) });
        try {
          await use(server);
        } finally {
          await server.stop();
        }
      },
      { scope: 'worker', timeout: 120_000 },
    ],
    baseURL: async ({ ownServer }, use) => {
      await use(ownServer.baseURL);
    },
  });
}
