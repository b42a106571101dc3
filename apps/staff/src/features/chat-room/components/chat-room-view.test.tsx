import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoomSummary } from '@smartcare/contract/chat';
import { topics } from '@smartcare/contract/topics';
import { chatMessage, chatRoom, page, staffProfile } from '../../../testing/factories';
import { ok, type FakeRoute } from '../../../testing/fake-server';
import { renderConsole } from '../../../testing/render';
import { ChatRoomView } from './chat-room-view';

const me = staffProfile({ idx: 7, name: '김간호' });

/** The room as the app keeps it: changes reported by the view are applied, like the inbox does. */
function Harness({ initial, confirmTimeoutMs }: { initial: ChatRoomSummary; confirmTimeoutMs?: number }) {
  const [room, setRoom] = useState(initial);
  return (
    <ChatRoomView
      room={room}
      me={me}
      onRoomChanged={(_idx, change) => setRoom(change)}
      confirmTimeoutMs={confirmTimeoutMs}
    />
  );
}

function renderRoom(
  messages: ChatMessage[],
  options: {
    room?: Partial<ChatRoomSummary>;
    routes?: Record<string, FakeRoute>;
    confirmTimeoutMs?: number;
  } = {},
) {
  const room = chatRoom({ idx: 11, patientName: '홍길동', status: 'WAIT', ...options.room });
  return renderConsole(<Harness initial={room} confirmTimeoutMs={options.confirmTimeoutMs} />, {
    me,
    routes: {
      'GET /chat/messages': () => ok(page(messages)),
      'PUT /chat/markRead': () => ok({}),
      ...options.routes,
    },
  });
}

const at = (day: string, time: string) => new Date(`${day}T${time}:00`).toISOString();
const log = () => screen.getByRole('log', { name: '대화 내용' });

describe('the chat room view', () => {
  it('shows the history with bubbles by person type and a separator for each day', async () => {
    renderRoom([
      chatMessage({
        idx: 1,
        personType: 'PATIENT',
        senderName: '홍길동',
        content: '어제 질문입니다',
        createdAt: at('2026-11-20', '21:10'),
      }),
      chatMessage({
        idx: 2,
        personType: 'CHATBOT',
        senderIdx: 0,
        senderName: 'bot',
        content: '면회 시간은 오후 6시까지입니다.',
        createdAt: at('2026-11-20', '21:11'),
      }),
      chatMessage({
        idx: 3,
        personType: 'PATIENT',
        senderName: '홍길동',
        content: '오늘 다시 물어봐요',
        createdAt: at('2026-11-21', '09:00'),
      }),
      chatMessage({
        idx: 4,
        personType: 'USER',
        senderIdx: 8,
        senderName: '박간호',
        content: '네, 확인해 볼게요.',
        createdAt: at('2026-11-21', '09:05'),
      }),
      chatMessage({
        idx: 5,
        personType: 'USER',
        senderIdx: 7,
        senderName: '김간호',
        content: '제가 이어서 답변드릴게요.',
        createdAt: at('2026-11-21', '09:06'),
      }),
    ]);

    await screen.findByText('어제 질문입니다');
    const separators = within(log()).getAllByRole('separator');
    expect(separators.map((s) => s.textContent)).toEqual([
      '2026년 11월 20일 금요일',
      '2026년 11월 21일 토요일',
    ]);

    const bubble = (text: string) => screen.getByText(text).closest('.bubble-row')!;
    expect(bubble('어제 질문입니다')).toHaveClass('bubble-patient');
    expect(within(bubble('어제 질문입니다') as HTMLElement).getByText('홍길동')).toBeInTheDocument();
    expect(bubble('면회 시간은 오후 6시까지입니다.')).toHaveClass('bubble-bot');
    expect(
      within(bubble('면회 시간은 오후 6시까지입니다.') as HTMLElement).getByText('챗봇'),
    ).toBeInTheDocument();
    expect(bubble('네, 확인해 볼게요.')).toHaveClass('bubble-staff');
    expect(within(bubble('네, 확인해 볼게요.') as HTMLElement).getByText('박간호')).toBeInTheDocument();
    expect(bubble('제가 이어서 답변드릴게요.')).toHaveClass('bubble-mine');
  });

  it('renders chat text as text, never as markup', async () => {
    const attack = '<img src=x onerror="window.hacked=1"><script>alert(1)</script>';
    renderRoom([chatMessage({ idx: 1, content: attack })]);
    expect(await screen.findByText(attack)).toBeInTheDocument();
    expect(log().querySelector('img')).toBeNull();
    expect(log().querySelector('script')).toBeNull();
  });

  it('shows a sent message as pending until the server’s stamped copy comes back, then once', async () => {
    const { user, realtime } = renderRoom([chatMessage({ idx: 1, content: '간호사님 계세요?' })]);
    await screen.findByText('간호사님 계세요?');
    expect(realtime.subscriptions()).toContain(topics.chatRoomAll(11));

    await user.type(screen.getByRole('textbox', { name: '메시지 입력' }), '네, 지금 갈게요{Enter}');

    const sent = realtime.published.find((p) => p.topic === topics.chatRoomEvent(11, 'message'));
    const payload = sent!.payload as { clientMsgId: string; content: string };
    expect(payload.content).toBe('네, 지금 갈게요');
    expect(payload.clientMsgId).toMatch(/\S{8,}/);
    const pending = screen.getByText('네, 지금 갈게요').closest('.bubble-row')!;
    expect(pending).toHaveAttribute('data-pending', 'sending');
    expect(within(pending as HTMLElement).getByText('전송 중')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '메시지 입력' })).toHaveValue('');

    act(() =>
      realtime.deliver(
        topics.chatRoomEvent(11, 'message'),
        chatMessage({
          idx: 2,
          roomIdx: 11,
          personType: 'USER',
          senderIdx: 7,
          senderName: '김간호',
          content: '네, 지금 갈게요',
          clientMsgId: payload.clientMsgId,
        }),
      ),
    );

    await waitFor(() => expect(screen.queryByText('전송 중')).toBeNull());
    expect(screen.getAllByText('네, 지금 갈게요')).toHaveLength(1);
    expect(screen.getByText('네, 지금 갈게요').closest('.bubble-row')).toHaveClass('bubble-mine');
  });

  it('keeps a message pending while offline and sends it again when the connection is back', async () => {
    const { user, realtime } = renderRoom([]);
    await screen.findByText('아직 메시지가 없습니다.');
    realtime.offline = true;
    act(() => realtime.setStatus('reconnecting'));
    expect(screen.getByText(/실시간 연결이 끊겨 있습니다/)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: '메시지 입력' }), '연결 끊김 중 메시지{Enter}');
    expect(screen.getByText('전송 중')).toBeInTheDocument();
    expect(realtime.published).toHaveLength(0);

    realtime.offline = false;
    act(() => realtime.setStatus('connected'));
    await waitFor(() =>
      expect(realtime.published.map((p) => p.topic)).toContain(topics.chatRoomEvent(11, 'message')),
    );
    expect((realtime.published[0]!.payload as { content: string }).content).toBe('연결 끊김 중 메시지');
  });

  it('shows a message that never came back as failed, and resends it with the same id', async () => {
    const { user, realtime } = renderRoom([], { confirmTimeoutMs: 200 });
    await screen.findByText('아직 메시지가 없습니다.');

    await user.type(screen.getByRole('textbox', { name: '메시지 입력' }), '들리시나요?{Enter}');
    expect(await screen.findByText('전송 실패')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '다시 보내기' }));
    expect(screen.getByText('전송 중')).toBeInTheDocument();
    const sent = realtime.published.map((p) => p.payload as { clientMsgId: string; content: string });
    expect(sent).toHaveLength(2);
    // The same clientMsgId: the server stores a resend once (brief §4).
    expect(sent[1]).toEqual(sent[0]);
  });

  it('gives up on a message the server keeps refusing after three attempts, says why, and resends it on request', async () => {
    const { user, realtime } = renderRoom([]);
    await screen.findByText('아직 메시지가 없습니다.');
    const reconnect = () => {
      act(() => realtime.setStatus('reconnecting'));
      act(() => realtime.setStatus('connected'));
    };
    const messageAttempts = () =>
      realtime.attempts.filter((p) => p.topic === topics.chatRoomEvent(11, 'message'));

    // Each refused publish makes the broker drop the connection; the console reconnects.
    realtime.refusing = true;
    await user.type(screen.getByRole('textbox', { name: '메시지 입력' }), '거부될 메시지{Enter}');
    await waitFor(() => expect(messageAttempts()).toHaveLength(1));
    expect(screen.getByText('전송 중')).toBeInTheDocument();
    reconnect();
    await waitFor(() => expect(messageAttempts()).toHaveLength(2));
    reconnect();
    await waitFor(() => expect(messageAttempts()).toHaveLength(3));

    expect(await screen.findByText('서버가 메시지를 받지 않았습니다.')).toBeInTheDocument();
    expect(screen.getByText('전송 실패')).toBeInTheDocument();
    reconnect();
    reconnect();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(messageAttempts()).toHaveLength(3);
    // The same message every time: the server would store it once.
    expect(new Set(messageAttempts().map((p) => JSON.stringify(p.payload))).size).toBe(1);

    realtime.refusing = false;
    await user.click(screen.getByRole('button', { name: '다시 보내기' }));
    await waitFor(() => expect(realtime.published).toHaveLength(1));
    expect(realtime.published[0]!.payload).toEqual(messageAttempts()[0]!.payload);
    expect(screen.getByText('전송 중')).toBeInTheDocument();
    expect(screen.queryByText('서버가 메시지를 받지 않았습니다.')).toBeNull();
  });

  it('does not resend a waiting message into a consultation that has ended', async () => {
    const { user, realtime } = renderRoom([]);
    await screen.findByText('아직 메시지가 없습니다.');
    realtime.offline = true;
    act(() => realtime.setStatus('reconnecting'));
    await user.type(screen.getByRole('textbox', { name: '메시지 입력' }), '늦은 메시지{Enter}');
    expect(screen.getByText('전송 중')).toBeInTheDocument();

    // The patient ended the consultation meanwhile (the console hears it on the way back).
    act(() => realtime.deliver(topics.chatRoomEvent(11, 'complete'), { roomIdx: 11 }));
    realtime.offline = false;
    act(() => realtime.setStatus('connected'));
    expect(await screen.findByText('종료된 상담이라 보낼 수 없습니다.')).toBeInTheDocument();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(realtime.attempts).toHaveLength(0);
    expect(screen.queryByRole('button', { name: '다시 보내기' })).toBeNull();
  });

  it('catches up when the connection was renewed quietly', async () => {
    let served: ChatMessage[] = [chatMessage({ idx: 1, content: '처음 메시지' })];
    const { realtime } = renderRoom([], { routes: { 'GET /chat/messages': () => ok(page(served)) } });
    await screen.findByText('처음 메시지');
    served = [...served, chatMessage({ idx: 2, content: '교체 중 메시지' })];
    act(() => realtime.renewed());
    expect(await screen.findByText('교체 중 메시지')).toBeInTheDocument();
    expect(screen.queryByText(/실시간 연결이 끊겨 있습니다/)).toBeNull();
  });

  it('loads older pages when the staff member asks for earlier messages', async () => {
    const newest = Array.from({ length: 30 }, (_, i) =>
      chatMessage({
        idx: 100 + i,
        content: `최근 메시지 ${i}`,
        createdAt: at('2026-11-21', `10:${String(i).padStart(2, '0')}`),
      }),
    );
    const oldest = chatMessage({
      idx: 50,
      content: '가장 오래된 메시지',
      createdAt: at('2026-11-21', '08:00'),
    });
    const { user, requests } = renderRoom([], {
      routes: {
        'GET /chat/messages': (req) =>
          req.query.get('pNum') === '1' ? ok(page(newest, 1, 30, 31)) : ok(page([oldest], 2, 30, 31)),
      },
    });
    await screen.findByText('최근 메시지 29');
    expect(screen.queryByText('가장 오래된 메시지')).toBeNull();

    await user.click(screen.getByRole('button', { name: '이전 메시지 더 보기' }));

    expect(await screen.findByText('가장 오래된 메시지')).toBeInTheDocument();
    const texts = within(log())
      .getAllByText(/메시지/)
      .map((el) => el.textContent);
    expect(texts[0]).toBe('가장 오래된 메시지');
    expect(screen.getByText('상담의 처음입니다.')).toBeInTheDocument();
    const asked = requests.filter((r) => r.path === '/chat/messages').map((r) => Object.fromEntries(r.query));
    expect(asked).toEqual([
      { pNum: '1', pSize: '30', roomIdx: '11', hospitalIdx: '1' },
      { pNum: '2', pSize: '30', roomIdx: '11', hospitalIdx: '1' },
    ]);
  });

  it('marks the room read up to the newest message', async () => {
    const { requests } = renderRoom([chatMessage({ idx: 41 }), chatMessage({ idx: 42 })], {
      room: { unreadCount: 2 },
    });
    await waitFor(() => expect(requests.some((r) => r.path === '/chat/markRead')).toBe(true));
    expect(requests.find((r) => r.path === '/chat/markRead')!.body).toEqual({
      roomIdx: 11,
      lastReadMsgIdx: 42,
    });
  });

  it('keeps a newer room status when a slower mark-read answer comes back', async () => {
    const markRead = { answer: null as null | (() => void) };
    const { realtime } = renderRoom([chatMessage({ idx: 1, content: '도와주세요' })], {
      room: { unreadCount: 1 },
      routes: {
        'PUT /chat/markRead': () => new Promise((resolve) => (markRead.answer = () => resolve(ok({})))),
      },
    });
    await screen.findByText('도와주세요');
    await waitFor(() => expect(markRead.answer).not.toBeNull());

    // Staff answered elsewhere: the server says the room now waits for the patient.
    act(() =>
      realtime.deliver(topics.chatRoomEvent(11, 'update'), {
        room: { ...chatRoom({ idx: 11, patientName: '홍길동' }), status: 'STANDBY' },
      }),
    );
    expect(await screen.findByText('환자 응답 대기')).toBeInTheDocument();

    act(() => markRead.answer!());
    await waitFor(() => expect(screen.getByText('환자 응답 대기')).toBeInTheDocument());
    expect(screen.queryByText('답변 대기')).toBeNull();
  });

  it('enters the room and completes it, and stops accepting messages once it is complete', async () => {
    const { user, realtime } = renderRoom([chatMessage({ idx: 1 })]);
    await screen.findByText('메시지 1');

    await user.click(screen.getByRole('button', { name: '상담 참여' }));
    expect(realtime.published).toContainEqual({ topic: topics.chatRoomEvent(11, 'enter'), payload: {} });
    act(() =>
      realtime.deliver(topics.chatRoomEvent(11, 'enter'), {
        roomIdx: 11,
        person: { personType: 'USER', idx: 7, name: '김간호' },
      }),
    );
    expect(await screen.findByText('참여 중')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '상담 종료' }));
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: '상담 종료' }));
    expect(realtime.published).toContainEqual({ topic: topics.chatRoomEvent(11, 'complete'), payload: {} });

    act(() => realtime.deliver(topics.chatRoomEvent(11, 'complete'), { roomIdx: 11 }));
    expect(await screen.findByText('종료된 상담입니다.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: '메시지 입력' })).toBeNull();
  });
});
