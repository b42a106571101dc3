import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../e2e/support/server.ts';

export const resultsDir = join(repoRoot, 'bench', 'results');

/** Writes one benchmark's figures to bench/results/<name>.json (gitignored) and says where. */
export function writeResult(name: string, result: Record<string, unknown>): string {
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `${name}.json`);
  const body = { benchmark: name, measuredAt: new Date().toISOString(), node: process.version, ...result };
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
  return file;
}

export function ratio(value: number, reference: number): number {
  return reference === 0 ? Number.NaN : Math.round((value / reference) * 100) / 100;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** A table row of aligned columns for the console. */
export function row(...cells: (string | number)[]): string {
  return cells.map((cell, i) => (i === 0 ? String(cell).padEnd(34) : String(cell).padStart(14))).join('');
}
