/**
 * Lighthouse 13, mobile preset (simulated slow 4G and a mid-range phone), against the
 * patient app as the real server serves its build, median of 3 runs per category, and
 * the same for a bare React app served statically as the same-run reference.
 * Goals (issue 3): performance ≥ 95, accessibility 100. Issue 12 adds installability:
 * Lighthouse 12 dropped its PWA category, so the same checks are made through Chromium
 * itself (lib/installability.ts), on the same server after the Lighthouse runs.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../e2e/support/server.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/browser.ts';
import { buildPatientApp, buildReferenceReact } from './lib/builds.ts';
import { checkInstallability } from './lib/installability.ts';
import { median, ratio, resultsDir, row, writeResult } from './lib/results.ts';
import { serveStatic } from './lib/static-server.ts';

const RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];
type Scores = Record<Category, number>;

interface RunScores extends Scores {
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  failedAudits: string[];
}

async function runOnce(url: string): Promise<RunScores> {
  process.env.CHROME_PATH = CHROMIUM_PATH;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (category: Category) => {
      const value = lhr.categories[category]?.score;
      // A null score means Lighthouse failed inside (e.g. its trace engine), not a score of 0.
      if (value === null || value === undefined) throw new Error(`Lighthouse gave no ${category} score`);
      return Math.round(value * 100);
    };
    const numeric = (audit: string) => Math.round(lhr.audits[audit]?.numericValue ?? Number.NaN);
    // Audits below full marks in the categories we score, so a missed goal says why.
    const failedAudits = CATEGORIES.flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category}: ${ref.id}`),
    );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      firstContentfulPaintMs: numeric('first-contentful-paint'),
      largestContentfulPaintMs: numeric('largest-contentful-paint'),
      totalBlockingTimeMs: numeric('total-blocking-time'),
      failedAudits,
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse sometimes loses its trace on a busy machine (NO_NAVSTART): such a run is repeated, twice at most. */
async function runWithRetry(url: string): Promise<RunScores> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`  (run lost: ${(error as Error).message.split('\n')[0]}; repeating it)`);
    }
  }
}

async function medianOf(url: string, label: string) {
  const runs: RunScores[] = [];
  for (let i = 1; i <= RUNS; i++) {
    const run = await runWithRetry(url);
    console.log(
      `  ${label} run ${i}: perf ${run.performance}, a11y ${run.accessibility}, best practices ${run['best-practices']}, LCP ${run.largestContentfulPaintMs} ms`,
    );
    runs.push(run);
  }
  const pick = (
    key: keyof Scores | 'largestContentfulPaintMs' | 'firstContentfulPaintMs' | 'totalBlockingTimeMs',
  ) => median(runs.map((r) => r[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    'best-practices': pick('best-practices'),
    firstContentfulPaintMs: pick('firstContentfulPaintMs'),
    largestContentfulPaintMs: pick('largestContentfulPaintMs'),
    totalBlockingTimeMs: pick('totalBlockingTimeMs'),
    failedAudits: [...new Set(runs.flatMap((r) => r.failedAudits))],
    runs,
  };
}

async function main() {
  console.log('lighthouse: building the patient app and the bare React reference …');
  buildPatientApp();
  const referenceDist = await buildReferenceReact();
  const server = await startServer({
    logFile: join(resultsDir, 'lighthouse-server.log'),
    env: { LOG_LEVEL: 'warn' },
  });
  const reference = await serveStatic(referenceDist);
  try {
    console.log(`patient app served by the server at ${server.baseURL}/ (mobile preset, ${RUNS} runs each)`);
    const patient = await medianOf(`${server.baseURL}/`, 'patient app');
    const bare = await medianOf(`${reference.url}/`, 'bare React ');
    const installability = await checkInstallability(`${server.baseURL}/`);

    console.log('');
    console.log(row('median of 3', 'performance', 'accessibility', 'best pract.', 'LCP ms'));
    console.log(
      row(
        'patient app',
        patient.performance,
        patient.accessibility,
        patient['best-practices'],
        patient.largestContentfulPaintMs,
      ),
    );
    console.log(
      row(
        'bare React 19 (reference)',
        bare.performance,
        bare.accessibility,
        bare['best-practices'],
        bare.largestContentfulPaintMs,
      ),
    );
    const ratios = Object.fromEntries(CATEGORIES.map((c) => [c, ratio(patient[c], bare[c])])) as Scores;
    console.log(
      row(
        'ratio patient / reference',
        ratios.performance,
        ratios.accessibility,
        ratios['best-practices'],
        ratio(patient.largestContentfulPaintMs, bare.largestContentfulPaintMs),
      ),
    );
    console.log('\ninstallability (the checks of Lighthouse’s former PWA category, through Chromium):');
    for (const check of installability.checks)
      console.log(
        `  ${check.passed ? 'ok  ' : 'FAIL'} ${check.name}${check.detail ? ` (${check.detail})` : ''}`,
      );
    const goals = {
      performanceMin: 95,
      accessibility: 100,
      installable: true,
      met: patient.performance >= 95 && patient.accessibility >= 100 && installability.installable,
    };
    console.log(`goals perf ≥ 95, a11y 100, installable: ${goals.met ? 'MET' : 'NOT MET'}`);
    if (patient.failedAudits.length > 0)
      console.log(`audits below full marks: ${patient.failedAudits.join(', ')}`);
    const file = writeResult('lighthouse', {
      runs: RUNS,
      patient,
      reference: bare,
      ratios,
      installability,
      goals,
    });
    console.log(`results: ${file}`);
  } finally {
    await reference.close();
    await server.stop();
    rmSync(referenceDist, { recursive: true, force: true });
  }
}

await main();
