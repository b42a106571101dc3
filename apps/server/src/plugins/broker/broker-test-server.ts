import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, SERVER_NODE_ARGS, waitForHealth } from '../../testing/server-process-helpers.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', '..');

/**
 * The real server as a child process, started as `npm run serve` starts it, for the tests
 * that need processes of their own: two processes sharing Redis, or a process killed hard
 * and started again. The address and health check are the end-to-end suite's own helpers.
 */
export interface ServerProcess {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote, for failure messages. */
  output: string[];
  /** Kills it at once (SIGKILL): no shutdown hook runs, nothing is flushed or closed. */
  kill(): Promise<void>;
  /** Stops it as a deployment would (SIGTERM), killing it if it hangs. */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  /** The variables that matter to the test (DATA_DIR or DATABASE_URL, TOKEN_SECRET, REDIS_URL …). */
  env: Record<string, string>;
  /** A port of its own, e.g. the one the previous process had; a free one otherwise. */
  port?: number;
  healthTimeoutMs?: number;
}

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Nothing of the machine's own setup leaks in: storage and Redis come from the test only.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, SERVER_NODE_ARGS, {
    cwd: repoRoot,
    env: {
      ...env,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...options.env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const alive = () => child.exitCode === null && child.signalCode === null;

  const stopWith = async (signal: NodeJS.Signals) => {
    if (!alive()) return;
    child.kill(signal);
    const force = signal === 'SIGKILL' ? undefined : setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(force);
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, options.healthTimeoutMs ?? 60_000, alive);
  } catch (error) {
    await stopWith('SIGKILL');
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output.join('')}`, {
      cause: error,
    });
  }
  return {
    baseUrl,
    port,
    child,
    output,
    kill: () => stopWith('SIGKILL'),
    stop: () => stopWith('SIGTERM'),
  };
}
