/**
 * First-screen JavaScript of the patient app, gzip, against a bare React + ReactDOM app
 * built by the same Vite in the same run (goal: ≤ 2×, issue 3). "First screen" is what
 * a phone-sized headless Chromium actually loads on a first visit to `/` until the
 * network is idle — entry, preloads and the lazy chunks of the screen it lands on.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { buildPatientApp, buildReferenceReact } from './lib/builds.ts';
import { launchChromium, phoneContext } from './lib/browser.ts';
import { kb, ratio, row, writeResult } from './lib/results.ts';
import { serveStatic } from './lib/static-server.ts';

interface FirstScreen {
  landedOn: string;
  files: { path: string; bytes: number; gzipBytes: number }[];
  gzipBytes: number;
  rawBytes: number;
}

async function measureFirstScreen(browser: Browser, dist: string): Promise<FirstScreen> {
  const server = await serveStatic(dist);
  const context = await browser.newContext(phoneContext);
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  try {
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    // Give lazy routes that resolve after a redirect a moment to request their chunks.
    await page.waitForTimeout(1_000);
    await page.waitForLoadState('networkidle');
    const files = [...scripts].sort().map((path) => {
      const content = readFileSync(join(dist, path));
      return { path, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
    });
    return {
      landedOn: new URL(page.url()).hash || '/',
      files,
      gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
      rawBytes: files.reduce((sum, f) => sum + f.bytes, 0),
    };
  } finally {
    await context.close();
    await server.close();
  }
}

async function main() {
  console.log('bundle size: building the patient app and the bare React reference …');
  const patientDist = buildPatientApp(mkdtempSync(join(tmpdir(), 'smartcare-patient-build-')));
  const referenceDist = await buildReferenceReact();
  const browser = await launchChromium();
  try {
    const patient = await measureFirstScreen(browser, patientDist);
    const reference = await measureFirstScreen(browser, referenceDist);
    const sizeRatio = ratio(patient.gzipBytes, reference.gzipBytes);

    console.log(`\nfirst screen of the patient app (landed on ${patient.landedOn}):`);
    for (const file of patient.files)
      console.log(`  ${file.path.padEnd(48)} ${kb(file.gzipBytes).padStart(10)} gzip`);
    console.log('');
    console.log(row('', 'JS gzip', 'JS raw', 'files'));
    console.log(
      row('patient app, first screen', kb(patient.gzipBytes), kb(patient.rawBytes), patient.files.length),
    );
    console.log(
      row(
        'bare React 19 + ReactDOM (ref.)',
        kb(reference.gzipBytes),
        kb(reference.rawBytes),
        reference.files.length,
      ),
    );
    console.log(`ratio patient / reference: ${sizeRatio}× (goal ≤ 2×) ${sizeRatio <= 2 ? 'MET' : 'NOT MET'}`);

    const file = writeResult('bundle-size', {
      patient,
      reference,
      ratio: sizeRatio,
      goal: { maxRatio: 2, met: sizeRatio <= 2 },
    });
    console.log(`results: ${file}`);
  } finally {
    await browser.close();
    rmSync(referenceDist, { recursive: true, force: true });
    rmSync(patientDist, { recursive: true, force: true });
  }
}

await main();
