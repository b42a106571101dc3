import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResultCode } from '@smartcare/contract/result-codes';
import { topics } from '@smartcare/contract/topics';
import { chatMessage, chatRoom, minutesAgo } from '../../../testing/factories';
import { fail, ok } from '../../../testing/fake-server';
import { renderConsole } from '../../../testing/render';
import type { InboxFilter } from '../api/get-chat-rooms';
import { useInboxLive } from '../use-inbox-live';
import { ChatInbox } from './chat-inbox';

function LiveInbox({ selectedRoomIdx }: { selectedRoomIdx?: number }) {
  const [filter, setFilter] = useState<InboxFilter>('open');
  useInboxLive(1, 7);
  return <ChatInbox selectedRoomIdx={selectedRoomIdx} filter={filter} onFilterChange={setFilter} />;
}

const roomNames = () =>
  within(screen.getByRole('navigation', { name: '상담 목록' }))
    .getAllByRole('link')
    .map((link) => link.querySelector('.room-item-name')?.textContent);

describe('the chat inbox', () => {
  it('puts rooms waiting for staff first, the longest wait on top, then the rest by latest activity', async () => {
    const rooms = [
      chatRoom({
        idx: 1,
        patientName: '답변함',
        status: 'STANDBY',
        waitingSince: null,
        lastActivityAt: minutesAgo(1),
      }),
      chatRoom({ idx: 2, patientName: '2분대기', status: 'WAIT', waitingSince: minutesAgo(2) }),
      chatRoom({
        idx: 3,
        patientName: '챗봇중',
        status: 'NONE',
        waitingSince: null,
        lastActivityAt: minutesAgo(40),
      }),
      chatRoom({ idx: 4, patientName: '15분대기', status: 'WAIT', waitingSince: minutesAgo(15) }),
    ];
    renderConsole(<LiveInbox />, { routes: { 'GET /chat/rooms': () => ok(rooms) } });

    expect(await screen.findByText('15분대기')).toBeInTheDocument();
    expect(roomNames()).toEqual(['15분대기', '2분대기', '답변함', '챗봇중']);
    // The status in words, and how long the patient has waited.
    const longest = screen.getByRole('link', { name: /15분대기/ });
    expect(within(longest).getByText('답변 대기')).toBeInTheDocument();
    expect(within(longest).getByText(/15분 \d+초 대기/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('link', { name: /답변함/ })).getByText('환자 응답 대기'),
    ).toBeInTheDocument();
  });

  it('shows unread counts in words and the last message as plain text', async () => {
    const rooms = [
      chatRoom({
        idx: 5,
        patientName: '홍길동',
        unreadCount: 3,
        lastMsg: chatMessage({ roomIdx: 5, content: '<b>아파요</b> 언제 와요?' }),
      }),
      chatRoom({ idx: 6, patientName: '이영희', unreadCount: 0 }),
    ];
    renderConsole(<LiveInbox />, { routes: { 'GET /chat/rooms': () => ok(rooms) } });

    const hong = await screen.findByRole('link', { name: /홍길동/ });
    expect(within(hong).getByText('읽지 않은 메시지 3개')).toBeInTheDocument();
    expect(within(hong).getByText('<b>아파요</b> 언제 와요?')).toBeInTheDocument();
    expect(hong.querySelector('b')).toBeNull();
    const lee = screen.getByRole('link', { name: /이영희/ });
    expect(within(lee).queryByText(/읽지 않은 메시지/)).toBeNull();
    expect(within(lee).getByText('아직 메시지가 없습니다.')).toBeInTheDocument();
  });

  it('updates live from staffInbox: a patient writing moves their room up with a new unread count', async () => {
    const older = chatRoom({
      idx: 7,
      patientName: '먼저온환자',
      status: 'WAIT',
      waitingSince: minutesAgo(10),
    });
    const quiet = chatRoom({ idx: 8, patientName: '조용한환자', status: 'STANDBY', waitingSince: null });
    const { realtime } = renderConsole(<LiveInbox />, {
      routes: { 'GET /chat/rooms': () => ok([older, quiet]) },
    });
    expect(await screen.findByText('조용한환자')).toBeInTheDocument();
    // Its own inbox, with its own unread counts, not the whole hospital's.
    expect(realtime.subscriptions()).toEqual([topics.staffInbox(1, 7)]);

    act(() =>
      realtime.deliver(topics.staffInbox(1, 7), {
        rooms: [
          {
            ...quiet,
            status: 'WAIT',
            waitingSince: minutesAgo(20),
            unreadCount: 2,
            lastMsg: chatMessage({ roomIdx: 8, content: '물 좀 주세요' }),
          },
        ],
      }),
    );

    await waitFor(() => expect(roomNames()).toEqual(['조용한환자', '먼저온환자']));
    const moved = screen.getByRole('link', { name: /조용한환자/ });
    expect(within(moved).getByText('읽지 않은 메시지 2개')).toBeInTheDocument();
    expect(within(moved).getByText('물 좀 주세요')).toBeInTheDocument();
  });

  it('takes its own unread counts from its own inbox topic: a read in another tab clears the count, a refetch after reconnecting agrees', async () => {
    let unread = 4;
    const room = chatRoom({ idx: 10, patientName: '다른탭환자', status: 'WAIT', unreadCount: 4 });
    const { realtime } = renderConsole(<LiveInbox />, {
      routes: { 'GET /chat/rooms': () => ok([{ ...room, unreadCount: unread }]) },
    });
    const item = await screen.findByRole('link', { name: /다른탭환자/ });
    expect(within(item).getByText('읽지 않은 메시지 4개')).toBeInTheDocument();

    // This nurse read the room elsewhere: the server sends her own summary, unread 0.
    unread = 0;
    act(() => realtime.deliver(topics.staffInbox(1, 7), { rooms: [{ ...room, unreadCount: 0 }] }));
    await waitFor(() => expect(within(item).queryByText(/읽지 않은 메시지/)).toBeNull());

    // While the connection was down the patient wrote again: the list fetched after it says so.
    unread = 1;
    act(() => realtime.setStatus('reconnecting'));
    act(() => realtime.setStatus('connected'));
    expect(
      await within(screen.getByRole('link', { name: /다른탭환자/ })).findByText('읽지 않은 메시지 1개'),
    ).toBeInTheDocument();
  });

  it('marks the open room as the current one', async () => {
    renderConsole(<LiveInbox selectedRoomIdx={9} />, {
      routes: { 'GET /chat/rooms': () => ok([chatRoom({ idx: 9, patientName: '선택됨', unreadCount: 2 })]) },
    });
    const selected = await screen.findByRole('link', { name: /선택됨/ });
    expect(selected).toHaveAttribute('aria-current', 'page');
    // The staff member is reading it: no unread count on the open room.
    expect(within(selected).queryByText(/읽지 않은 메시지/)).toBeNull();
  });

  it('says so when there are no open consultations', async () => {
    renderConsole(<LiveInbox />, { routes: { 'GET /chat/rooms': () => ok([]) } });
    expect(await screen.findByText('진행 중인 상담이 없습니다.')).toBeInTheDocument();
  });

  it('shows the server’s reason and a retry when the list cannot be loaded', async () => {
    let calls = 0;
    const { user } = renderConsole(<LiveInbox />, {
      routes: {
        'GET /chat/rooms': () => {
          calls += 1;
          return calls === 1
            ? fail(ResultCode.SERVER_ERROR, '일시적인 문제가 발생했습니다.', 500)
            : ok([chatRoom({ patientName: '다시불러옴' })]);
        },
      },
    });
    expect(await screen.findByText('일시적인 문제가 발생했습니다.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('다시불러옴')).toBeInTheDocument();
  });
});
