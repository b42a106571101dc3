/**
 * Reads the runners' JSON reports into one shape: passed, failed, skipped and notes.
 * Shared by scripts/test.mjs and scripts/summarise-vitest.mjs (.ci/run).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Vitest's JSON report (Jest's shape). A file that failed to load has no assertion
 * results but status "failed": it counts as one failure so a broken import never hides.
 */
export function summariseVitest(report, exitCode) {
  const summary = { runner: 'vitest', passed: 0, failed: 0, skipped: 0, notes: [] };
  if (!report) {
    summary.failed = 1;
    summary.notes.push(`no JSON report (exit ${exitCode ?? 'killed'}): the runner crashed`);
    return summary;
  }
  summary.passed = report.numPassedTests ?? 0;
  summary.failed = report.numFailedTests ?? 0;
  summary.skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  const failedFiles = [];
  for (const file of report.testResults ?? []) {
    const assertions = file.assertionResults ?? [];
    if (file.status === 'failed' && assertions.every((a) => a.status !== 'failed')) {
      summary.failed += 1;
      failedFiles.push(
        `${file.name.replace(`${root}/`, '')}: ${String(file.message ?? 'failed to run').split('\n')[0]}`,
      );
    }
    for (const assertion of assertions) {
      if (assertion.status === 'failed')
        summary.notes.push(`FAIL ${file.name.replace(`${root}/`, '')} › ${assertion.fullName}`);
    }
  }
  for (const line of failedFiles) summary.notes.push(`FAIL (file) ${line}`);
  if (exitCode !== 0 && summary.failed === 0) {
    // Unhandled errors or a crash after the tests: the run is not green even if every test was.
    summary.failed = 1;
    summary.notes.push(
      `exited with ${exitCode ?? 'a signal'} although no test failed (unhandled error or crash)`,
    );
  }
  return summary;
}

/** Playwright's JSON report: stats plus top-level errors (global setup, web server, config). */
export function summarisePlaywright(report, exitCode) {
  const summary = { runner: 'playwright', passed: 0, failed: 0, skipped: 0, notes: [] };
  if (!report?.stats) {
    summary.failed = 1;
    summary.notes.push(`no JSON report (exit ${exitCode ?? 'killed'}): the runner crashed`);
    return summary;
  }
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  summary.passed = expected + flaky;
  summary.failed = unexpected;
  summary.skipped = skipped;
  if (flaky > 0) summary.notes.push(`${flaky} passed only on retry (flaky)`);
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected')
          summary.notes.push(`FAIL [${test.projectName}] ${[...titles, spec.title].join(' › ')}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) visit(suite, [suite.title]);
  for (const error of report.errors ?? []) {
    summary.failed += 1;
    summary.notes.push(`ERROR ${String(error.message ?? error.value ?? 'error').split('\n')[0]}`);
  }
  if (exitCode !== 0 && summary.failed === 0) {
    summary.failed = 1;
    summary.notes.push(`exited with ${exitCode ?? 'a signal'} although no test failed`);
  }
  return summary;
}

export function printSummary(summary, seconds) {
  const took = seconds === undefined ? '' : `  (${seconds} s)`;
  const skipped = summary.skipped ? `, ${summary.skipped} skipped` : '';
  process.stdout.write(
    `  ${summary.runner.padEnd(10)} ${summary.passed} passed, ${summary.failed} failed${skipped}${took}\n`,
  );
  for (const note of summary.notes.slice(0, 40)) process.stdout.write(`             ${note}\n`);
  if (summary.notes.length > 40)
    process.stdout.write(`             … and ${summary.notes.length - 40} more\n`);
}
