/**
 * Telemedicine: time from "admit" to the patient's first decoded video frame (issue 17), on
 * loopback, over RUNS visits (20 by default, `BENCH_TELEMEDICINE_RUNS`).
 *
 * The real server (built apps, embedded database, demo seed) and one Chromium with a fake
 * camera and microphone (`--use-fake-device-for-media-stream --use-fake-ui-for-media-stream`).
 * Each run is a fresh visit booked now for a fresh patient with a clinician of its own: the
 * patient opens the waiting room on the phone, the clinician's console shows the day; the
 * clinician clicks "입장시키기", which opens the call view. Measured: from the moment the admit
 * call's answer reaches the console (its `fetch` resolves, `Date.now()` in the page) to the
 * patient page's first remote video frame (`requestVideoFrameCallback` on the remote
 * `<video>`, `Date.now()`), both on the same machine clock. That span holds the console's
 * navigation to the call view, its camera start, the ICE servers call, the offer and answer
 * and ICE candidates over the broker (MQTT over WebSocket), DTLS, and the first frame.
 *
 * Reference in the same run, the floor: a bare RTCPeerConnection pair in one page with the same
 * fake camera, signalling in-page (no network, no broker), from `createOffer` to the first
 * remote frame — also RUNS times. Printed: median and p95 of both, and the ratio.
 * `BENCH_SKIP_BUILD=1` reuses the apps' dist folders.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  chromium,
  request as playwrightRequest,
  type Browser,
  type BrowserContext,
  type Page,
} from 'playwright-core';
import { apiPaths } from '@smartcare/contract/api-paths';
import { TELEMEDICINE_CONSENT_VERSION, type TelemedicineVisit } from '@smartcare/contract/telemedicine';
import { Api } from '../e2e/support/api.ts';
import { createPatient } from '../e2e/support/factories.ts';
import { provisionStaffPool, type PooledStaff } from '../e2e/support/staff-pool.ts';
import { buildApps, HEALTH_PATH, startServer } from '../e2e/support/server.ts';
import { PATIENT_STORAGE_KEYS, STAFF_STORAGE_KEYS } from '../e2e/support/auth.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, phoneContext } from './lib/browser.ts';
import { median, percentile, ratio, resultsDir, row, writeResult } from './lib/results.ts';

const RUNS = Number(process.env.BENCH_TELEMEDICINE_RUNS ?? 20);
const FAKE_MEDIA = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/** Seoul wall time now, as the staff form's `datetime-local` value. */
const seoulNow = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 16);

/**
 * In every page of a context: `window.__benchAdmitAt` when an admit call's answer arrives, and
 * `window.__benchFirstFrameAt` at the first frame the remote `<video>`
 * (`data-testid="remote-video"`, both apps) presents. A string: tsx's compiled functions may name
 * helpers the page does not have.
 */
const INSTRUMENT = `(() => {
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/telemedicine/admit')) window.__benchAdmitAt = Date.now();
    return response;
  };
  const watched = new WeakSet();
  const watch = () => {
    for (const video of document.querySelectorAll('video[data-testid="remote-video"]')) {
      if (watched.has(video)) continue;
      watched.add(video);
      video.requestVideoFrameCallback(() => {
        if (window.__benchFirstFrameAt === undefined) window.__benchFirstFrameAt = Date.now();
      });
    }
  };
  new MutationObserver(watch).observe(document, { childList: true, subtree: true });
})();`;

/** The floor: two peer connections in one page, offer to first remote frame, ms. */
const REFERENCE_RUN = `(async () => {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
  const video = document.createElement('video');
  video.muted = true;
  video.autoplay = true;
  video.playsInline = true;
  document.body.append(video);
  const a = new RTCPeerConnection();
  const b = new RTCPeerConnection();
  a.onicecandidate = (e) => { if (e.candidate) void b.addIceCandidate(e.candidate); };
  b.onicecandidate = (e) => { if (e.candidate) void a.addIceCandidate(e.candidate); };
  const started = performance.now();
  const firstFrame = new Promise((resolve) => {
    b.ontrack = (e) => {
      if (video.srcObject) return;
      video.srcObject = e.streams[0];
      video.requestVideoFrameCallback(() => resolve(performance.now()));
    };
  });
  for (const track of stream.getTracks()) a.addTrack(track, stream);
  const offer = await a.createOffer();
  await a.setLocalDescription(offer);
  await b.setRemoteDescription(offer);
  const answer = await b.createAnswer();
  await b.setLocalDescription(answer);
  await a.setRemoteDescription(answer);
  const at = await firstFrame;
  a.close();
  b.close();
  for (const track of stream.getTracks()) track.stop();
  video.remove();
  return at - started;
})()`;

async function referenceRun(page: Page): Promise<number> {
  return (await page.evaluate(REFERENCE_RUN)) as number;
}

async function seedSession(context: BrowserContext, entries: Record<string, string>) {
  await context.addInitScript((values: Record<string, string>) => {
    for (const [key, value] of Object.entries(values)) window.localStorage.setItem(key, value);
  }, entries);
}

interface RunFigures {
  ms: number;
  visitIdx: number;
}

/** One visit: book now, the patient waits in the room, the clinician admits; admit → first frame. */
async function productRun(
  api: Api,
  browser: Browser,
  baseURL: string,
  staff: PooledStaff,
  n: number,
): Promise<RunFigures> {
  const staffTokens = await api.loginStaff(staff.loginId, staff.password);
  const me = await api.data<{ idx: number; hospitalIdx: number }>('GET', apiPaths.staff.getMyData, {
    token: staffTokens.accessToken,
  });
  const patient = await createPatient(api, {
    hospitalIdx: staff.hospitalIdx,
    area: 'HOMECARE',
    name: `벤치환자${n}`,
  });
  const visit = await api.data<TelemedicineVisit>('POST', apiPaths.telemedicine.book, {
    token: staffTokens.accessToken,
    body: {
      patientIdx: patient.idx,
      staffIdx: me.idx,
      department: '가정의학과',
      scheduledAt: new Date(`${seoulNow()}:00+09:00`).toISOString(),
      durationMin: 15,
      reason: '벤치마크',
    },
  });
  await api.data('PUT', apiPaths.telemedicine.agreeConsent, {
    token: patient.tokens.accessToken,
    body: { version: TELEMEDICINE_CONSENT_VERSION },
  });
  await api.data('PUT', apiPaths.telemedicine.reportDeviceCheck, {
    token: patient.tokens.accessToken,
    body: {
      visitIdx: visit.visitIdx,
      camera: 'OK',
      microphone: 'OK',
      speakerConfirmed: true,
      rttMs: 1,
      downKbps: 100_000,
    },
  });

  const patientContext = await browser.newContext({ baseURL, ...phoneContext });
  const staffContext = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'ko-KR',
  });
  try {
    await seedSession(patientContext, {
      [PATIENT_STORAGE_KEYS.accessToken]: patient.tokens.accessToken,
      [PATIENT_STORAGE_KEYS.refreshToken]: patient.tokens.refreshToken,
      [PATIENT_STORAGE_KEYS.loginId]: patient.loginId,
      [PATIENT_STORAGE_KEYS.myData]: JSON.stringify(patient.profile),
    });
    const staffProfile = await api.data('GET', apiPaths.staff.getMyData, { token: staffTokens.accessToken });
    await seedSession(staffContext, {
      [STAFF_STORAGE_KEYS.accessToken]: staffTokens.accessToken,
      [STAFF_STORAGE_KEYS.refreshToken]: staffTokens.refreshToken,
      [STAFF_STORAGE_KEYS.loginId]: staff.loginId,
      [STAFF_STORAGE_KEYS.myData]: JSON.stringify(staffProfile),
    });
    await patientContext.addInitScript({ content: INSTRUMENT });
    await staffContext.addInitScript({ content: INSTRUMENT });
    const patientPage = await patientContext.newPage();
    const staffPage = await staffContext.newPage();

    // The patient: into the waiting room (PATIENT FLOW).
    await enterWaitingRoom(patientPage, visit.visitIdx);

    // The clinician: the day shows the patient waiting; admit.
    await staffPage.goto('/staff/#/telemedicine');
    const admit = staffPage
      .getByTestId('tm-waiting-card')
      .getByRole('button', { name: `${patient.name} 님 입장시키기` });
    await admit.waitFor({ timeout: 30_000 });
    await admit.click();
    await patientPage.waitForFunction(
      () => (window as { __benchFirstFrameAt?: number }).__benchFirstFrameAt,
      null,
      {
        timeout: 60_000,
      },
    );
    const admitAt = await staffPage.evaluate(() => (window as { __benchAdmitAt?: number }).__benchAdmitAt);
    const frameAt = await patientPage.evaluate(
      () => (window as { __benchFirstFrameAt?: number }).__benchFirstFrameAt,
    );
    if (!admitAt || !frameAt) throw new Error(`run ${n}: no admit (${admitAt}) or first frame (${frameAt})`);
    // End the visit so the clinician's day is clean (not part of the figure).
    await api.data('PUT', apiPaths.telemedicine.endCall, {
      token: staffTokens.accessToken,
      body: { visitIdx: visit.visitIdx },
    });
    return { ms: frameAt - admitAt, visitIdx: visit.visitIdx };
  } finally {
    await patientContext.close();
    await staffContext.close();
  }
}

/** The patient's way into the waiting room of `visitIdx` (the patient app's screens). */
async function enterWaitingRoom(page: Page, visitIdx: number): Promise<void> {
  // Consent given and devices checked beforehand: the room enters by itself.
  await page.goto(`/#/homecare/telemedicine/videocall?visitIdx=${visitIdx}`);
  await page.getByText('대기 순서: 1번째').waitFor({ timeout: 30_000 });
}

const summary = (values: number[]) => ({
  median: Math.round(median(values)),
  p95: Math.round(percentile(values, 95)),
  min: Math.round(Math.min(...values)),
  max: Math.round(Math.max(...values)),
});

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) buildApps();
  const runDir = mkdtempSync(join(tmpdir(), 'smartcare-bench-telemedicine-'));
  const poolFile = join(runDir, 'staff-pool.json');
  const server = await startServer({
    logFile: join(resultsDir, 'telemedicine-server.log'),
    env: { LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT_PER_MIN: '100000', ACCOUNT_RATE_LIMIT_PER_MIN: '100000' },
    beforeStart: (dataDir) => provisionStaffPool(dataDir, poolFile),
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, ...FAKE_MEDIA],
  });
  const request = await playwrightRequest.newContext({ baseURL: server.baseURL });
  try {
    const api = new Api(request);
    const pool = JSON.parse(readFileSync(poolFile, 'utf8')) as PooledStaff[];
    const hospitalIdx = Math.min(...pool.map((s) => s.hospitalIdx));
    // One clinician per visit: no two of the bench's visits share a clinician's time slot.
    const clinicians = pool.filter((s) => s.role === 'NURSE' && s.hospitalIdx === hospitalIdx).slice(0, RUNS);
    if (clinicians.length < RUNS) throw new Error(`only ${clinicians.length} clinicians for ${RUNS} runs`);

    const referencePage = await browser.newPage({ baseURL: server.baseURL });
    await referencePage.goto(HEALTH_PATH);
    await referenceRun(referencePage); // warm-up
    const reference: number[] = [];
    for (let i = 0; i < RUNS; i++) reference.push(await referenceRun(referencePage));
    await referencePage.close();

    const product: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await productRun(api, browser, server.baseURL, clinicians[i]!, i + 1);
      product.push(run.ms);
      process.stdout.write(`  visit ${run.visitIdx}: ${run.ms} ms\n`);
    }

    const app = summary(product);
    const floor = summary(reference);
    process.stdout.write(`\n${row('admit → first remote frame, ms', 'median', 'p95', 'median ÷ ref')}\n`);
    process.stdout.write(`${row('reference: bare RTCPeerConnection pair', floor.median, floor.p95, 1)}\n`);
    process.stdout.write(
      `${row('telemedicine (console → patient)', app.median, app.p95, ratio(app.median, floor.median))}\n`,
    );
    const file = writeResult('telemedicine', {
      machine: { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', loadAverage1m: loadavg()[0] },
      runs: RUNS,
      admitToFirstFrameMs: { ...app, all: product },
      referenceOfferToFirstFrameMs: { ...floor, all: reference.map((v) => Math.round(v)) },
      ratioMedian: ratio(app.median, floor.median),
      ratioP95: ratio(app.p95, floor.p95),
    });
    process.stdout.write(
      `machine: ${cpus().length} cores, load average (1 min) ${loadavg()[0]!.toFixed(1)}\nresults: ${file}\n`,
    );
  } finally {
    await request.dispose();
    await browser.close();
    await server.stop();
    rmSync(runDir, { recursive: true, force: true });
  }
}

await main();
