#!/usr/bin/env node
/**
 * `node scripts/summarise-vitest.mjs <report.json> <exit code>`: prints the per-runner
 * summary and the plain `N passed, N failed` line for one Vitest run (.ci/run's
 * PostgreSQL pass), and exits non-zero when anything failed.
 */
import { printSummary, readJson, summariseVitest } from './lib/test-reports.mjs';

const [file, exitArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: summarise-vitest.mjs <vitest-json-report> [runner exit code]');
  process.exit(2);
}
const summary = summariseVitest(readJson(file), exitArg === undefined ? 0 : Number(exitArg));
process.stdout.write('\n[test] summary\n');
printSummary(summary);
const skipped = summary.skipped ? `, ${summary.skipped} skipped` : '';
process.stdout.write(`\n${summary.passed} passed, ${summary.failed} failed${skipped}\n`);
process.exit(summary.failed > 0 ? 1 : 0);
