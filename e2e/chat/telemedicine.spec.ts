import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { apiPaths } from '@smartcare/contract/api-paths';
import {
  TELEMEDICINE_CONSENT_VERSION,
  type MyTelemedicineVisits,
  type TelemedicineVisit,
} from '@smartcare/contract/telemedicine';
import { withFakeMedia } from '../playwright.config.ts';
import { uniqueKoreanName } from '../support/factories.ts';
import { expect, test } from '../support/fixtures.ts';
import { nurseOfThisTest, openPhone } from './two-people.ts';

/**
 * Issue 17: a video visit from booking to the doctor's note, two people in two Chromium
 * contexts with fake camera and microphone. The browser is launched for this file with the
 * fake-media flags (a worker option: set at the top level, it gets a worker of its own).
 */
test.use({ launchOptions: withFakeMedia });

/** Seoul wall time now, as the console's `datetime-local` value (the visit starts now). */
const seoulNow = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 16);

/** The remote video's decoded frames (the shared call hook keeps them from getStats). */
async function framesDecoded(video: Locator): Promise<number> {
  return Number((await video.getAttribute('data-frames-decoded')) ?? 0);
}

async function expectFramesGrowing(video: Locator, above = 0): Promise<number> {
  await expect.poll(() => framesDecoded(video), { timeout: 30_000 }).toBeGreaterThan(above);
  return framesDecoded(video);
}

test.describe('telemedicine', () => {
  test('staff book a visit; the patient checks devices, consents and waits; the doctor admits; video both ways, mute, a network drop recovers; the summary reaches the patient', async ({
    page: staffPage,
    browser,
    baseURL,
    api,
    createStaff,
    createPatient,
    loginAsPatient,
    loginAsStaff,
    checkA11y,
    allowFailures,
  }, testInfo) => {
    test.setTimeout(240_000);
    const nurse = await nurseOfThisTest(api, createStaff);
    const patient = await createPatient({
      hospitalIdx: nurse.profile.hospitalIdx,
      area: 'HOMECARE',
      name: uniqueKoreanName('윤영상'),
    });
    const phone = await openPhone(browser, baseURL!);
    await phone.addInitScript(trackBrokerLinks);
    const patientPage = await phone.newPage();
    try {
      // --- staff: book a visit starting now -------------------------------------------------
      await loginAsStaff(staffPage, nurse.account.loginId, { password: nurse.account.password });
      await staffPage
        .getByRole('navigation', { name: '주 메뉴' })
        .getByRole('link', { name: '비대면 진료' })
        .click();
      await expect(staffPage.getByRole('heading', { name: '비대면 진료', level: 2 })).toBeVisible();
      await expect(staffPage.getByText('대기실에 들어온 환자가 없습니다.')).toBeVisible();
      await staffPage.getByRole('button', { name: '진료 예약하기' }).click();
      const form = staffPage.getByRole('dialog');
      // Nothing chosen: each field says what is missing; nothing is sent.
      await form.getByRole('button', { name: '저장' }).click();
      await expect(form.getByText('환자 항목을 입력해 주세요.')).toBeVisible();
      await expect(form.getByText('진료 사유 (환자에게 보입니다) 항목을 입력해 주세요.')).toBeVisible();
      await checkA11y(staffPage);
      await form.getByLabel('환자', { exact: true }).fill(patient.name);
      await staffPage.getByTitle(patient.name, { exact: true }).click();
      // The clinician is the nurse herself (her own day); a pool account has no department of its own.
      await expect(form.getByTitle(`${nurse.profile.name} · 간호사`)).toBeVisible();
      await form.getByLabel('진료과', { exact: true }).fill('가정의학과');
      await form.getByLabel('일시', { exact: true }).fill(seoulNow());
      await form.getByLabel('진료 사유 (환자에게 보입니다)').fill('혈압약 조정 상담');
      await form.getByLabel('준비 사항 (환자에게 보입니다)').fill('오늘 아침 혈압을 재 두세요');
      await form.getByRole('button', { name: '저장' }).click();
      await expect(staffPage.getByText('진료를 예약했습니다.')).toBeVisible();
      const row = staffPage.getByRole('row').filter({ hasText: patient.name });
      await expect(row).toContainText('예약됨');

      // --- patient: device check, consent, waiting room -------------------------------------
      const mine = await api.data<MyTelemedicineVisits>('GET', apiPaths.telemedicine.getMyVisits, {
        token: patient.tokens.accessToken,
      });
      expect(mine.upcoming).toHaveLength(1);
      const visitIdx = mine.upcoming[0]!.visitIdx;
      await loginAsPatient(patientPage, patient.loginId, { password: patient.password, area: 'homecare' });
      await patientJoins(patientPage, visitIdx, checkA11y);
      await patientPage.screenshot({ path: testInfo.outputPath('patient-waiting.png'), scale: 'css' });

      // --- staff: the patient waits, live; admit ---------------------------------------------
      const waiting = staffPage.getByRole('region', { name: /대기 중인 환자 1명/ });
      const card = waiting.getByTestId('tm-waiting-card');
      await expect(card).toContainText(patient.name);
      await expect(card).toContainText('카메라: 정상');
      await expect(card).toContainText('마이크: 정상');
      // The waiting time counts up.
      const clockText = () => card.locator('.tm-clock').innerText();
      const first = await clockText();
      await expect.poll(clockText, { timeout: 5_000 }).not.toBe(first);
      await checkA11y(staffPage);
      await staffPage.screenshot({ path: testInfo.outputPath('staff-telemedicine-waiting.png') });
      // The visit page before the call: what was booked, the device check, "입장시키기" (axe).
      await staffPage.goto(`/staff/#/telemedicine/${visitIdx}`);
      await expect(staffPage.getByRole('heading', { name: `${patient.name} 님 비대면 진료` })).toBeVisible();
      await expect(staffPage.getByRole('button', { name: `${patient.name} 님 입장시키기` })).toBeVisible();
      await expect(staffPage.getByText('혈압약 조정 상담')).toBeVisible();
      await checkA11y(staffPage);
      await staffPage.goBack();
      await expect(card).toContainText(patient.name);
      await waiting.getByRole('button', { name: `${patient.name} 님 입장시키기` }).click();

      // --- the call: frames both ways ---------------------------------------------------------
      await expect(staffPage.getByRole('heading', { name: `${patient.name} 님 비대면 진료` })).toBeVisible();
      const staffRemote = staffPage.getByTestId('remote-video');
      const patientRemote = patientPage.getByTestId('remote-video');
      await expectFramesGrowing(staffRemote);
      await expectFramesGrowing(patientRemote);
      await expect(staffPage.getByTestId('call-state')).toHaveCount(0);
      await checkA11y(staffPage);
      // The patient's in-call screen (the controls, the call time, the quality).
      await expect(patientPage.getByRole('button', { name: '진료 마치기' })).toBeVisible();
      await checkA11y(patientPage);

      // The patient mutes; the doctor sees it.
      await patientMutes(patientPage);
      await expect(staffPage.getByTestId('remote-muted')).toHaveText('환자 마이크 꺼짐');

      // A short network drop on the phone: ~3 s offline. Chromium's offline emulation neither
      // closes an open WebSocket nor touches WebRTC on loopback, so the broker link is dropped as
      // a real drop would (the socket closes) and reconnects fail until the phone is back
      // online; the client then says hello and the clinician restarts ICE with a new offer.
      allowFailures(/\/medical2\/app\/api\//, /\/mqtt$/);
      await watchReconnecting(patientPage);
      const offersBefore = await offersReceived(patientPage);
      const before = await framesDecoded(patientRemote);
      await phone.setOffline(true);
      await dropBrokerLink(patientPage);
      await patientPage.waitForTimeout(3_000);
      await phone.setOffline(false);
      await expect.poll(() => openBrokerLinks(patientPage), { timeout: 30_000 }).toBe(1);
      await expect.poll(() => offersReceived(patientPage), { timeout: 30_000 }).toBeGreaterThan(offersBefore);
      await expect(patientPage.getByText('연결이 불안정합니다 · 다시 연결 중')).toHaveCount(0, {
        timeout: 30_000,
      });
      testInfo.annotations.push({
        type: 'reconnecting state',
        description: (await sawReconnecting(patientPage)) ? 'shown' : 'not reached (media kept flowing)',
      });
      await expectFramesGrowing(patientRemote, before);
      await expectFramesGrowing(staffRemote, await framesDecoded(staffRemote));
      await staffPage.screenshot({ path: testInfo.outputPath('staff-telemedicine-call.png') });

      // --- the doctor ends the call and writes the summary ---------------------------------------
      await staffPage.getByRole('button', { name: '진료 종료' }).click();
      const confirm = staffPage.getByRole('dialog');
      await expect(confirm).toContainText('진료를 마칠까요?');
      await confirm.getByRole('button', { name: '진료 마치기' }).click();
      await expect(staffPage.getByRole('heading', { name: '진료 요약 작성' })).toBeVisible();
      // The patient is already on the visit's detail, which has no summary yet: what follows
      // must reach that open screen.
      await expect(patientPage).toHaveURL(new RegExp(`#/homecare/telemedicine/${visitIdx}$`), {
        timeout: 20_000,
      });
      await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('비대면 진료 정보');
      await expect(patientPage.getByText('혈압 조절 양호. 현재 용량 유지.')).toHaveCount(0);
      await staffPage.getByRole('button', { name: '요약 저장' }).click();
      await expect(staffPage.getByText('진료 요약을 입력해 주세요.')).toBeVisible();
      await staffPage.getByLabel('진료 요약', { exact: true }).fill('혈압 조절 양호. 현재 용량 유지.');
      await staffPage.getByLabel('후속 조치', { exact: true }).fill('2주 뒤 비대면 진료');
      await staffPage.getByRole('button', { name: '요약 저장' }).click();
      await expect(staffPage.getByText('진료 요약을 저장했습니다.')).toBeVisible();
      await checkA11y(staffPage);

      // --- the patient reads it ---------------------------------------------------------------
      await patientReadsSummary(
        patientPage,
        visitIdx,
        '혈압 조절 양호. 현재 용량 유지.',
        '2주 뒤 비대면 진료',
      );

      // --- issue 16: the completed visit is rated from its page and the patient comes back there --
      await patientPage.getByRole('link', { name: '이 진료 평가하기' }).click();
      await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('평가하기');
      await expect(patientPage.locator('.rating-occasion')).toContainText('비대면 진료');
      await patientPage.getByRole('radio', { name: '만족', exact: true }).click();
      await patientPage.getByRole('button', { name: '설명이 충분해요' }).click();
      await patientPage.getByRole('button', { name: '평가 보내기' }).click();
      await expect(patientPage).toHaveURL(new RegExp(`#/homecare/telemedicine/${visitIdx}$`));
      await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('비대면 진료 정보');
    } finally {
      await phone.close();
    }
  });
  test(
    "screenshots of the console's telemedicine screens at 1280 and 360 px",
    { tag: '@screenshots' },
    async ({
      page: staffPage,
      browser,
      baseURL,
      api,
      createStaff,
      createPatient,
      loginAsPatient,
      loginAsStaff,
    }) => {
      test.setTimeout(240_000);
      const dir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots/staff');
      mkdirSync(dir, { recursive: true });
      const nurse = await nurseOfThisTest(api, createStaff);
      const token = (await api.loginStaff(nurse.account.loginId, nurse.account.password)).accessToken;
      const waitingPatient = await createPatient({
        hospitalIdx: nurse.profile.hospitalIdx,
        area: 'HOMECARE',
        name: '김하늘',
      });
      const laterPatient = await createPatient({
        hospitalIdx: nurse.profile.hospitalIdx,
        area: 'HOMECARE',
        name: '박서준',
      });
      const book = (patientIdx: number, at: Date, reason: string, preparation?: string) =>
        api.data<TelemedicineVisit>('POST', apiPaths.telemedicine.book, {
          token,
          body: {
            patientIdx,
            staffIdx: nurse.profile.idx,
            department: '가정의학과',
            scheduledAt: at.toISOString(),
            durationMin: 15,
            reason,
            ...(preparation ? { preparation } : {}),
          },
        });
      const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
      const waitingVisit = await book(
        waitingPatient.idx,
        now,
        '혈압약 복용 후 어지러움 상담',
        '아침 혈압을 재 두세요',
      );
      const later = await book(laterPatient.idx, new Date(now.getTime() + 2 * 3_600_000), '당뇨 정기 상담');
      await api.data('PUT', apiPaths.telemedicine.requestChange, {
        token: laterPatient.tokens.accessToken,
        body: {
          visitIdx: later.visitIdx,
          preferredDates: [
            new Date(now.getTime() + 26 * 3_600_000).toISOString(),
            new Date(now.getTime() + 50 * 3_600_000).toISOString(),
          ],
          reason: '그 시간에는 병원 검진이 있어요',
        },
      });
      await api.data('PUT', apiPaths.telemedicine.agreeConsent, {
        token: waitingPatient.tokens.accessToken,
        body: { version: TELEMEDICINE_CONSENT_VERSION },
      });
      await api.data('PUT', apiPaths.telemedicine.reportDeviceCheck, {
        token: waitingPatient.tokens.accessToken,
        body: {
          visitIdx: waitingVisit.visitIdx,
          camera: 'OK',
          microphone: 'OK',
          speakerConfirmed: true,
          rttMs: 38,
          downKbps: 8200,
        },
      });
      const phone = await openPhone(browser, baseURL!);
      const patientPage = await phone.newPage();
      try {
        // The patient waits in the room (the videocall screen enters it by itself).
        await loginAsPatient(patientPage, waitingPatient.loginId, {
          password: waitingPatient.password,
          area: 'homecare',
        });
        await patientPage.goto(`/#/homecare/telemedicine/videocall?visitIdx=${waitingVisit.visitIdx}`);
        await expect(patientPage.getByText('대기 순서: 1번째')).toBeVisible({ timeout: 20_000 });

        await loginAsStaff(staffPage, nurse.account.loginId, { password: nurse.account.password });
        await staffPage.goto('/staff/#/telemedicine');
        const card = staffPage.getByTestId('tm-waiting-card');
        await expect(card).toContainText('김하늘');
        await expect(staffPage.getByRole('region', { name: '변경·취소 요청' })).toContainText('박서준');
        for (const width of [1280, 360]) {
          await staffPage.setViewportSize({ width, height: width === 360 ? 780 : 900 });
          const suffix = width === 360 ? '-360' : '';
          await staffPage.screenshot({ path: `${dir}/telemedicine-day${suffix}.png`, fullPage: true });
          await staffPage.getByRole('button', { name: '진료 예약하기' }).click();
          await staffPage.getByRole('dialog').getByRole('button', { name: '저장' }).click();
          await expect(staffPage.getByText('환자 항목을 입력해 주세요.')).toBeVisible();
          await staffPage.screenshot({ path: `${dir}/telemedicine-book${suffix}.png` });
          await staffPage.getByRole('dialog').getByRole('button', { name: '닫기' }).first().click();
          await expect(staffPage.getByRole('dialog')).toHaveCount(0);
        }
        await staffPage.setViewportSize({ width: 1280, height: 900 });
        await card.getByRole('button', { name: '김하늘 님 입장시키기' }).click();
        await expect(staffPage.getByTestId('remote-video')).toHaveAttribute('data-frames-decoded', /^[1-9]/, {
          timeout: 30_000,
        });
        await expect(staffPage.getByTestId('call-quality')).not.toHaveText('연결 확인 중', {
          timeout: 15_000,
        });
        for (const width of [1280, 360]) {
          await staffPage.setViewportSize({ width, height: width === 360 ? 780 : 900 });
          await staffPage.screenshot({
            path: `${dir}/telemedicine-call${width === 360 ? '-360' : ''}.png`,
            fullPage: true,
          });
        }
        await staffPage.setViewportSize({ width: 1280, height: 900 });
        await staffPage.getByRole('button', { name: '진료 종료' }).click();
        await staffPage.getByRole('dialog').getByRole('button', { name: '진료 마치기' }).click();
        await staffPage
          .getByLabel('진료 요약', { exact: true })
          .fill('퇴원 후 혈압 130/80 전후로 안정적입니다. 현재 용량을 유지합니다.');
        await staffPage
          .getByLabel('후속 조치', { exact: true })
          .fill('2주 뒤 비대면 진료로 혈압 기록을 함께 봅니다.');
        await staffPage.getByRole('button', { name: '요약 저장' }).click();
        await expect(staffPage.getByRole('heading', { name: '진료 요약 수정' })).toBeVisible();
        for (const width of [1280, 360]) {
          await staffPage.setViewportSize({ width, height: width === 360 ? 780 : 900 });
          await staffPage.screenshot({
            path: `${dir}/telemedicine-summary${width === 360 ? '-360' : ''}.png`,
            fullPage: true,
          });
        }
      } finally {
        await phone.close();
      }
    },
  );
});

// --- the patient's side (tele-patient's screens) -----------------------------------------------

/** The visit's detail: consent, then "입장하기" → the device check → the waiting room, first in line. */
async function patientJoins(page: Page, visitIdx: number, checkA11y: (page: Page) => Promise<void>) {
  await page.goto(`/#/homecare/telemedicine/${visitIdx}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('비대면 진료 정보');
  await expect(page.getByText('입장하려면 아래의 비대면 진료 동의를 먼저 해 주세요.')).toBeVisible();
  await page.getByRole('button', { name: '위 내용을 읽었으며 동의합니다' }).click();
  await expect(page.getByText('동의가 저장되었습니다.')).toBeVisible();
  await page.getByRole('link', { name: '입장하기' }).click();

  // The device check: the fake camera and microphone work, the tone is heard, the network measured.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('진료 전 기기 점검');
  await expect(page.getByText('카메라: 잘 작동합니다')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('마이크: 잘 작동합니다')).toBeVisible();
  await page.getByRole('button', { name: '소리 들어보기' }).click();
  await page.getByRole('button', { name: '네, 들렸어요' }).click();
  await expect(page.getByText('소리: 잘 들립니다')).toBeVisible();
  await expect(page.getByText('인터넷 연결을 확인하는 중입니다')).toHaveCount(0, { timeout: 30_000 });
  await checkA11y(page);
  await page.getByRole('button', { name: '점검 완료하고 대기실로 입장하기' }).click();

  // The waiting room: first in line.
  await expect(page.getByText('대기 순서: 1번째')).toBeVisible({ timeout: 20_000 });
  await checkA11y(page);
}

async function patientMutes(page: Page): Promise<void> {
  const mute = page.getByRole('button', { name: '음소거' });
  await mute.click();
  await expect(mute).toHaveAttribute('aria-pressed', 'true');
}

/**
 * Before the app loads: keeps the page's broker WebSockets, so a test can drop them, and counts
 * the SDP offers that arrive over them (the clinician's first offer, then each ICE restart).
 */
function trackBrokerLinks(): void {
  const w = window as unknown as { __e2eLinks: WebSocket[]; __e2eOffers: number };
  const Native = window.WebSocket;
  w.__e2eLinks = [];
  w.__e2eOffers = 0;
  class Tracked extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      if (!String(url).includes('/mqtt')) return;
      w.__e2eLinks.push(this);
      this.addEventListener('message', (event: MessageEvent) => {
        const data: unknown = event.data;
        const text =
          data instanceof ArrayBuffer ? new TextDecoder().decode(data) : typeof data === 'string' ? data : '';
        if (text.includes('"type":"offer"')) w.__e2eOffers += 1;
      });
    }
  }
  window.WebSocket = Tracked;
}

const offersReceived = (page: Page) =>
  page.evaluate(() => (window as unknown as { __e2eOffers: number }).__e2eOffers);
const openBrokerLinks = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __e2eLinks: WebSocket[] }).__e2eLinks.filter(
        (link) => link.readyState === WebSocket.OPEN,
      ).length,
  );
async function dropBrokerLink(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const link of (window as unknown as { __e2eLinks: WebSocket[] }).__e2eLinks) link.close();
  });
}

/** Records whether the call ever showed its reconnecting state (it may last only a moment). */
async function watchReconnecting(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __sawReconnecting?: boolean };
    w.__sawReconnecting = false;
    const look = () => {
      if (document.body.innerText.includes('다시 연결 중')) w.__sawReconnecting = true;
    };
    new MutationObserver(look).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
}

const sawReconnecting = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sawReconnecting?: boolean }).__sawReconnecting ?? false);

async function patientReadsSummary(page: Page, visitIdx: number, summary: string, followUp: string) {
  // The call's end takes the patient to the visit's detail; the summary arrives there live,
  // without a reload: the 진료 요약 notice refetches the visit (decision 033).
  await expect(page).toHaveURL(new RegExp(`#/homecare/telemedicine/${visitIdx}$`), { timeout: 20_000 });
  await expect(page.getByText(summary)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(followUp)).toBeVisible();
}
