import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChatRoomSummary } from '@smartcare/contract/chat';
import { topics } from '@smartcare/contract/topics';
import { chatRoom, minutesAgo } from '../../../testing/factories';
import { ok } from '../../../testing/fake-server';
import { renderConsole } from '../../../testing/render';
import type { InboxFilter } from '../api/get-chat-rooms';
import { useInboxLive } from '../use-inbox-live';
import { ChatInbox } from './chat-inbox';

/** Issue 10 points 3–5 in the inbox (decision 011): urgent first, the bot's rooms apart, who the patient is. */
function LiveInbox({ onUrgent }: { onUrgent?: (room: ChatRoomSummary) => void }) {
  const [filter, setFilter] = useState<InboxFilter>('open');
  useInboxLive(1, 7, onUrgent);
  return <ChatInbox filter={filter} onFilterChange={setFilter} />;
}

const roomNames = () =>
  within(screen.getByRole('navigation', { name: '상담 목록' }))
    .getAllByRole('link')
    .map((link) => link.querySelector('.room-item-name')?.textContent);

const info = { patientNo: 12, age: 76, sex: 'M' as const, allergies: '', note: '', ward: null, bed: null };

describe('the inbox and urgent rooms', () => {
  it('puts an urgent room above every waiting room, marked 긴급, and calls the alert once when one turns urgent live', async () => {
    const longWait = chatRoom({
      idx: 1,
      patientName: '오래대기',
      status: 'WAIT',
      waitingSince: minutesAgo(30),
    });
    const urgentEarlier = chatRoom({
      idx: 2,
      patientName: '먼저응급',
      status: 'STANDBY',
      waitingSince: null,
      urgentAt: minutesAgo(5),
      urgentMessage: { content: '인슐린을 두 번 맞았어요', createdAt: minutesAgo(5) },
    });
    const quiet = chatRoom({ idx: 3, patientName: '김응급', status: 'WAIT', waitingSince: minutesAgo(1) });
    const alerts: string[] = [];
    const { realtime } = renderConsole(<LiveInbox onUrgent={(room) => alerts.push(room.patientName)} />, {
      routes: { 'GET /chat/rooms': () => ok([longWait, urgentEarlier, quiet]) },
    });
    expect(await screen.findByText('김응급')).toBeInTheDocument();
    expect(roomNames()).toEqual(['먼저응급', '오래대기', '김응급']);
    expect(within(screen.getByRole('link', { name: /먼저응급/ })).getByText('긴급')).toBeInTheDocument();
    // Why it is urgent, in the patient's words, whatever came after.
    expect(
      within(screen.getByRole('link', { name: /먼저응급/ })).getByText(
        '긴급 메시지: 인슐린을 두 번 맞았어요',
      ),
    ).toBeInTheDocument();
    // Already urgent when the list loaded: no new alert.
    expect(alerts).toEqual([]);

    const flagged = { ...quiet, urgentAt: new Date().toISOString() };
    act(() => realtime.deliver(topics.staffInbox(1, 7), { rooms: [flagged] }));
    act(() => realtime.deliver(topics.staffInbox(1, 7), { rooms: [{ ...flagged, unreadCount: 2 }] }));
    await waitFor(() => expect(roomNames()).toEqual(['먼저응급', '김응급', '오래대기']));
    expect(alerts).toEqual(['김응급']);
  });

  it('keeps bot-handled rooms out of the open list and shows them under "챗봇 응대 중"', async () => {
    const waiting = chatRoom({ idx: 4, patientName: '대기환자', status: 'WAIT' });
    const botRoom = chatRoom({ idx: 5, patientName: '챗봇환자', status: 'NONE', waitingSince: null });
    const { realtime, user, requests } = renderConsole(<LiveInbox />, {
      routes: {
        'GET /chat/rooms': (req) => ok(req.query.get('status') === 'BOT' ? [botRoom] : [waiting]),
      },
    });
    expect(await screen.findByText('대기환자')).toBeInTheDocument();
    // A bot room announced live does not slip into the open list.
    act(() =>
      realtime.deliver(topics.staffInbox(1, 7), { rooms: [{ ...botRoom, idx: 6, patientName: '새챗봇' }] }),
    );
    expect(roomNames()).toEqual(['대기환자']);

    await user.click(screen.getByText('챗봇 응대 중', { selector: '.ant-segmented-item-label' }));
    expect(await screen.findByText('챗봇환자')).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/chat/rooms' && r.query.get('status') === 'BOT')).toBe(true);
    // The bot hands the room over: it leaves the bot list.
    act(() => realtime.deliver(topics.staffInbox(1, 7), { rooms: [{ ...botRoom, status: 'WAIT' }] }));
    await waitFor(() => expect(screen.queryByText('챗봇환자')).toBeNull());
  });

  it('tells two patients with the same name apart by number, age and sex, and shows allergies', async () => {
    const rooms = [
      chatRoom({ idx: 7, patientName: '김동명', patientInfo: { ...info, allergies: '페니실린' } }),
      chatRoom({ idx: 8, patientName: '김동명', patientInfo: { ...info, patientNo: 31, age: 35, sex: 'F' } }),
    ];
    renderConsole(<LiveInbox />, { routes: { 'GET /chat/rooms': () => ok(rooms) } });
    const [first, second] = await screen.findAllByRole('link', { name: /김동명/ });
    expect(within(first!).getByTestId('patient-info')).toHaveTextContent('환자번호 12');
    expect(within(first!).getByTestId('patient-info')).toHaveTextContent('76세 남');
    expect(within(first!).getByText('알레르기: 페니실린')).toBeInTheDocument();
    expect(within(second!).getByTestId('patient-info')).toHaveTextContent('환자번호 31');
    expect(within(second!).getByTestId('patient-info')).toHaveTextContent('35세 여');
  });

  it('shows no unread count on a finished room', async () => {
    renderConsole(<LiveInbox />, {
      routes: {
        'GET /chat/rooms': () =>
          ok([chatRoom({ idx: 9, patientName: '종료됨', status: 'COMPLETE', unreadCount: 3 })]),
      },
    });
    const done = await screen.findByRole('link', { name: /종료됨/ });
    expect(within(done).queryByText(/읽지 않은 메시지/)).toBeNull();
  });
});
