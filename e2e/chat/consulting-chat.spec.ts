import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { MQTT_PATH } from '@smartcare/contract/topics';
import type { LoginOptions } from '../support/auth.ts';
import { expect, navigate, test } from '../support/fixtures.ts';
import { nurseOfThisTest, openPhone, phoneContext } from './two-people.ts';

/** Issue 4, the patient's side of the consulting chat against the real server and broker. */
test.describe('consulting chat', () => {
  test('a patient and a nurse chat live, both ways, and the patient ends the consultation', async ({
    page: nursePage,
    browser,
    baseURL,
    api,
    createStaff,
    createPatient,
    loginAsPatient,
    loginAsStaff,
  }, testInfo) => {
    const nurse = await nurseOfThisTest(api, createStaff);
    const patient = await createPatient({
      hospitalIdx: nurse.profile.hospitalIdx,
      ward: '7병동',
      bed: '703-1',
    });
    const phone = await openPhone(browser, baseURL!);
    const patientPage = await phone.newPage();
    try {
      await loginAsPatient(patientPage, patient.loginId, { password: patient.password });
      await navigate(patientPage, '/hospital/consulting/chat');
      await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('상담 채팅');
      const status = patientPage.getByRole('region', { name: '상담 상태' });
      await expect(status).toContainText('상담 전');
      await expect(patientPage.getByText('아직 대화가 없습니다.', { exact: false })).toBeVisible();

      // The quick button hands the room to staff at once; the bot says so.
      await patientPage.getByRole('button', { name: '상담원 연결' }).click();
      const patientLog = patientPage.getByRole('log', { name: '대화 내용' });
      await expect(patientLog.locator('[data-person-type="PATIENT"]')).toContainText('상담원 연결');
      await expect(status).toContainText('상담원 답변 대기 중');

      // The nurse finds the room in her inbox, joins and answers.
      await loginAsStaff(nursePage, nurse.account.loginId, { password: nurse.account.password });
      await nursePage
        .getByRole('navigation', { name: '상담 목록' })
        .getByRole('link', { name: new RegExp(patient.name) })
        .click();
      await nursePage.getByRole('button', { name: '상담 참여' }).click();
      const answer = '안녕하세요, 7병동 간호사입니다. 무엇을 도와드릴까요?';
      await nursePage.getByRole('textbox', { name: '메시지 입력' }).fill(answer);
      await nursePage.getByRole('button', { name: '보내기' }).click();

      // It reaches the patient without a reload, with the nurse's name on it.
      const staffBubble = patientLog.locator('[data-person-type="USER"]').filter({ hasText: answer });
      await expect(staffBubble).toBeVisible();
      await expect(staffBubble).toContainText(nurse.profile.name);
      await expect(status).toContainText('상담 중');
      // Told who joined, by name and role (issue 10 point 4).
      await expect(patientLog.locator('[data-notice="STAFF_JOINED"]')).toContainText(
        `${nurse.profile.name} 간호사가 상담에 참여했습니다`,
      );

      // And the patient's answer reaches the nurse.
      const question = '내일 퇴원 수속은 몇 시에 하나요?';
      await patientPage.getByRole('textbox', { name: '메시지 입력' }).fill(question);
      await patientPage.getByRole('button', { name: '보내기' }).click();
      await expect(nursePage.getByRole('log', { name: '대화 내용' }).getByText(question)).toBeVisible();
      await expect(patientLog.locator('[data-pending-state]')).toHaveCount(0);
      await expect(status).toContainText('상담원 답변 대기 중');
      await patientPage.screenshot({ path: testInfo.outputPath('consulting-chat.png'), scale: 'css' });

      // Ending asks first, then the room is finished for both; a new consultation can start.
      await patientPage.getByRole('button', { name: '상담 종료' }).click();
      await patientPage.getByRole('button', { name: '종료하기' }).click();
      await expect(patientPage.getByText('상담이 종료되었습니다. 이용해 주셔서 감사합니다.')).toBeVisible();
      await expect(status).toContainText('상담 종료');
      // The end-of-chat panel leaves the last message in sight (issue 10 point 4).
      const lastBubble = patientLog.locator('li').last();
      await expect(lastBubble).toBeInViewport({ ratio: 1 });
      const panelTop = (await patientPage.locator('.chat-footer').boundingBox())!.y;
      const lastBottom = (await lastBubble.boundingBox())!;
      expect(lastBottom.y + lastBottom.height).toBeLessThanOrEqual(panelTop);
      await patientPage.screenshot({ path: testInfo.outputPath('consulting-chat-ended.png'), scale: 'css' });
      await patientPage.getByRole('button', { name: '새 상담 시작하기' }).click();
      await expect(patientPage.getByText('새 상담을 시작합니다.', { exact: false })).toBeVisible();
      await expect(patientPage.getByRole('textbox', { name: '메시지 입력' })).toBeVisible();
    } finally {
      await phone.close();
    }
  });
});

/** Issue 10 point 3 (decision 011): urgent words escalate at once, to the patient and to staff. */
test.describe('urgent words in the consulting chat', () => {
  test('an urgent message shows the emergency guidance to the patient and flags the room on top of the staff inbox', async ({
    page: nursePage,
    browser,
    baseURL,
    api,
    createStaff,
    createPatient,
    loginAsPatient,
    loginAsStaff,
  }, testInfo) => {
    const nurse = await nurseOfThisTest(api, createStaff);
    const waiting = await createPatient({ hospitalIdx: nurse.profile.hospitalIdx });
    const patient = await createPatient({
      hospitalIdx: nurse.profile.hospitalIdx,
      ward: '7병동',
      bed: '703-2',
    });
    const phone = await openPhone(browser, baseURL!);
    const waitingPage = await phone.newPage();
    const patientPage = await phone.newPage();
    try {
      // Someone already waiting for staff, so the urgent room has to overtake them.
      await loginAsPatient(waitingPage, waiting.loginId, { password: waiting.password });
      await navigate(waitingPage, '/hospital/consulting/chat');
      await waitingPage.getByRole('button', { name: '상담원 연결' }).click();
      await expect(waitingPage.getByRole('region', { name: '상담 상태' })).toContainText(
        '상담원 답변 대기 중',
      );
      await waitingPage.close();

      await loginAsStaff(nursePage, nurse.account.loginId, { password: nurse.account.password });
      const inbox = nursePage.getByRole('navigation', { name: '상담 목록' });
      await expect(inbox.getByRole('link', { name: new RegExp(waiting.name) })).toBeVisible();

      await loginAsPatient(patientPage, patient.loginId, { password: patient.password });
      await navigate(patientPage, '/hospital/consulting/chat');
      await patientPage.getByRole('textbox', { name: '메시지 입력' }).fill('가슴이 너무 아프고 숨이 차요');
      await patientPage.getByRole('button', { name: '보내기' }).click();

      // The patient: the guidance at once, never the generic answer, with the nurse call and 119.
      const log = patientPage.getByRole('log', { name: '대화 내용' });
      const guidance = log.locator('[data-notice="URGENT"]');
      await expect(guidance).toContainText('119');
      await expect(log).not.toContainText('정확히 답변드리기 어려워요');
      const actions = patientPage.getByRole('group', { name: '응급 안내' });
      await expect(actions.getByRole('link', { name: '간호사 호출' })).toBeVisible();
      await expect(actions.getByRole('link', { name: '119 전화하기' })).toHaveAttribute('href', 'tel:119');
      await expect(patientPage.getByRole('region', { name: '상담 상태' })).toContainText(
        '상담원 답변 대기 중',
      );
      await patientPage.screenshot({ path: testInfo.outputPath('urgent-patient-360.png'), scale: 'css' });

      // The nurse: an alert wherever she is, and the room first in her inbox, marked 긴급.
      // Both say why: the patient's own words.
      const banner = nursePage.getByTestId('urgent-chat-banner');
      await expect(banner).toContainText(patient.name);
      await expect(banner).toContainText('가슴이 너무 아프고 숨이 차요');
      const first = inbox.getByRole('link').first();
      await expect(first).toContainText(patient.name);
      await expect(first).toContainText('긴급');
      await expect(first).toContainText('긴급 메시지: 가슴이 너무 아프고 숨이 차요');
      await nursePage.screenshot({ path: testInfo.outputPath('urgent-staff-1280.png') });

      // Opening the room from the alert shows who the patient is and the guidance they got.
      await nursePage.getByTestId('urgent-chat-banner').getByRole('link', { name: '상담 열기' }).click();
      await expect(nursePage.getByRole('heading', { level: 2, name: patient.name })).toBeVisible();
      await expect(nursePage.locator('.room-head').getByTestId('patient-info')).toContainText('환자번호');
      await expect(nursePage.getByRole('log', { name: '대화 내용' })).toContainText('응급 안내');
      await nursePage.screenshot({ path: testInfo.outputPath('urgent-room-1280.png') });
    } finally {
      await phone.close();
    }
  });
});

/** A patient logs in on `page` and opens the consulting chat. */
async function openChat(
  page: Page,
  patient: { loginId: string; password: string },
  loginAsPatient: (page: Page, loginId: string, options?: LoginOptions) => Promise<unknown>,
) {
  await loginAsPatient(page, patient.loginId, { password: patient.password });
  await navigate(page, '/hospital/consulting/chat');
}

/** The same, then sends `question`. */
async function askInChat(
  page: Page,
  patient: { loginId: string; password: string },
  loginAsPatient: (page: Page, loginId: string, options?: LoginOptions) => Promise<unknown>,
  question: string,
) {
  await openChat(page, patient, loginAsPatient);
  await page.getByRole('textbox', { name: '메시지 입력' }).fill(question);
  await page.getByRole('button', { name: '보내기' }).click();
}

/** The patient alone, on the phone. */
test.describe('consulting chat on the phone', () => {
  test.use(phoneContext);

  test('the chatbot answers from the hospital’s published FAQ and guides, with a button that opens the entry', async ({
    page,
    createPatient,
    loginAsPatient,
    checkA11y,
  }) => {
    const patient = await createPatient();
    await askInChat(page, patient, loginAsPatient, '면회시간 언제까지에요');

    const log = page.getByRole('log', { name: '대화 내용' });
    await expect(log.locator('[data-person-type="PATIENT"]')).toContainText('면회시간 언제까지에요');
    const bot = log.locator('[data-person-type="CHATBOT"]');
    // The demo hospital's published content (issue 14): a short quote of its visiting hours.
    await expect(bot).toContainText('면회');
    await expect(bot).toContainText('오후 6시');
    await expect(bot).toContainText('챗봇');
    const source = bot.getByRole('group', { name: '챗봇 답변의 출처' }).getByRole('link');
    await expect(source).toHaveText(/면회.*전체 보기/);
    // The app routes by hash: the entry's path follows "#".
    const path = (await source.getAttribute('href'))!.replace(/^.*#/, '');
    expect(path).toMatch(/^\/hospital\/(news|guidesearch)\/\d+$/);
    await checkA11y(page);

    const title = (await source.textContent())!.match(/「(.+)」/)![1]!;
    await source.click();
    await expect(page).toHaveURL(new RegExp(`#${path}$`));
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  });

  test('at 200 % text the urgent guidance keeps the screen’s width: the time goes under it, not beside it', async ({
    page,
    createPatient,
    loginAsPatient,
  }) => {
    const patient = await createPatient();
    await askInChat(page, patient, loginAsPatient, '약을 두 번 먹은 것 같아요 어떡하죠');
    const log = page.getByRole('log', { name: '대화 내용' });
    const guidance = log.locator('[data-notice="URGENT"] .chat-bubble');
    await expect(guidance).toContainText('토하지 마세요');

    const widths = async () => {
      await page.evaluate(() => document.fonts.ready);
      return page.evaluate(() => {
        const bubble = document.querySelector('[data-notice="URGENT"] .chat-bubble')!.getBoundingClientRect();
        const time = document.querySelector('[data-notice="URGENT"] .chat-time')!.getBoundingClientRect();
        const list = document.querySelector('[role="log"]')!.getBoundingClientRect();
        return { bubble: bubble.width, list: list.width, timeBelow: time.top >= bubble.bottom - 1 };
      });
    };
    // Normal size: the time beside the bubble, as in every chat app.
    expect((await widths()).timeBelow).toBe(false);
    // The in-app 아주 크게: beside it, the bubble was left two thirds of the screen (three words a line).
    await page.evaluate(() => localStorage.setItem('smartcare.textSize', 'xlarge'));
    await page.reload();
    await expect(guidance).toBeVisible();
    const xlarge = await widths();
    expect(xlarge.timeBelow).toBe(true);
    expect(xlarge.bubble).toBeGreaterThan(xlarge.list * 0.85);
    // The phone's own text size (Chromium's default font size doubled), the in-app size normal.
    await page.evaluate(() => localStorage.removeItem('smartcare.textSize'));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
    await page.reload();
    await expect(guidance).toBeVisible();
    const browserLarge = await widths();
    expect(browserLarge.timeBelow).toBe(true);
    expect(browserLarge.bubble).toBeGreaterThan(browserLarge.list * 0.85);
  });

  test('at 200 % text the writing line leaves the conversation in view: the handoff button while the box is empty, the send button once there is text', async ({
    page,
    createPatient,
    loginAsPatient,
  }) => {
    await openChat(page, await createPatient(), loginAsPatient);
    const box = page.getByRole('textbox', { name: '메시지 입력' });
    const handoff = page.getByRole('button', { name: '상담원 연결' });
    const send = page.getByRole('button', { name: '보내기' });
    const footerShare = () =>
      page.evaluate(
        () => document.querySelector('.chat-footer')!.getBoundingClientRect().height / window.innerHeight,
      );

    // Normal size: both rows as before, the send button beside the box.
    await expect(handoff).toBeVisible();
    await expect(send).toBeVisible();

    const cdp = await page.context().newCDPSession(page);
    const sizes = [
      {
        name: 'the in-app 아주 크게',
        apply: () => page.evaluate(() => localStorage.setItem('smartcare.textSize', 'xlarge')),
      },
      {
        name: "the phone's own text size doubled",
        apply: async () => {
          await page.evaluate(() => localStorage.removeItem('smartcare.textSize'));
          await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
        },
      },
    ];
    for (const size of sizes) {
      await size.apply();
      await page.reload();
      // Before, on this 360 × 780 phone, the footer took 44 % of the screen with the box empty,
      // 40 % with a short question and 64 % with three lines typed (the box grew to 280 px).
      await box.fill('');
      await expect(handoff, size.name).toBeVisible();
      await expect(send, size.name).toBeHidden();
      expect(await footerShare(), size.name).toBeLessThan(0.36);

      await box.fill('주차 되나요?');
      await expect(send, size.name).toBeEnabled();
      await expect(handoff, size.name).toBeHidden();
      expect(await footerShare(), size.name).toBeLessThan(0.36);

      // A long question: the box stops at about two lines and scrolls inside.
      await box.fill('내일 외래 진료 시간이 언제인가요? 주차도 되나요? 보호자도 같이 가도 되나요?');
      expect(await footerShare(), size.name).toBeLessThan(0.4);
      expect(await box.evaluate((element) => element.scrollHeight > element.clientHeight), size.name).toBe(
        true,
      );
    }

    // Sending still works at this size; the box is empty again and the send button goes.
    await send.click();
    const log = page.getByRole('log', { name: '대화 내용' });
    await expect(log.locator('[data-person-type="PATIENT"]')).toContainText('보호자도 같이 가도 되나요?');
    await expect(box).toHaveValue('');
    await expect(send).toBeHidden();
  });

  test(
    'screenshots of a chatbot answer with its source (360 px and 200 % text) for docs/screenshots/patient',
    { tag: '@screenshots' },
    async ({ page, createPatient, loginAsPatient }) => {
      const dir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots/patient');
      mkdirSync(`${dir}/text-200`, { recursive: true });
      const patient = await createPatient({ name: '김민지' });
      await askInChat(page, patient, loginAsPatient, '주차 얼마에요');
      const source = page.getByRole('group', { name: '챗봇 답변의 출처' });
      await expect(source).toBeVisible();
      for (const size of ['normal', 'xlarge'] as const) {
        await page.evaluate((value) => localStorage.setItem('smartcare.textSize', value), size);
        await page.reload();
        await expect(source).toBeVisible();
        await page.evaluate(() => document.fonts.ready);
        const path =
          size === 'normal' ? `${dir}/chatbot-answer-link.png` : `${dir}/text-200/chatbot-answer-link.png`;
        await page.screenshot({ path, fullPage: true });
      }
    },
  );

  test('the connection error shows, messages wait while the broker is unreachable and go out when it is back', async ({
    page,
    createPatient,
    loginAsPatient,
  }) => {
    const patient = await createPatient();
    // The broker's WebSocket refuses until the test lets it through.
    let reachable = false;
    await page.routeWebSocket(new RegExp(`${MQTT_PATH}$`), (ws) => {
      if (reachable) ws.connectToServer();
      else ws.close({ code: 1011, reason: 'broker unreachable (test)' });
    });
    await loginAsPatient(page, patient.loginId, { password: patient.password });
    await expect(
      page.getByRole('alert').filter({ hasText: '웹 소켓 연결시 문제가 발생했습니다.' }),
    ).toBeVisible();

    await navigate(page, '/hospital/consulting/chat');
    await expect(page.getByRole('status').filter({ hasText: '다시 연결하는 중' })).toBeVisible();
    await page.getByRole('textbox', { name: '메시지 입력' }).fill('주차 요금은 얼마인가요?');
    await page.getByRole('button', { name: '보내기' }).click();
    const log = page.getByRole('log', { name: '대화 내용' });
    await expect(log.locator('[data-pending-state="queued"]')).toContainText('연결되면 보냅니다');

    reachable = true;
    // The reconnect (with backoff) sends the waiting message; the server's copy replaces it.
    await expect(log.locator('[data-person-type="PATIENT"]')).toContainText('주차 요금은 얼마인가요?', {
      timeout: 30_000,
    });
    await expect(log.locator('[data-pending-state]')).toHaveCount(0);
  });
});
