import { join } from 'node:path';
import { buildApps, repoRoot, startServer, waitForHealth } from './server.ts';

/**
 * Builds the apps and starts one real server for the whole run. Its address travels to
 * the workers in SMARTCARE_BASE_URL (environment set here is inherited by them).
 * Set SMARTCARE_BASE_URL yourself to test an already running server instead, and
 * E2E_SKIP_BUILD=1 to reuse the dist folders of a previous build.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  const external = process.env.SMARTCARE_BASE_URL;
  if (external) {
    await waitForHealth(external, 10_000);
    return undefined;
  }
  if (!process.env.E2E_SKIP_BUILD) buildApps();
  const logFile = join(repoRoot, 'test-results', 'e2e-server.log');
  // Every test logs in from 127.0.0.1: the per-address login limit (30/min by default) is
  // meant for the public internet, not for one test runner; the server suite tests it.
  const server = await startServer({ logFile, env: { LOGIN_RATE_LIMIT_PER_MIN: '100000' } });
  process.env.SMARTCARE_BASE_URL = server.baseURL;
  process.stdout.write(`[e2e] server ready at ${server.baseURL} (log: test-results/e2e-server.log)\n`);
  return async () => {
    await server.stop();
    delete process.env.SMARTCARE_BASE_URL;
  };
}
