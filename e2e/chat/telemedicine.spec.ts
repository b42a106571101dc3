import type { Locator, Page } from '@playwright/test';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { MyTelemedicineVisits } from '@smartcare/contract/telemedicine';
import { expect, test } from '../support/fixtures.ts';
import { nurseOfThisTest, openPhone } from './two-people.ts';

/**
 * Issue 17: a video visit from booking to the doctor's note, two people in two Chromium
 * contexts with fake camera and microphone. The browser is launched for this file with the
 * fake-media flags (a worker option: set at the top level, it gets a worker of its own).
 */
test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});

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
      name: '윤영상',
    });
    const phone = await openPhone(browser, baseURL!);
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
      await form.getByLabel('환자').fill(patient.name);
      await staffPage.getByTitle(patient.name, { exact: true }).click();
      await expect(form.getByLabel('진료과')).not.toHaveValue('');
      await form.getByLabel('일시').fill(seoulNow());
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
      await waiting.getByRole('button', { name: `${patient.name} 님 입장시키기` }).click();

      // --- the call: frames both ways ---------------------------------------------------------
      await expect(staffPage.getByRole('heading', { name: `${patient.name} 님 비대면 진료` })).toBeVisible();
      const staffRemote = staffPage.getByTestId('remote-video');
      const patientRemote = patientPage.getByTestId('remote-video');
      await expectFramesGrowing(staffRemote);
      await expectFramesGrowing(patientRemote);
      await expect(staffPage.getByTestId('call-state')).toHaveCount(0);
      await checkA11y(staffPage);

      // The patient mutes; the doctor sees it.
      await patientMutes(patientPage);
      await expect(staffPage.getByTestId('remote-muted')).toHaveText('환자 마이크 꺼짐');

      // A short network drop on the phone: the broker link drops, the call restarts ICE, recovers.
      allowFailures(/\/api\//, /\/mqtt/);
      await watchReconnecting(patientPage);
      const before = await framesDecoded(patientRemote);
      await phone.setOffline(true);
      // ~3 s without network (the timer is the point: a short drop).
      await patientPage.waitForTimeout(3_000);
      await phone.setOffline(false);
      await expect.poll(() => sawReconnecting(patientPage), { timeout: 30_000 }).toBe(true);
      await expect(patientPage.getByText('연결이 불안정합니다 · 다시 연결 중')).toHaveCount(0, {
        timeout: 30_000,
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
      await staffPage.getByRole('button', { name: '요약 저장' }).click();
      await expect(staffPage.getByText('진료 요약을 입력해 주세요.')).toBeVisible();
      await staffPage.getByLabel('진료 요약').fill('혈압 조절 양호. 현재 용량 유지.');
      await staffPage.getByLabel('후속 조치').fill('2주 뒤 비대면 진료');
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
    } finally {
      await phone.close();
    }
  });
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
}

async function patientMutes(page: Page): Promise<void> {
  const mute = page.getByRole('button', { name: '음소거' });
  await mute.click();
  await expect(mute).toHaveAttribute('aria-pressed', 'true');
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
  // The call's end takes the patient to the visit's detail; the summary arrives there.
  await expect(page).toHaveURL(new RegExp(`#/homecare/telemedicine/${visitIdx}$`), { timeout: 20_000 });
  await page.reload();
  await expect(page.getByText(summary)).toBeVisible();
  await expect(page.getByText(followUp)).toBeVisible();
}
