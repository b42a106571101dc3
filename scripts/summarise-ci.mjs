#!/usr/bin/env node
/**
 * `node scripts/summarise-ci.mjs <npm test exit> <postgres pass exit>`: .ci/run's last
 * word. Reads the three JSON reports of the run (Vitest and Playwright from `npm test`,
 * Vitest again on PostgreSQL) and prints one `N passed, N failed` line for all of CI;
 * exits non-zero when anything failed or a runner crashed.
 */
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printSummary, readJson, summarisePlaywright, summariseVitest } from './lib/test-reports.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const results = join(root, 'test-results');
const [npmTestExit, postgresExit] = process.argv.slice(2).map(Number);

const parts = [
  { label: 'vitest (PGlite)', summary: summariseVitest(readJson(join(results, 'vitest.json')), 0) },
  { label: 'playwright', summary: summarisePlaywright(readJson(join(results, 'playwright.json')), 0) },
  {
    label: 'vitest server on PostgreSQL',
    summary: summariseVitest(readJson(join(results, 'vitest-postgres.json')), postgresExit),
  },
];
process.stdout.write('\n[ci] summary\n');
for (const { label, summary } of parts) printSummary({ ...summary, runner: label });
const passed = parts.reduce((sum, p) => sum + p.summary.passed, 0);
let failed = parts.reduce((sum, p) => sum + p.summary.failed, 0);
// `npm test` failing without a failed test (e.g. chromium could not be installed) still fails CI.
if (npmTestExit !== 0 && failed === 0) {
  process.stdout.write(`  npm test exited with ${npmTestExit}\n`);
  failed = 1;
}
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(failed > 0 ? 1 : 0);
