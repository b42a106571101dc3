import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { ChatRoom } from '@smartcare/contract/chat';
import type { RatingOccasion, RatingTag } from '@smartcare/contract/rating';
import { provisionalRoomIdx, topics } from '@smartcare/contract/topics';
import { desktop } from '../playwright.config.ts';
import type { Api } from '../support/api.ts';
import type { TestPatient } from '../support/factories.ts';
import { expect, navigate, test } from '../support/fixtures.ts';
import { settled } from '../support/settled.ts';
import { connectPatient } from '../staff/patient-realtime.ts';
import { nurseOfThisTest, openPhone, phoneContext } from './two-people.ts';

/** A desktop console of its own (a second staff member beside the test's page). */
function openConsole(browser: Browser, baseURL: string) {
  const { viewport, locale, timezoneId } = desktop;
  return browser.newContext({ baseURL, viewport, locale, timezoneId });
}

/** Issue 16 (ratings): a chat completed by a nurse is rated by the patient and counted for staff. */
test.describe('ratings', () => {
  test('a chat completed by a nurse leads to a rating that appears in the staff averages', async ({
    page: nursePage,
    browser,
    baseURL,
    api,
    createStaff,
    createPatient,
    loginAsPatient,
    loginAsStaff,
    checkA11y,
  }) => {
    test.setTimeout(180_000);
    const nurse = await nurseOfThisTest(api, createStaff);
    const admin = await createStaff({ role: 'ADMIN', hospitalIdx: nurse.profile.hospitalIdx });
    const patient = await createPatient({ hospitalIdx: nurse.profile.hospitalIdx, name: '윤하린' });
    const comment = `야간에도 친절하게 설명해 주셔서 감사합니다 ${Date.now()}`;
    const phone = await openPhone(browser, baseURL!);
    const patientPage = await phone.newPage();
    const console2 = await openConsole(browser, baseURL!);
    const adminPage = await console2.newPage();
    try {
      // Nothing to rate yet.
      await loginAsPatient(patientPage, patient.loginId, { password: patient.password });
      await navigate(patientPage, '/hospital/ratelist');
      await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('진료·상담 평가');
      await expect(patientPage.getByText('평가할 진료나 상담이 없습니다.', { exact: false })).toBeVisible();

      // The patient asks for staff; the nurse answers in the console and completes the chat.
      await navigate(patientPage, '/hospital/consulting/chat');
      await patientPage.getByRole('button', { name: '상담원 연결' }).click();
      await expect(patientPage.getByRole('region', { name: '상담 상태' })).toContainText(
        '상담원 답변 대기 중',
      );
      await loginAsStaff(nursePage, nurse.account.loginId, { password: nurse.account.password });
      await nursePage
        .getByRole('navigation', { name: '상담 목록' })
        .getByRole('link', { name: new RegExp(patient.name) })
        .click();
      await nursePage.getByRole('button', { name: '상담 참여' }).click();
      await nursePage
        .getByRole('textbox', { name: '메시지 입력' })
        .fill('확인해 드렸습니다. 더 궁금한 점 있으신가요?');
      await nursePage.getByRole('button', { name: '보내기' }).click();
      await expect(patientPage.getByRole('region', { name: '상담 상태' })).toContainText('상담 중');
      await nursePage.getByRole('button', { name: '상담 종료' }).click();
      await nursePage.locator('.ant-popconfirm').getByRole('button', { name: '상담 종료' }).click();
      await expect(patientPage.getByRole('region', { name: '상담 상태' })).toContainText('상담 종료');

      // The patient finds it waiting for a rating, with the nurse who handled it.
      await navigate(patientPage, '/hospital/ratelist');
      const waiting = patientPage.getByRole('region', { name: '평가를 기다리는 진료·상담' });
      const card = waiting.getByRole('link').filter({ hasText: nurse.profile.name });
      await expect(card).toContainText('평가하기');
      await checkA11y(patientPage);
      await card.click();

      // Stars with words, quick tags, an optional comment; stars are required.
      await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('평가하기');
      await patientPage.getByRole('button', { name: '평가 보내기' }).click();
      await expect(patientPage.getByText('별점을 선택해 주세요')).toBeVisible();
      await checkA11y(patientPage);
      await patientPage.getByRole('radio', { name: /매우 만족/ }).click();
      await patientPage.getByRole('button', { name: '친절해요' }).click();
      await patientPage.getByRole('button', { name: '설명이 충분해요' }).click();
      await patientPage.getByLabel('하고 싶은 말').fill(comment);
      await checkA11y(patientPage);
      await patientPage.getByRole('button', { name: '평가 보내기' }).click();

      // Back on the list: rated, no longer waiting.
      await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('진료·상담 평가');
      const rated = patientPage.getByRole('region', { name: '내가 남긴 평가' });
      await expect(rated.getByRole('link').filter({ hasText: nurse.profile.name })).toContainText(
        '별 5개 · 매우 만족',
      );
      await expect(patientPage.getByRole('region', { name: '평가를 기다리는 진료·상담' })).toHaveCount(0);
      await checkA11y(patientPage);

      // The rated nurse: the hospital's averages and the comment, her own line of the per-staff
      // scores and no colleague's, no patient.
      await nursePage
        .getByRole('navigation', { name: '주 메뉴' })
        .getByRole('link', { name: '평가' })
        .click();
      await expect(nursePage.getByRole('heading', { level: 2, name: '진료·상담 평가' })).toBeVisible();
      await expect(nursePage.getByTestId('rating-overall')).toContainText('평균');
      await expect(nursePage.getByRole('row').filter({ hasText: '온라인 상담' })).toBeVisible();
      await expect(nursePage.getByText(comment)).toBeVisible();
      const ownLines = nursePage
        .getByRole('heading', { name: /담당자별/ })
        .locator('xpath=following-sibling::*[1]')
        .locator('tbody tr.ant-table-row');
      await expect(ownLines).toHaveCount(1);
      await expect(ownLines.first()).toContainText(nurse.profile.name);
      await expect(ownLines.first().getByRole('cell').nth(2)).toHaveText('5.00');
      await expect(nursePage.locator('main')).not.toContainText(patient.name);
      await checkA11y(nursePage);

      // The admin: the nurse's own row, one rating of 5 stars.
      await loginAsStaff(adminPage, admin.loginId, { password: admin.password });
      await adminPage
        .getByRole('navigation', { name: '주 메뉴' })
        .getByRole('link', { name: '평가' })
        .click();
      await expect(adminPage.getByRole('heading', { name: /담당자별/ })).toBeVisible();
      const nurseRow = adminPage.getByRole('row').filter({ hasText: nurse.profile.name });
      await expect(nurseRow.getByRole('cell').nth(1)).toHaveText('1');
      await expect(nurseRow.getByRole('cell').nth(2)).toHaveText('5.00');
      await expect(adminPage.getByText(comment)).toBeVisible();
      await expect(adminPage.locator('main')).not.toContainText(patient.name);
      await checkA11y(adminPage);
    } finally {
      await phone.close();
      await console2.close();
    }
  });

  test('an outpatient visit marked 완료 in the console is rated from its detail and counted for its department', async ({
    page: staffPage,
    browser,
    baseURL,
    api,
    createStaff,
    createPatient,
    loginAsPatient,
    loginAsStaff,
  }) => {
    test.setTimeout(120_000);
    const admin = await createStaff({ role: 'ADMIN' });
    const patient = await createPatient({ hospitalIdx: admin.hospitalIdx, name: '정다온' });
    const department = `피부과${Date.now() % 100_000}`;
    const tokens = await api.loginStaff(admin.loginId, admin.password);
    const visit = await api.data<{ idx: number }>('POST', apiPaths.appointment.create, {
      token: tokens.accessToken,
      body: {
        patientIdx: patient.idx,
        department,
        doctor: '오지훈',
        // started a minute ago: 완료 is offered (and accepted) only once a visit has started
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        durationMin: 20,
        type: 'OUTPATIENT',
        clientRequestId: crypto.randomUUID(),
      },
    });

    // Staff mark the visit done in the 진료 예약 tab.
    await loginAsStaff(staffPage, admin.loginId, { password: admin.password });
    await staffPage
      .getByRole('navigation', { name: '주 메뉴' })
      .getByRole('link', { name: '진료 예약' })
      .click();
    await staffPage.getByRole('button', { name: '정다온 님 진료 완료 처리' }).click();
    await expect(staffPage.getByText('완료로 표시했습니다.')).toBeVisible();
    await expect(staffPage.getByRole('button', { name: '정다온 님 진료 완료 처리' })).toHaveCount(0);

    // The patient rates it from the appointment's page.
    const phone = await openPhone(browser, baseURL!);
    const patientPage = await phone.newPage();
    try {
      await loginAsPatient(patientPage, patient.loginId, { password: patient.password });
      await navigate(patientPage, '/hospital/schedulemanage/:idx', { idx: visit.idx });
      await patientPage.getByRole('link', { name: '이 진료 평가하기' }).click();
      await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('평가하기');
      await expect(patientPage.locator('.rating-occasion')).toContainText('외래 진료');
      await expect(patientPage.locator('.rating-occasion')).toContainText('오지훈');
      await patientPage.getByRole('radio', { name: '만족', exact: true }).click();
      await patientPage.getByRole('button', { name: '설명이 충분해요' }).click();
      await patientPage.getByRole('button', { name: '평가 보내기' }).click();
      await expect(
        patientPage
          .getByRole('region', { name: '내가 남긴 평가' })
          .getByRole('link')
          .filter({ hasText: '오지훈' }),
      ).toContainText('별 4개 · 만족');
    } finally {
      await phone.close();
    }

    // The department's row in the console: one rating of 4 stars.
    await staffPage.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '평가' }).click();
    const row = staffPage.getByRole('row').filter({ hasText: department });
    await expect(row.getByRole('cell').nth(1)).toHaveText('1');
    await expect(row.getByRole('cell').nth(2)).toHaveText('4.00');
  });

  /**
   * The patient's screens with data at 360 px (normal and 200 % text) and the console's
   * statistics at 1280 px, for docs/screenshots.
   */
  test(
    'rating screenshots',
    { tag: '@screenshots' },
    async ({
      page: adminPage,
      browser,
      baseURL,
      api,
      createStaff,
      createPatient,
      loginAsPatient,
      loginAsStaff,
    }) => {
      test.setTimeout(240_000);
      const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
      mkdirSync(`${root}/patient/text-200`, { recursive: true });
      mkdirSync(`${root}/staff`, { recursive: true });
      const nurse = await nurseOfThisTest(api, createStaff);
      const nurse2 = await nurseOfThisTest(api, createStaff);
      const hospitalIdx = nurse.profile.hospitalIdx;
      const admin = await createStaff({ role: 'ADMIN', hospitalIdx });

      const patient = await createPatient({ hospitalIdx, name: '김민지' });
      const first = await completedChat(baseURL!, api, patient, nurse.account);
      await rate(api, patient, first, 4, ['KIND', 'QUICK_ANSWER'], '빠르게 답해 주셔서 도움이 됐어요.');
      await completedChat(baseURL!, api, patient, nurse2.account);
      // An outpatient visit marked 완료 waits for its rating too (decision 028).
      const adminToken = (await api.loginStaff(admin.loginId, admin.password)).accessToken;
      const visit = await api.data<{ idx: number }>('POST', apiPaths.appointment.create, {
        token: adminToken,
        body: {
          patientIdx: patient.idx,
          department: '정형외과',
          doctor: '이재훈',
          startsAt: new Date(Date.now() - 3_600_000).toISOString(),
          durationMin: 20,
          type: 'OUTPATIENT',
          clientRequestId: `rating-shot-${Date.now()}`,
        },
      });
      await api.data('PUT', apiPaths.appointment.complete, { token: adminToken, body: { idx: visit.idx } });
      // A few other patients' ratings, so the statistics have a distribution and comments.
      const others: [number, RatingTag[], string, typeof nurse][] = [
        [5, ['KIND', 'CLEAR_EXPLANATION'], '퇴원 후 복약 방법을 자세히 알려 주셨어요.', nurse],
        [3, ['LONG_WAIT'], '답변까지 조금 오래 걸렸어요.', nurse2],
        [
          2,
          ['UNCLEAR_EXPLANATION', 'LONG_WAIT'],
          '<b>설명</b>이 짧았어요 <img src=x onerror=alert(1)>',
          nurse2,
        ],
      ];
      for (const [stars, tags, text, who] of others) {
        const other = await createPatient({ hospitalIdx });
        const room = await completedChat(baseURL!, api, other, who.account);
        await rate(api, other, room, stars, tags, text);
      }

      const phone = await browser.newContext({
        baseURL: baseURL!,
        viewport: { width: 360, height: 780 },
        deviceScaleFactor: 1,
        // A phone's user agent, so the "use a phone" banner of desktop browsers stays away.
        userAgent: phoneContext.userAgent,
        isMobile: true,
        hasTouch: true,
        locale: 'ko-KR',
        timezoneId: 'Asia/Seoul',
      });
      const page = await phone.newPage();
      try {
        await loginAsPatient(page, patient.loginId, { password: patient.password });
        for (const size of ['normal', 'xlarge'] as const) {
          await page.evaluate((value) => localStorage.setItem('smartcare.textSize', value), size);
          const dir = size === 'normal' ? `${root}/patient` : `${root}/patient/text-200`;
          await navigate(page, '/hospital/ratelist');
          await page.reload();
          await settled(page);
          await expect(page.getByRole('region', { name: '내가 남긴 평가' })).toBeVisible();
          await expect(page.getByText('외래 진료', { exact: false })).toBeVisible();
          await page.evaluate(async () => {
            // From the top, so the sticky header sits where it belongs in a full-page shot.
            window.scrollTo(0, 0);
            await document.fonts.ready;
          });
          await page.screenshot({ path: `${dir}/rating-list.png`, fullPage: true });

          // The waiting chat's form, filled in but not sent.
          await page
            .getByRole('region', { name: '평가를 기다리는 진료·상담' })
            .getByRole('link')
            .first()
            .click();
          await expect(page.getByRole('heading', { level: 1 })).toHaveText('평가하기');
          await page.getByRole('radio', { name: /매우 만족/ }).click();
          await page.getByRole('button', { name: '친절해요' }).click();
          await page.getByRole('button', { name: '설명이 충분해요' }).click();
          await page.getByLabel('하고 싶은 말').fill('밤늦게도 친절하게 답해 주셔서 안심이 됐어요.');
          await page.evaluate(async () => {
            // From the top, so the sticky header sits where it belongs in a full-page shot.
            window.scrollTo(0, 0);
            await document.fonts.ready;
          });
          await page.screenshot({ path: `${dir}/rating-form.png`, fullPage: true });

          // The rated chat: editable for 7 days, says until when.
          await navigate(page, '/hospital/ratelist');
          await page.getByRole('region', { name: '내가 남긴 평가' }).getByRole('link').first().click();
          await expect(page.getByRole('button', { name: '평가 고치기' })).toBeVisible();
          await page.evaluate(async () => {
            // From the top, so the sticky header sits where it belongs in a full-page shot.
            window.scrollTo(0, 0);
            await document.fonts.ready;
          });
          await page.screenshot({ path: `${dir}/rating-form-rated.png`, fullPage: true });
        }

        await loginAsStaff(adminPage, admin.loginId, { password: admin.password });
        await adminPage
          .getByRole('navigation', { name: '주 메뉴' })
          .getByRole('link', { name: '평가' })
          .click();
        await expect(adminPage.getByRole('row').filter({ hasText: nurse2.profile.name })).toBeVisible();
        // The console scrolls inside its main area: a tall window shows the whole screen.
        await adminPage.setViewportSize({ width: 1280, height: 2500 });
        await expect(adminPage.getByText('퇴원 후 복약 방법을 자세히 알려 주셨어요.')).toBeVisible();
        await adminPage.evaluate(() => document.fonts.ready);
        await adminPage.screenshot({ path: `${root}/staff/ratings.png`, fullPage: true });
      } finally {
        await phone.close();
      }
    },
  );
});

/**
 * A consulting chat played over the broker: the patient writes, the nurse enters and answers,
 * the nurse completes it. Returns the room's idx.
 */
async function completedChat(
  baseURL: string,
  api: Api,
  patient: TestPatient,
  nurse: { loginId: string; password: string },
): Promise<number> {
  const line = await connectPatient(baseURL, patient.loginId, patient.tokens.accessToken);
  const tokens = await api.loginStaff(nurse.loginId, nurse.password);
  const desk = await connectPatient(baseURL, nurse.loginId, tokens.accessToken);
  try {
    const provisional = provisionalRoomIdx(patient.idx);
    await line.subscribe(topics.chatRoomAll(provisional));
    await line.publish(topics.chatRoomEvent(provisional, 'message'), {
      clientMsgId: `e2e-${Date.now()}-${Math.random()}`,
      content: '상담원 연결 부탁드립니다',
    });
    const { room } = await line.waitFor<{ room: ChatRoom }>(
      (topic) => topic === topics.chatRoomEvent(provisional, 'create'),
    );
    const idx = room.idx!;
    await desk.subscribe(topics.chatRoomAll(idx));
    await desk.publish(topics.chatRoomEvent(idx, 'enter'), {});
    await desk.waitFor((topic) => topic === topics.chatRoomEvent(idx, 'enter'));
    await desk.publish(topics.chatRoomEvent(idx, 'complete'), {});
    await desk.waitFor((topic) => topic === topics.chatRoomEvent(idx, 'complete'));
    return idx;
  } finally {
    await line.close();
    await desk.close();
  }
}

async function rate(
  api: Api,
  patient: TestPatient,
  roomIdx: number,
  stars: number,
  tags: RatingTag[],
  comment: string,
): Promise<void> {
  await expect
    .poll(async () => {
      const occasion = await api.call<RatingOccasion>('GET', apiPaths.rating.getOccasion, {
        token: patient.tokens.accessToken,
        query: { kind: 'CHAT', idx: roomIdx },
      });
      return occasion.envelope.data?.completedAt ? 'completed' : 'open';
    })
    .toBe('completed');
  await api.data('PUT', apiPaths.rating.submit, {
    token: patient.tokens.accessToken,
    body: { kind: 'CHAT', idx: roomIdx, stars, tags, comment },
  });
}
