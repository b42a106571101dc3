#!/usr/bin/env node
/**
 * `npm run dev`: the server under `tsx watch` (restarts on change) and the Vite dev
 * servers of the patient app and the staff console, each proxying the API and the MQTT
 * WebSocket (/mqtt) to that server, so the apps run with hot reload against real data.
 *
 *   PORT               the API server's port (default 3000)
 *   PATIENT_DEV_PORT   the patient app's dev port (default: its vite.config.ts, else 5173)
 *   STAFF_DEV_PORT     the staff console's dev port (default: its vite.config.ts)
 *   DATA_DIR, DATABASE_URL, …  passed to the server as they are (README, configuration)
 */
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = Number(process.env.PORT ?? 3000);
const apiUrl = `http://127.0.0.1:${apiPort}`;
const API_PREFIX = '/medical2/app/api';

const server = spawn(
  join(root, 'node_modules', '.bin', 'tsx'),
  ['watch', '--clear-screen=false', 'apps/server/src/main.ts'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: String(apiPort), HOST: process.env.HOST ?? '127.0.0.1' },
  },
);

/** The same proxy for both apps: REST under the API prefix, MQTT over WebSocket at /mqtt. */
const proxy = {
  [API_PREFIX]: { target: apiUrl, changeOrigin: false },
  '/mqtt': { target: apiUrl.replace(/^http/, 'ws'), ws: true },
};

async function startApp(name, dir, portVariable) {
  const port = process.env[portVariable] ? Number(process.env[portVariable]) : undefined;
  const vite = await createServer({
    root: join(root, dir),
    configFile: join(root, dir, 'vite.config.ts'),
    server: { proxy, ...(port ? { port, strictPort: true } : {}) },
  });
  await vite.listen();
  const url = vite.resolvedUrls?.local[0] ?? '(unknown)';
  process.stdout.write(`[dev] ${name}: ${url}\n`);
  return vite;
}

// Both apps read their proxy target from these too (their vite.config.ts defaults).
process.env.PATIENT_DEV_SERVER = apiUrl;
process.env.STAFF_DEV_SERVER = apiUrl;

const apps = [];
try {
  apps.push(await startApp('patient app', 'apps/patient', 'PATIENT_DEV_PORT'));
  apps.push(await startApp('staff console', 'apps/staff', 'STAFF_DEV_PORT'));
  process.stdout.write(`[dev] API: ${apiUrl}${API_PREFIX} (docs: ${apiUrl}${API_PREFIX}/docs)\n`);
} catch (error) {
  console.error(`[dev] a dev server failed to start: ${error.message}`);
  await shutdown(1);
}

let stopping = false;
async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  await Promise.allSettled(apps.map((app) => app.close()));
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => {
      const timer = setTimeout(() => {
        server.kill('SIGKILL');
        r();
      }, 10_000);
      server.once('exit', () => {
        clearTimeout(timer);
        r();
      });
    });
  }
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
server.on('exit', (code) => {
  if (!stopping) {
    console.error(`[dev] the server exited (code ${code}); stopping the dev servers`);
    void shutdown(code ?? 1);
  }
});
