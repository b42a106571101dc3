import { createServer } from 'node:net';
import { API_PREFIX } from '@smartcare/contract/api-paths';

/**
 * Helpers for tests that start real server processes: the server's own process tests
 * (a broker restart, two processes meeting in Redis) and, through e2e/support/server.ts,
 * the browser tests and benchmarks. They live here because apps/ never imports e2e/.
 */
export const HEALTH_PATH = `${API_PREFIX}/health`;

/**
 * Node's arguments for the server, as `npm run serve` gives them (package.json; a test keeps the
 * two the same), from the repository's root: one V8 helper thread (docs/scaling.md), so that
 * tests and benchmarks run the server as it runs.
 */
export const SERVER_NODE_ARGS = ['--v8-pool-size=1', '--import', 'tsx', 'apps/server/src/main.ts'] as const;

/** Asks the kernel for a free loopback port; the tiny race until the server binds it is acceptable here. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

export async function waitForHealth(
  baseURL: string,
  timeoutMs: number,
  alive: () => boolean = () => true,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no answer';
  while (Date.now() < deadline) {
    if (!alive()) throw new Error('the server process exited before it became healthy');
    try {
      const response = await fetch(`${baseURL}${HEALTH_PATH}`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`GET ${HEALTH_PATH} did not answer 200 within ${timeoutMs / 1000} s (${lastProblem})`);
}
