import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApps, repoRoot, startServer, waitForHealth } from './server.ts';
import { provisionStaffPool, STAFF_POOL_ENV } from './staff-pool.ts';

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
  const logFile = join(
    repoRoot,
    'test-results',
    'e2e-logs',
    `server-${process.env.SMARTCARE_E2E_RUN_ID ?? process.pid}.log`,
  );
  const runDir = mkdtempSync(join(tmpdir(), 'smartcare-e2e-'));
  const poolFile = join(runDir, 'staff-pool.json');
  const server = await startServer({
    logFile,
    // Every test logs in and signs up from 127.0.0.1: the per-address limits (30 and 10 a
    // minute by default) are meant for the public internet, not for one test runner; the server suite tests it.
    env: { LOGIN_RATE_LIMIT_PER_MIN: '100000', ACCOUNT_RATE_LIMIT_PER_MIN: '100000' },
    beforeStart: (dataDir) => provisionStaffPool(dataDir, poolFile),
  });
  process.env[STAFF_POOL_ENV] = poolFile;
  process.env.SMARTCARE_BASE_URL = server.baseURL;
  process.stdout.write(`[e2e] server ready at ${server.baseURL} (log: ${logFile})\n`);
  return async () => {
    await server.stop();
    rmSync(runDir, { recursive: true, force: true });
    delete process.env.SMARTCARE_BASE_URL;
    delete process.env[STAFF_POOL_ENV];
  };
}
