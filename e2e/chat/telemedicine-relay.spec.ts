import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Locator } from '@playwright/test';
import { apiPaths } from '@smartcare/contract/api-paths';
import { TELEMEDICINE_CONSENT_VERSION, type TelemedicineVisit } from '@smartcare/contract/telemedicine';
import { withFakeMedia } from '../playwright.config.ts';
import { expect, test } from '../support/fixtures.ts';
import { nurseOfThisTest, openPhone } from './two-people.ts';

/**
 * Issue 17: a real interruption of the media, which loopback never gives (telemedicine.spec.ts
 * drops only the signalling). Both browsers are forced to relay through a local coturn this test
 * starts (`iceTransportPolicy: 'relay'` wrapped around RTCPeerConnection, the ICE servers answered
 * with TURN REST credentials for it); stopping coturn (SIGSTOP) stops the media, the patient's
 * call shows "다시 연결 중" and the clinician's "다시 연결하는 중"; resumed (SIGCONT), the ICE
 * restart brings frames back on both sides.
 */
test.use({ launchOptions: withFakeMedia });

const TURNSERVER = '/usr/bin/turnserver';
const SECRET = randomBytes(16).toString('hex');

async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

/** Answers a STUN Binding request: coturn is listening. */
async function stunAnswers(port: number): Promise<boolean> {
  const socket = createSocket('udp4');
  const request = Buffer.alloc(20);
  request.writeUInt16BE(0x0001, 0);
  request.writeUInt32BE(0x2112a442, 4);
  randomBytes(12).copy(request, 8);
  try {
    return await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 500);
      socket.once('message', () => {
        clearTimeout(timer);
        resolve(true);
      });
      socket.send(request, port, '127.0.0.1');
    });
  } finally {
    socket.close();
  }
}

async function startCoturn(dir: string): Promise<{ turn: ChildProcess; port: number }> {
  const port = await freeUdpPort();
  const relayFrom = 50_000 + Math.floor(Math.random() * 10_000);
  const turn = spawn(
    TURNSERVER,
    [
      '-n',
      '--listening-ip=127.0.0.1',
      `--listening-port=${port}`,
      '--relay-ip=127.0.0.1',
      // both browsers are on this machine: the relay must reach loopback peers
      '--allow-loopback-peers',
      '--use-auth-secret',
      `--static-auth-secret=${SECRET}`,
      '--realm=smartcare.e2e',
      '--no-tls',
      '--no-dtls',
      '--no-tcp',
      '--no-cli',
      `--min-port=${relayFrom}`,
      `--max-port=${relayFrom + 100}`,
      `--userdb=${join(dir, 'turndb')}`,
      `--pidfile=${join(dir, 'turn.pid')}`,
      '--log-file=stdout',
      '--simple-log',
    ],
    { stdio: ['ignore', 'ignore', 'ignore'] },
  );
  const deadline = Date.now() + 20_000;
  while (!(await stunAnswers(port))) {
    if (Date.now() > deadline) throw new Error('turnserver did not start');
  }
  return { turn, port };
}

/** Every page of the context relays, with TURN REST credentials for the local coturn. */
async function relayOnly(context: BrowserContext, port: number): Promise<void> {
  await context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    class RelayOnly extends Native {
      constructor(configuration?: RTCConfiguration) {
        super({ ...configuration, iceTransportPolicy: 'relay' });
      }
    }
    window.RTCPeerConnection = RelayOnly;
  });
  await context.route(`**${apiPaths.telemedicine.getIceServers}?*`, async (route) => {
    const username = `${Math.floor(Date.now() / 1000) + 600}:e2e`;
    const credential = createHmac('sha1', SECRET).update(username).digest('base64');
    await route.fulfill({
      json: {
        code: 0,
        description: '',
        data: {
          iceServers: [{ urls: [`turn:127.0.0.1:${port}?transport=udp`], username, credential }],
          ttlS: 600,
        },
      },
    });
  });
}

const framesDecoded = async (video: Locator) =>
  Number((await video.getAttribute('data-frames-decoded')) ?? 0);

test('media through a TURN relay that stalls: the reconnecting state is shown and frames resume @telemedicine', async ({
  page: staffPage,
  browser,
  baseURL,
  api,
  createStaff,
  createPatient,
  loginAsPatient,
  loginAsStaff,
}) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), 'smartcare-e2e-turn-'));
  const { turn, port } = await startCoturn(dir);
  const phone = await openPhone(browser, baseURL!);
  try {
    const nurse = await nurseOfThisTest(api, createStaff);
    const staffToken = (await api.loginStaff(nurse.account.loginId, nurse.account.password)).accessToken;
    const patient = await createPatient({
      hospitalIdx: nurse.profile.hospitalIdx,
      area: 'HOMECARE',
      name: '최중계',
    });
    const { visitIdx } = await api.data<TelemedicineVisit>('POST', apiPaths.telemedicine.book, {
      token: staffToken,
      body: {
        patientIdx: patient.idx,
        staffIdx: nurse.profile.idx,
        department: '가정의학과',
        scheduledAt: new Date().toISOString(),
        durationMin: 20,
        reason: '중계 서버 경유 진료',
      },
    });
    await api.data('PUT', apiPaths.telemedicine.agreeConsent, {
      token: patient.tokens.accessToken,
      body: { version: TELEMEDICINE_CONSENT_VERSION },
    });
    await relayOnly(phone, port);
    await relayOnly(staffPage.context(), port);

    const patientPage = await phone.newPage();
    await loginAsPatient(patientPage, patient.loginId, { password: patient.password, area: 'homecare' });
    await patientPage.goto(`/#/homecare/telemedicine/videocall?visitIdx=${visitIdx}`);
    await expect(patientPage.getByText('대기 순서: 1번째')).toBeVisible({ timeout: 20_000 });
    await loginAsStaff(staffPage, nurse.account.loginId, { password: nurse.account.password });
    await staffPage.goto(`/staff/#/telemedicine/${visitIdx}`);
    await staffPage.getByRole('button', { name: `${patient.name} 님 입장시키기` }).click();

    const patientRemote = patientPage.getByTestId('remote-video');
    const staffRemote = staffPage.getByTestId('remote-video');
    await expect.poll(() => framesDecoded(patientRemote), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => framesDecoded(staffRemote), { timeout: 30_000 }).toBeGreaterThan(0);

    // The relay stalls: no media either way.
    turn.kill('SIGSTOP');
    try {
      await expect(patientPage.getByText('연결이 불안정합니다 · 다시 연결 중')).toBeVisible({
        timeout: 20_000,
      });
      await expect(staffPage.getByTestId('call-state')).toHaveText('다시 연결하는 중', { timeout: 20_000 });
      const stalled = await framesDecoded(patientRemote);
      await patientPage.waitForTimeout(1_500);
      // frozen while the relay is stopped (a frame or two in flight at most)
      expect((await framesDecoded(patientRemote)) - stalled).toBeLessThanOrEqual(2);
    } finally {
      turn.kill('SIGCONT');
    }

    // Back: the ICE restart goes through the relay again and the frames resume on both sides.
    const patientBefore = await framesDecoded(patientRemote);
    const staffBefore = await framesDecoded(staffRemote);
    await expect(patientPage.getByText('연결이 불안정합니다 · 다시 연결 중')).toHaveCount(0, {
      timeout: 45_000,
    });
    await expect(staffPage.getByTestId('call-state')).toHaveCount(0, { timeout: 30_000 });
    await expect
      .poll(() => framesDecoded(patientRemote), { timeout: 30_000 })
      .toBeGreaterThan(patientBefore + 10);
    await expect
      .poll(() => framesDecoded(staffRemote), { timeout: 30_000 })
      .toBeGreaterThan(staffBefore + 10);
  } finally {
    await phone.close();
    turn.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
