/**
 * REST throughput on loopback (issue 2): authenticated `GET /patient/getPatient` as the
 * demo patient on the real server (PGlite, demo seed) against a bare Fastify "hello"
 * route in a process of its own, both driven by autocannon from this process with the
 * same connections and duration. Prints req/s, p50/p99 latency and the ratio.
 *
 * BENCH_API_DATABASE_URL=postgres://user@host:port/db runs the server on PostgreSQL
 * instead: a scratch database is created on that server for the run (demo seed) and
 * dropped afterwards; the figures go to bench/results/api-postgres.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { API_PREFIX, apiPaths } from '@smartcare/contract/api-paths';
import type { TokenPair } from '@smartcare/contract/auth';
import type { Envelope } from '@smartcare/contract/envelope';
import { freePort, repoRoot, startServer, waitForHealth, type StartedServer } from '../e2e/support/server.ts';
import { scratchDatabase } from './lib/postgres.ts';
import { ratio, resultsDir, row, writeResult } from './lib/results.ts';

const DURATION_S = Number(process.env.BENCH_API_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 20);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const POSTGRES_ADMIN_URL = process.env.BENCH_API_DATABASE_URL;

/**
 * The real server on PostgreSQL, started as e2e/support's startServer starts it on PGlite
 * (which clears DATABASE_URL so tests never need a database service).
 */
async function startServerOnPostgres(databaseUrl: string, logFile: string): Promise<StartedServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'smartcare-bench-'));
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'true',
      LOG_LEVEL,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.on('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const killTimer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(killTimer);
    }
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseURL, 120_000, () => !exited);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, port, dataDir, logFile, process: child, stop };
}

async function startHello(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const log = createWriteStream(join(resultsDir, 'api-hello.log'));
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'bench', 'reference-hello.ts')], {
    cwd: join(repoRoot, 'bench'),
    env: { ...process.env, PORT: String(port), LOG_LEVEL },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/hello`)).ok) return { url, child };
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  child.kill('SIGKILL');
  throw new Error('the reference Fastify server did not start');
}

async function load(label: string, url: string, headers: Record<string, string> = {}) {
  // A short warm-up so JIT and connection pools are in their steady state for both.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  const figures = {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    totalRequests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
  console.log(
    row(
      label,
      figures.requestsPerSecond,
      figures.latencyP50Ms,
      figures.latencyP99Ms,
      figures.non2xx + figures.errors,
    ),
  );
  return figures;
}

async function main() {
  const database = POSTGRES_ADMIN_URL ? `PostgreSQL at ${new URL(POSTGRES_ADMIN_URL).host}` : 'PGlite';
  console.log(
    `api: ${CONNECTIONS} connections, ${DURATION_S} s each (plus 2 s warm-up), loopback, log level ${LOG_LEVEL}, ${database}`,
  );
  const scratch = POSTGRES_ADMIN_URL ? await scratchDatabase(POSTGRES_ADMIN_URL) : undefined;
  const logFile = join(resultsDir, scratch ? 'api-server-postgres.log' : 'api-server.log');
  let server: StartedServer;
  try {
    server = scratch
      ? await startServerOnPostgres(scratch.url, logFile)
      : await startServer({ logFile, env: { LOG_LEVEL } });
  } catch (error) {
    await scratch?.drop();
    throw error;
  }
  let hello: { url: string; child: ChildProcess } | undefined;
  try {
    const loginResponse = await fetch(`${server.baseURL}${API_PREFIX}${apiPaths.patient.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginId: 'demo', password: 'Demo1234!' }),
    });
    const login = (await loginResponse.json()) as Envelope<TokenPair>;
    if (!login.data) throw new Error(`demo login failed: ${login.code} ${login.description}`);
    const headers = { authorization: `Bearer ${login.data.accessToken}` };
    const target = `${server.baseURL}${API_PREFIX}${apiPaths.patient.getPatient}`;
    const check = (await (await fetch(target, { headers })).json()) as Envelope<{ loginId: string }>;
    if (check.data?.loginId !== 'demo')
      throw new Error(`getPatient did not return the demo patient: ${JSON.stringify(check)}`);

    hello = await startHello();
    await waitForHealth(server.baseURL, 5_000);
    console.log(row('', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx/err'));
    const patient = await load('GET /patient/getPatient (auth)', target, headers);
    const reference = await load('bare Fastify GET /hello (ref.)', `${hello.url}/hello`);
    const throughputRatio = ratio(patient.requestsPerSecond, reference.requestsPerSecond);
    const p99Ratio = ratio(patient.latencyP99Ms, reference.latencyP99Ms);
    console.log(`ratio getPatient / hello: throughput ${throughputRatio}×, p99 latency ${p99Ratio}×`);
    if (patient.non2xx > 0)
      console.log(`warning: ${patient.non2xx} getPatient answers were not 2xx (rate limit or token expiry?)`);
    const file = writeResult(scratch ? 'api-postgres' : 'api', {
      database: scratch ? 'postgres' : 'pglite',
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      logLevel: LOG_LEVEL,
      patient,
      reference,
      ratios: { throughput: throughputRatio, p99Latency: p99Ratio },
    });
    console.log(`results: ${file}`);
  } finally {
    hello?.child.kill('SIGTERM');
    await server.stop();
    await scratch?.drop();
  }
}

await main();
