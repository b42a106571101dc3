import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  freePort,
  HEALTH_PATH,
  SERVER_NODE_ARGS,
  waitForHealth,
} from '../../apps/server/src/testing/server-process-helpers.ts';

export { freePort, HEALTH_PATH, waitForHealth };

/** The repository root, whichever workspace imports this file. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `npm run build`: the Vite builds of the patient app and the staff console the server serves. */
export function buildApps(): void {
  const started = Date.now();
  const run = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit', env: process.env });
  if (run.status !== 0)
    throw new Error(`npm run build failed (exit ${run.status}): the apps could not be built`);
  process.stdout.write(`[e2e] apps built in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

export interface StartedServer {
  baseURL: string;
  port: number;
  dataDir: string;
  logFile: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /** Where the server's output goes; printed on failure. */
  logFile: string;
  /** Extra environment (e.g. ACCESS_TOKEN_TTL_S for expiry tests). */
  env?: Record<string, string>;
  healthTimeoutMs?: number;
  /** PostgreSQL instead of the embedded database (benchmarks); the demo seed all the same. */
  databaseUrl?: string;
  /** Runs on the fresh, still unlocked DATA_DIR before the server starts (e.g. provisioning). */
  beforeStart?: (dataDir: string) => Promise<void> | void;
}

/**
 * Starts the real server exactly as `npm run serve` does, on a free loopback port with a
 * fresh embedded database (PGlite in a temp DATA_DIR) and the demo seed. PostgreSQL and
 * Redis variables are removed so the run needs no service on the machine.
 */
export async function startServer(options: StartServerOptions): Promise<StartedServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'smartcare-data-'));
  mkdirSync(dirname(options.logFile), { recursive: true });
  try {
    await options.beforeStart?.(dataDir);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const log = createWriteStream(options.logFile);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    ...options.env,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const child = spawn(process.execPath, SERVER_NODE_ARGS, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let exited = false;
  const exitPromise = new Promise<void>((resolveExit) => {
    child.on('exit', () => {
      exited = true;
      resolveExit();
    });
  });

  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const killTimer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exitPromise;
      clearTimeout(killTimer);
    }
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseURL, options.healthTimeoutMs ?? 120_000, () => !exited);
  } catch (error) {
    await stop();
    throw new Error(
      `${(error as Error).message}\n--- last lines of ${options.logFile} ---\n${tail(options.logFile, 40)}`,
      {
        cause: error,
      },
    );
  }
  return { baseURL, port, dataDir, logFile: options.logFile, process: child, stop };
}

function tail(file: string, lines: number): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no output)';
  }
}
