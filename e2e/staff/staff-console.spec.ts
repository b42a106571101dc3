import { apiPaths } from '@smartcare/contract/api-paths';
import type { ChatMessage, ChatRoom } from '@smartcare/contract/chat';
import type { NurseCallEvent } from '@smartcare/contract/nurse-call';
import type { StaffProfile } from '@smartcare/contract/staff';
import { provisionalRoomIdx, topics } from '@smartcare/contract/topics';
import type { Api } from '../support/api.ts';
import { DEMO_PASSWORD, expect, test } from '../support/fixtures.ts';
import { connectPatient } from './patient-realtime.ts';

/** The demo nurse of the seed (README): her hospital is where the test patients go. */
async function demoNurse(api: Api): Promise<StaffProfile> {
  const tokens = await api.loginStaff('nurse', DEMO_PASSWORD);
  return api.data<StaffProfile>('GET', apiPaths.staff.getMyData, { token: tokens.accessToken });
}

test.describe('staff console', () => {
  test('a nurse logs in and sees the inbox and the nurse-call board', async ({
    page,
    loginAsStaff,
    api,
    checkA11y,
  }) => {
    const nurse = await demoNurse(api);
    await loginAsStaff(page, 'nurse', { via: 'ui' });

    await expect(page.getByRole('heading', { name: '상담 목록' })).toBeVisible();
    await expect(page.getByTestId('staff-info')).toHaveText(`${nurse.name} · 간호사 · ${nurse.hospitalName}`);
    // The live connection to the broker comes up with the nurse's own token.
    await expect(page.getByRole('status').filter({ hasText: '실시간 연결됨' })).toBeVisible();
    await expect(page.getByText('왼쪽 목록에서 상담을 선택하세요.')).toBeVisible();
    await checkA11y(page);

    await page
      .getByRole('navigation', { name: '주 메뉴' })
      .getByRole('link', { name: /간호사 호출/ })
      .click();
    await expect(page.getByRole('heading', { name: '간호사 호출 현황' })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await checkA11y(page);

    await page.getByRole('button', { name: '로그아웃' }).click();
    await expect(page.getByRole('heading', { name: '의료진 로그인' })).toBeVisible();
    await expect(page.getByText('로그아웃되었습니다.')).toBeVisible();
  });

  test('a patient’s message reaches the inbox live, and the nurse’s answer reaches the patient', async ({
    page,
    baseURL,
    api,
    loginAsStaff,
    createPatient,
  }) => {
    const nurse = await demoNurse(api);
    const patient = await createPatient({ hospitalIdx: nurse.hospitalIdx });
    await loginAsStaff(page, 'nurse');
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

      const roomLink = page
        .getByRole('navigation', { name: '상담 목록' })
        .getByRole('link', { name: new RegExp(patient.name) });
      await expect(roomLink).toBeVisible();
      await expect(roomLink).toContainText('답변 대기');
      await roomLink.click();

      const log = page.getByRole('log', { name: '대화 내용' });
      await expect(log.getByText('상담원 연결 부탁드립니다')).toBeVisible();
      await page
        .getByRole('textbox', { name: '메시지 입력' })
        .fill('안녕하세요, 김간호입니다. 무엇을 도와드릴까요?');
      await page.getByRole('button', { name: '보내기' }).click();

      const reply = await line.waitFor<ChatMessage>(
        (topic, payload) =>
          topic === topics.chatRoomEvent(room.idx!, 'message') &&
          (payload as ChatMessage).personType === 'USER',
      );
      expect(reply.content).toBe('안녕하세요, 김간호입니다. 무엇을 도와드릴까요?');
      expect(reply.senderName).toBe(nurse.name);
      // The stamped copy came back to the console too: no longer pending.
      await expect(log.getByText('안녕하세요, 김간호입니다. 무엇을 도와드릴까요?')).toBeVisible();
      await expect(log.getByText('전송 중')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: patient.name })).toBeVisible();
    } finally {
      await line.close();
    }
  });

  test('a new nurse call appears live with an alert, and the acknowledgement reaches the patient', async ({
    page,
    baseURL,
    api,
    loginAsStaff,
    createPatient,
  }) => {
    const nurse = await demoNurse(api);
    const patient = await createPatient({ hospitalIdx: nurse.hospitalIdx, ward: '7병동', bed: '701-2' });
    await loginAsStaff(page, 'nurse');
    await page
      .getByRole('navigation', { name: '주 메뉴' })
      .getByRole('link', { name: /간호사 호출/ })
      .click();
    await expect(page.getByRole('heading', { name: '간호사 호출 현황' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '실시간 연결됨' })).toBeVisible();

    const line = await connectPatient(baseURL!, patient.loginId, patient.tokens.accessToken);
    try {
      await line.subscribe(topics.nurseCallingPatient(nurse.hospitalIdx, patient.idx));
      await line.publish(topics.nurseCalling(nurse.hospitalIdx), {
        clientCallId: `e2e-${Date.now()}`,
        reason: 'PAIN',
      });

      await expect(page.getByRole('alert').filter({ hasText: '새 호출' })).toContainText(patient.name);
      const row = page.getByRole('row').filter({ hasText: patient.name });
      await expect(row).toContainText('통증');
      await expect(row).toContainText('7병동 701-2');
      await expect(row).toHaveClass(/call-fresh/);

      await row.getByRole('button', { name: `${patient.name} 님 호출 확인` }).click();
      await expect(row).toContainText('확인됨');
      const update = await line.waitFor<NurseCallEvent>(
        (_topic, payload) => (payload as NurseCallEvent).call?.status === 'ACKNOWLEDGED',
      );
      expect(update.call.acknowledgedByName).toBe(nurse.name);

      await row.getByRole('button', { name: `${patient.name} 님 호출 완료` }).click();
      await expect(page.getByRole('row').filter({ hasText: patient.name })).toHaveCount(0);
    } finally {
      await line.close();
    }
  });
});
