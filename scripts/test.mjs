#!/usr/bin/env node
/**
 * `npm test`: every test of the repository on a fresh machine, then ONE plain line
 * `N passed, N failed[, N skipped]` that CI reads (stack-notes: the runners' own
 * summaries are not that line). Order: system packages npm cannot install → Vitest
 * (contract, server, patient, staff) → Playwright end-to-end. The counts come from the
 * runners' JSON reports, never from their console output.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { printSummary, readJson, summarisePlaywright, summariseVitest } from './lib/test-reports.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(root, 'test-results');
const bin = (name) => join(root, 'node_modules', '.bin', name);

/**
 * A hung runner must not hold CI for hours. On a quiet machine vitest and Playwright each take
 * well under 10 minutes; the bound leaves room for a busy one without cutting a healthy run.
 */
const RUNNER_TIMEOUT_MS = { vitest: 20 * 60_000, playwright: 20 * 60_000 };

const CHROMIUM = '/usr/bin/chromium';
/** Chromium's Korean UI language: date and time fields read as a Korean phone shows them. */
const CHROMIUM_KO = '/usr/lib/chromium/locales/ko.pak';
const CJK_FONT_DIR = '/usr/share/fonts/opentype/noto';
const PDFTOPPM = '/usr/bin/pdftoppm';
const TURNSERVER = '/usr/bin/turnserver';

function log(message) {
  process.stdout.write(`\n[test] ${message}\n`);
}

/** Chromium and the Korean fonts come from Debian, not npm (stack-notes: no `playwright install`). */
function ensureSystemPackages() {
  const hasCjkFont =
    existsSync(join(CJK_FONT_DIR, 'NotoSansCJK-Regular.ttc')) ||
    spawnSync('fc-list', [':lang=ko'], { encoding: 'utf8' }).stdout?.includes('Noto Sans CJK');
  const missing = [];
  if (!existsSync(CHROMIUM)) missing.push('chromium');
  if (!existsSync(CHROMIUM_KO)) missing.push('chromium-l10n');
  if (!hasCjkFont) missing.push('fonts-noto-cjk');
  // issue 16: the certificate screenshots render a PDF page with pdftoppm
  if (!existsSync(PDFTOPPM)) missing.push('poppler-utils');
  // issue 17: telemedicine-turn.test.ts proves the TURN credentials against a real coturn
  if (!existsSync(TURNSERVER)) missing.push('coturn');
  if (missing.length === 0) return;

  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    console.error(
      `[test] Missing system packages: ${missing.join(', ')}.\n` +
        `       Install them once as root:  apt-get update && apt-get install -y chromium chromium-l10n fonts-noto-cjk poppler-utils coturn`,
    );
    process.exit(2);
  }
  log(`installing system packages: ${missing.join(', ')} (apt-get)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...missing]]) {
    const run = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (run.status !== 0) {
      console.error(
        `[test] apt-get ${args.join(' ')} failed (exit ${run.status}); cannot run the browser tests.`,
      );
      process.exit(2);
    }
  }
}

/** Runs one test runner with inherited output; resolves with its exit code (null when killed). */
function runRunner(name, command, args, env) {
  return new Promise((resolvePromise) => {
    const started = Date.now();
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
      detached: true,
    });
    const timer = setTimeout(() => {
      console.error(
        `[test] ${name} ran longer than ${RUNNER_TIMEOUT_MS[name] / 60_000} minutes: stopping it.`,
      );
      try {
        process.kill(-child.pid, 'SIGTERM');
        setTimeout(() => {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }, 10_000).unref();
      } catch {
        // already gone
      }
    }, RUNNER_TIMEOUT_MS[name]);
    // Ctrl-C on `npm test` must not leave servers or browsers behind.
    const forward = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    };
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (error) => {
      console.error(`[test] could not start ${name}: ${error.message}`);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolvePromise({ code: signal ? null : code, seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

async function main() {
  ensureSystemPackages();
  // Only this run's reports are removed: another run in the same tree may be using the rest.
  mkdirSync(resultsDir, { recursive: true });

  const vitestJson = join(resultsDir, 'vitest.json');
  rmSync(vitestJson, { force: true });
  log('vitest: contract, web-core, server, patient, staff');
  const vitestExit = await runRunner(
    'vitest',
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
    {},
  );
  const vitest = summariseVitest(readJson(vitestJson), vitestExit.code);

  const playwrightJson = join(resultsDir, 'playwright.json');
  rmSync(playwrightJson, { force: true });
  log('playwright: end-to-end in Chromium');
  const playwrightExit = await runRunner(
    'playwright',
    bin('playwright'),
    ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightJson, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
  );
  const playwright = summarisePlaywright(readJson(playwrightJson), playwrightExit.code);

  process.stdout.write('\n[test] summary\n');
  printSummary(vitest, vitestExit.seconds);
  printSummary(playwright, playwrightExit.seconds);

  const passed = vitest.passed + playwright.passed;
  const failed = vitest.failed + playwright.failed;
  const skipped = vitest.skipped + playwright.skipped;
  process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.stdout.write('\n0 passed, 1 failed\n');
  process.exit(1);
});
