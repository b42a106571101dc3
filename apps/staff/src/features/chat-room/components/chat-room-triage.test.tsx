import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoomSummary } from '@smartcare/contract/chat';
import { chatMessage, chatRoom, page, staffProfile } from '../../../testing/factories';
import { ok } from '../../../testing/fake-server';
import { renderConsole } from '../../../testing/render';
import { ChatRoomView } from './chat-room-view';

/** Issue 10 points 4 and 5 in one consultation (decision 011). */
const me = staffProfile({ idx: 7, name: '김간호' });

function renderRoom(messages: ChatMessage[], room: Partial<ChatRoomSummary> = {}) {
  const summary = chatRoom({ idx: 11, patientName: '홍길동', status: 'WAIT', ...room });
  return renderConsole(<ChatRoomView room={summary} me={me} onRoomChanged={() => undefined} />, {
    me,
    routes: { 'GET /chat/messages': () => ok(page(messages)), 'PUT /chat/markRead': () => ok({}) },
  });
}

describe('the chat room header and completion', () => {
  it('shows who the patient is: ward and bed, number, age and sex, allergies and their note for staff, and the urgent flag', async () => {
    renderRoom([], {
      urgentAt: new Date().toISOString(),
      patientInfo: {
        patientNo: 12,
        age: 76,
        sex: 'M',
        allergies: '페니실린',
        note: '보청기 사용',
        ward: '7병동',
        bed: '703-2',
      },
    });
    const head = await screen.findByRole('banner');
    expect(within(head).getByText('긴급')).toBeInTheDocument();
    const info = within(head).getByTestId('patient-info');
    expect(info).toHaveTextContent('7병동 703-2');
    expect(info).toHaveTextContent('환자번호 12');
    expect(info).toHaveTextContent('76세 남');
    expect(info).toHaveTextContent('알레르기: 페니실린');
    expect(info).toHaveTextContent('환자 메모: 보청기 사용');
  });

  it('asks to confirm ending a room whose last word is an unanswered patient question', async () => {
    const { user } = renderRoom([
      chatMessage({ idx: 1, personType: 'USER', senderIdx: 7, content: '무엇을 도와드릴까요?' }),
      chatMessage({ idx: 2, personType: 'PATIENT', content: '퇴원하면 약은 어떻게 받아요?' }),
    ]);
    await screen.findByText('퇴원하면 약은 어떻게 받아요?');
    await user.click(screen.getByRole('button', { name: '상담 종료' }));
    expect(await screen.findByText('답변하지 않은 질문이 있습니다')).toBeInTheDocument();
  });

  it('asks the ordinary question when the patient was answered', async () => {
    const { user } = renderRoom([
      chatMessage({ idx: 1, personType: 'PATIENT', content: '감사합니다' }),
      chatMessage({ idx: 2, personType: 'USER', senderIdx: 7, content: '네, 쾌차하세요.' }),
    ]);
    await screen.findByText('네, 쾌차하세요.');
    await user.click(screen.getByRole('button', { name: '상담 종료' }));
    expect(await screen.findByText('상담을 종료할까요?')).toBeInTheDocument();
    expect(screen.queryByText('답변하지 않은 질문이 있습니다')).toBeNull();
  });

  it('shows neither "참여 중" nor an enter button in a finished room', async () => {
    renderRoom([], {
      status: 'COMPLETE',
      persons: [{ personType: 'USER', idx: 7, name: '김간호' }],
    });
    await screen.findByText('종료된 상담입니다.');
    expect(screen.queryByText('참여 중')).toBeNull();
    expect(screen.queryByRole('button', { name: '상담 참여' })).toBeNull();
  });

  it('shows a nurse joining as a notice line and the urgent guidance marked as such', async () => {
    renderRoom([
      chatMessage({ idx: 1, personType: 'PATIENT', content: '숨이 안 쉬어져' }),
      chatMessage({
        idx: 2,
        personType: 'CHATBOT',
        senderIdx: 0,
        content: '응급 상황일 수 있어요. 119',
        notice: 'URGENT',
      }),
      chatMessage({
        idx: 3,
        personType: 'CHATBOT',
        senderIdx: 0,
        content: '김간호 간호사가 상담에 참여했습니다',
        notice: 'STAFF_JOINED',
      }),
    ]);
    expect(await screen.findByRole('note')).toHaveTextContent('김간호 간호사가 상담에 참여했습니다');
    expect(screen.getByText(/응급 안내/)).toBeInTheDocument();
  });
});
