import { apiPaths } from '@smartcare/contract/api-paths';
import type { ChatMessage, ChatRoom } from '@smartcare/contract/chat';
import type { NurseCallEvent } from '@smartcare/contract/nurse-call';
import { ResultCode } from '@smartcare/contract/result-codes';
import { provisionalRoomIdx, topics } from '@smartcare/contract/topics';
import { expect, test } from '../support/fixtures.ts';
import { nurseOfThisTest } from '../chat/two-people.ts';
import { connectPatient } from './patient-realtime.ts';

/** A nurse of this test only (from the run's staff pool), with the profile the console will show. */
test.describe('staff console', () => {
  test('a nurse logs in and sees the inbox and the nurse-call board', async ({
    allowFailures,
    page,
    api,
    createStaff,
    checkA11y,
  }) => {
    // The wrong password is refused with HTTP 401 on purpose.
    allowFailures(/\/staff\/login$/);
    const { account, profile } = await nurseOfThisTest(api, createStaff);
    await page.goto('/staff/');
    await expect(page.getByRole('heading', { name: '의료진 로그인' })).toBeVisible();
    await checkA11y(page);

    // A wrong password is refused in the server's words; the right one lets her in.
    await page.getByLabel('아이디').fill(account.loginId);
    await page.getByLabel('비밀번호').fill('Wrong-password1');
    await page.getByRole('button', { name: '로그인' }).click();
    await expect(page.getByRole('alert')).toContainText('아이디 또는 비밀번호가 올바르지 않습니다.');
    await page.getByLabel('비밀번호').fill(account.password);
    await page.getByRole('button', { name: '로그인' }).click();

    await expect(page.getByRole('heading', { name: '상담 목록' })).toBeVisible();
    await expect(page.getByTestId('staff-info')).toHaveText(
      `${profile.name} · 간호사 · ${profile.hospitalName}`,
    );
    // The live connection to the broker comes up with the nurse's own token.
    await expect(page.getByRole('status').filter({ hasText: '실시간 연결됨' })).toBeVisible();
    await expect(page.getByText('왼쪽 목록에서 상담을 선택하세요.')).toBeVisible();
    await checkA11y(page);

    await page
      .getByRole('navigation', { name: '주 메뉴' })
      .getByRole('link', { name: /간호사 호출/ })
      .click();
    await expect(page.getByRole('heading', { name: '간호사 호출 현황' })).toBeVisible();
    await expect(page.getByRole('table').first()).toBeVisible();
    // Below the open calls: this shift's handled calls (issue 10).
    await expect(page.getByRole('region', { name: '이번 근무에 처리한 호출' })).toBeVisible();
    await checkA11y(page);

    const accessToken = await page.evaluate(() => sessionStorage.getItem('staffAccessToken'));
    expect(accessToken).toBeTruthy();
    // The refresh token is out of the page's reach: an HttpOnly, SameSite=Strict cookie for the
    // refresh call only, which the page's own refresh still uses (issue 10 point 19).
    expect(
      await page.evaluate(() => ({
        stored: sessionStorage.getItem('staffRefreshToken') ?? localStorage.getItem('staffRefreshToken'),
        visible: document.cookie,
      })),
    ).toEqual({ stored: null, visible: '' });
    const cookie = (await page.context().cookies()).find((c) => c.name === 'smartcareStaffRefresh');
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/medical2/app/api/staff/refresh',
    });
    const refreshed = await page.evaluate(async (token) => {
      const response = await fetch('/medical2/app/api/staff/refresh', {
        method: 'POST',
        headers: { AccessToken: token },
      });
      return ((await response.json()) as { code: number }).code;
    }, accessToken!);
    expect(refreshed).toBe(0);
    await page.getByRole('button', { name: '로그아웃' }).click();
    await expect(page.getByRole('heading', { name: '의료진 로그인' })).toBeVisible();
    await expect(page.getByText('로그아웃되었습니다.')).toBeVisible();
    // The server ended the login: a copy of its token no longer works (issue 10 point 13).
    const after = await api.call('GET', apiPaths.staff.getMyData, { token: accessToken! });
    expect(after.envelope.code).toBe(ResultCode.NOT_LOGGED_IN);
  });

  test('a patient’s message reaches the inbox live, and the nurse’s answer reaches the patient', async ({
    page,
    baseURL,
    api,
    createStaff,
    loginAsStaff,
    createPatient,
    checkA11y,
  }) => {
    const { account, profile } = await nurseOfThisTest(api, createStaff);
    const patient = await createPatient({ hospitalIdx: profile.hospitalIdx });
    await loginAsStaff(page, account.loginId, { password: account.password });
    await expect(page.getByRole('status').filter({ hasText: '실시간 연결됨' })).toBeVisible();

    const line = await connectPatient(baseURL!, patient.loginId, patient.tokens.accessToken);
    try {
      const provisional = provisionalRoomIdx(patient.idx);
      await line.subscribe(topics.chatRoomAll(provisional));
      await line.publish(topics.chatRoomEvent(provisional, 'message'), {
        clientMsgId: `e2e-${Date.now()}`,
        content: '상담원 연결 부탁드립니다',
      });
      const { room } = await line.waitFor<{ room: ChatRoom }>(
        (topic) => topic === topics.chatRoomEvent(provisional, 'create'),
      );
      await line.subscribe(topics.chatRoomAll(room.idx!));

      // The room appears in the inbox without a reload, waiting for staff.
      const roomLink = page
        .getByRole('navigation', { name: '상담 목록' })
        .getByRole('link', { name: new RegExp(patient.name) });
      await expect(roomLink).toBeVisible();
      await expect(roomLink).toContainText('답변 대기');
      await roomLink.click();

      const log = page.getByRole('log', { name: '대화 내용' });
      await expect(log.getByText('상담원 연결 부탁드립니다')).toBeVisible();
      await page.getByRole('button', { name: '상담 참여' }).click();
      await expect(page.getByText('참여 중')).toBeVisible();

      const answer = '안녕하세요, 간호사입니다. 무엇을 도와드릴까요?';
      await page.getByRole('textbox', { name: '메시지 입력' }).fill(answer);
      await page.getByRole('button', { name: '보내기' }).click();

      const reply = await line.waitFor<ChatMessage>(
        (topic, payload) =>
          topic === topics.chatRoomEvent(room.idx!, 'message') &&
          (payload as ChatMessage).personType === 'USER',
      );
      expect(reply.content).toBe(answer);
      expect(reply.senderName).toBe(profile.name);
      // The server's stamped copy came back to the console too: the bubble is no longer pending.
      await expect(log.getByText(answer)).toBeVisible();
      await expect(log.getByText('전송 중')).toHaveCount(0);
      await expect(roomLink).toContainText('환자 응답 대기');
      await checkA11y(page);
    } finally {
      await line.close();
    }
  });

  test('a new nurse call appears live with an alert, and the acknowledgement reaches the patient', async ({
    page,
    baseURL,
    api,
    createStaff,
    loginAsStaff,
    createPatient,
    checkA11y,
  }) => {
    const { account, profile } = await nurseOfThisTest(api, createStaff);
    const patient = await createPatient({ hospitalIdx: profile.hospitalIdx });
    // Calls go to the bed staff registered (issue 10).
    const staffTokens = await api.loginStaff(account.loginId, account.password);
    await api.data('POST', apiPaths.admission.admit, {
      token: staffTokens.accessToken,
      body: { patientIdx: patient.idx, ward: '7병동', bed: '701-2', identityConfirmed: true },
    });
    await loginAsStaff(page, account.loginId, { password: account.password });
    await page
      .getByRole('navigation', { name: '주 메뉴' })
      .getByRole('link', { name: /간호사 호출/ })
      .click();
    await expect(page.getByRole('heading', { name: '간호사 호출 현황' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '실시간 연결됨' })).toBeVisible();

    const line = await connectPatient(baseURL!, patient.loginId, patient.tokens.accessToken);
    try {
      await line.subscribe(topics.nurseCallingPatient(profile.hospitalIdx, patient.idx));
      await line.publish(topics.nurseCalling(profile.hospitalIdx), {
        clientCallId: `e2e-${Date.now()}`,
        reason: 'PAIN',
      });

      await expect(page.getByRole('alert').filter({ hasText: '새 호출' })).toContainText(patient.name);
      // The open calls are the first table; this shift's handled calls follow it.
      const board = page.getByRole('table').first();
      const row = board.getByRole('row').filter({ hasText: patient.name });
      await expect(row).toContainText('통증');
      await expect(row).toContainText('7병동 701-2');
      await expect(row).toHaveClass(/call-fresh/);
      await checkA11y(page);

      await row.getByRole('button', { name: `${patient.name} 님 호출 확인` }).click();
      await expect(row).toContainText('확인됨');
      const update = await line.waitFor<NurseCallEvent>(
        (_topic, payload) => (payload as NurseCallEvent).call?.status === 'ACKNOWLEDGED',
      );
      expect(update.call.acknowledgedByName).toBe(profile.name);

      await row.getByRole('button', { name: `${patient.name} 님 호출 완료` }).click();
      await expect(board.getByRole('row').filter({ hasText: patient.name })).toHaveCount(0);
      await line.waitFor<NurseCallEvent>(
        (_topic, payload) => (payload as NurseCallEvent).call?.status === 'DONE',
      );
    } finally {
      await line.close();
    }
  });
});
