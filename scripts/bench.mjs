#!/usr/bin/env node
/**
 * `npm run bench [-- name …]`: runs the benchmarks in bench/ one after another (never
 * in parallel: they measure the machine), each printing its figure and its ratio to a
 * reference measured in the same run, and writing JSON to bench/results/.
 * Never part of `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ALL = [
  'api',
  'bundle-size',
  'lighthouse',
  'broker',
  'hospital-search',
  'vital-signs',
  'medication',
  // issue 17 — telemedicine
  'telemedicine',
];
const chosen = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = chosen.filter((name) => !ALL.includes(name));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; choose from ${ALL.join(', ')}`);
  process.exit(2);
}

const outcomes = [];
for (const name of chosen.length > 0 ? chosen : ALL) {
  process.stdout.write(`\n=== bench/${name}.ts\n`);
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', join('bench', `${name}.ts`)], {
    cwd: root,
    stdio: 'inherit',
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  outcomes.push({ name, ok: run.status === 0, seconds });
}

process.stdout.write('\n=== benchmarks\n');
for (const { name, ok, seconds } of outcomes)
  process.stdout.write(`  ${name.padEnd(12)} ${ok ? 'done' : 'FAILED'} (${seconds} s)\n`);
process.stdout.write('  figures: bench/results/*.json\n');
process.exit(outcomes.every((o) => o.ok) ? 0 : 1);
