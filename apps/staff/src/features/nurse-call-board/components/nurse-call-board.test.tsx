import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { NurseCall } from '@smartcare/contract/nurse-call';
import { topics } from '@smartcare/contract/topics';
import { minutesAgo, nurseCall } from '../../../testing/factories';
import { ok } from '../../../testing/fake-server';
import { renderConsole } from '../../../testing/render';
import { NurseCallBoard } from './nurse-call-board';
import { NurseCallLiveProvider } from './nurse-call-live';

function renderBoard(calls: NurseCall[], extraRoutes = {}) {
  const beep = vi.fn();
  const alarm = vi.fn();
  const view = renderConsole(
    <NurseCallLiveProvider hospitalIdx={1} beep={beep} alarm={alarm}>
      <NurseCallBoard />
    </NurseCallLiveProvider>,
    {
      routes: {
        'GET /nurseCall/getOpenCalls': () => ok(calls),
        'GET /nurseCall/getHandledCalls': () => ok([]),
        ...extraRoutes,
      },
    },
  );
  return { ...view, beep, alarm };
}

/** The patients in the board's rows, top to bottom (the first table; the handled calls follow it). */
const boardPatients = () =>
  within(screen.getAllByRole('table')[0]!)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[3]?.textContent);

describe('the nurse-call board', () => {
  it('lists open calls by priority, then the oldest first, with reason, bed and waiting time', async () => {
    renderBoard([
      nurseCall({ patientName: '물요청', reason: 'WATER', requestedAt: minutesAgo(30) }),
      nurseCall({ patientName: '통증최근', reason: 'PAIN', requestedAt: minutesAgo(1) }),
      nurseCall({
        patientName: '낙상환자',
        reason: 'FALL',
        requestedAt: minutesAgo(0.5),
        ward: '5병동',
        bed: '502-1',
      }),
      nurseCall({ patientName: '통증오래', reason: 'PAIN', requestedAt: minutesAgo(8) }),
    ]);

    await screen.findByText('낙상환자');
    expect(boardPatients()).toEqual(['낙상환자', '통증오래', '통증최근', '물요청']);
    const fall = screen.getAllByRole('row')[1]!;
    expect(within(fall).getByText('긴급')).toBeInTheDocument();
    expect(within(fall).getByText('5병동 502-1')).toBeInTheDocument();
    expect(within(fall).getByText(/^\d+초$/)).toBeInTheDocument();
    expect(within(screen.getAllByRole('row')[2]!).getByText('통증')).toBeInTheDocument();
    expect(within(screen.getAllByRole('row')[2]!).getByText(/^8분 \d+초$/)).toBeInTheDocument();
    expect(screen.getByText('열린 호출 4건')).toBeInTheDocument();
  });

  it('alerts with a beep and a banner when a new call arrives, and puts it in its place', async () => {
    const { realtime, beep } = renderBoard([nurseCall({ patientName: '기존환자', reason: 'TOILET' })]);
    await screen.findByText('기존환자');
    expect(realtime.subscriptions()).toContain(topics.nurseCalling(1));

    const fresh = nurseCall({ patientName: '새환자', reason: 'EMERGENCY', ward: '7병동', bed: '701-2' });
    act(() => realtime.deliver(topics.nurseCalling(1), { event: 'request', call: fresh }));

    expect(beep).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toHaveTextContent('새 호출: 7병동 701-2 새환자 — 응급');
    await waitFor(() => expect(boardPatients()).toEqual(['새환자', '기존환자']));
    expect(screen.getAllByRole('row')[1]).toHaveClass('call-fresh');
  });

  it('stays quiet for changes to calls it already shows and for patients’ raw requests', async () => {
    const existing = nurseCall({ patientName: '확인될환자' });
    const { realtime, beep } = renderBoard([existing]);
    await screen.findByText('확인될환자');

    act(() => {
      realtime.deliver(topics.nurseCalling(1), { clientCallId: 'abc', reason: 'PAIN' });
      realtime.deliver(topics.nurseCalling(1), {
        event: 'update',
        call: {
          ...existing,
          status: 'ACKNOWLEDGED',
          acknowledgedByName: '박간호',
          acknowledgedAt: minutesAgo(0),
        },
      });
    });

    expect(beep).not.toHaveBeenCalled();
    expect(await screen.findByText('박간호 확인')).toBeInTheDocument();
    expect(screen.getByText('확인됨')).toBeInTheDocument();
  });

  it('does not beep when the nurse turned the sound off, but still shows the banner', async () => {
    const { realtime, beep, user } = renderBoard([]);
    await user.click(await screen.findByRole('switch', { name: '알림음' }));
    expect(screen.getByText('알림음 꺼짐')).toBeInTheDocument();

    act(() =>
      realtime.deliver(topics.nurseCalling(1), {
        event: 'request',
        call: nurseCall({ patientName: '조용히' }),
      }),
    );

    expect(beep).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('조용히');
  });

  it('acknowledges and completes a call through the server, which then drops it from the board', async () => {
    const call = nurseCall({ idx: 77, patientName: '홍길동', reason: 'PAIN' });
    const { user, requests } = renderBoard([call], {
      'PUT /nurseCall/acknowledge': () =>
        ok({ ...call, status: 'ACKNOWLEDGED', acknowledgedByName: '김간호' }),
      'PUT /nurseCall/complete': () => ok({ ...call, status: 'DONE', completedAt: minutesAgo(0) }),
    });

    await user.click(await screen.findByRole('button', { name: '홍길동 님 호출 확인' }));
    expect(await screen.findByText('김간호 확인')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '홍길동 님 호출 확인' })).toBeNull();

    await user.click(screen.getByRole('button', { name: '홍길동 님 호출 완료' }));
    expect(await screen.findByText('열린 호출이 없습니다.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT').map((r) => [r.path, r.body])).toEqual([
      ['/nurseCall/acknowledge', { callIdx: 77 }],
      ['/nurseCall/complete', { callIdx: 77 }],
    ]);
  });

  it('marks a call that was escalated', async () => {
    renderBoard([
      nurseCall({ patientName: '늦은호출', requestedAt: minutesAgo(12), escalatedAt: minutesAgo(2) }),
    ]);
    const row = (await screen.findByText('늦은호출')).closest('tr')!;
    expect(within(row).getByText('지연')).toBeInTheDocument();
    expect(row).toHaveClass('call-row-escalated');
  });

  // issue 10
  it('tells who the caller is: number, age and sex, allergies, the note for staff, an unconfirmed identity', async () => {
    const birthDate = `${new Date().getFullYear() - 80}-01-01`;
    renderBoard([
      nurseCall({
        patientIdx: 11,
        patientName: '김하늘',
        birthDate,
        sex: 'F',
        allergies: '페니실린',
        staffNote: '귀가 어두워요',
      }),
      nurseCall({
        patientIdx: 12,
        patientName: '김하늘',
        birthDate: null,
        sex: null,
        identityConfirmed: false,
        reason: 'WATER',
      }),
    ]);
    await screen.findAllByText('김하늘');
    const [first, second] = within(screen.getAllByRole('table')[0]!).getAllByRole('row').slice(1) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(first).toHaveTextContent('환자번호 11 · 80세 여');
    expect(within(first).getByText('알레르기: 페니실린')).toBeInTheDocument();
    expect(within(first).getByText('환자 메모: 귀가 어두워요')).toBeInTheDocument();
    expect(within(first).queryByText('신원 미확인')).not.toBeInTheDocument();
    // The same name, told apart by number and the identity mark.
    expect(second).toHaveTextContent('환자번호 12');
    expect(within(second).getByText('신원 미확인')).toBeInTheDocument();
  });

  it('re-sorts and alerts again when a patient raises a call, and plays the louder alarm on escalation', async () => {
    const waiting = nurseCall({ patientName: '먼저', reason: 'PAIN', requestedAt: minutesAgo(5) });
    const raised = nurseCall({ patientName: '올림', reason: 'WATER', requestedAt: minutesAgo(1) });
    const { realtime, beep, alarm } = renderBoard([waiting, raised]);
    await screen.findByText('올림');
    expect(boardPatients()).toEqual(['먼저', '올림']);

    act(() =>
      realtime.deliver(topics.nurseCalling(1), {
        event: 'raise',
        call: { ...raised, reason: 'FALL', priority: 1, raisedAt: new Date().toISOString() },
      }),
    );
    await waitFor(() => expect(boardPatients()).toEqual(['올림', '먼저']));
    expect(beep).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toHaveTextContent('호출 상향: 7병동 701-2 올림 — 낙상');
    expect(within(screen.getAllByRole('row')[1]!).getByText('상향')).toBeInTheDocument();

    act(() =>
      realtime.deliver(topics.nurseCalling(1), {
        event: 'escalate',
        call: { ...waiting, escalatedAt: new Date().toISOString() },
      }),
    );
    expect(alarm).toHaveBeenCalledTimes(1);
    expect(beep).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toHaveTextContent(
      '지연 호출: 7병동 701-2 먼저 — 통증 아직 확인되지 않았습니다',
    );
  });

  it("lists this shift's handled calls with the time to acknowledge and to complete", async () => {
    const requestedAt = '2026-11-24T01:00:00.000Z';
    renderBoard([], {
      'GET /nurseCall/getHandledCalls': () =>
        ok([
          nurseCall({
            patientName: '끝난환자',
            status: 'DONE',
            requestedAt,
            acknowledgedAt: '2026-11-24T01:01:30.000Z',
            acknowledgedByName: '이간호',
            completedAt: '2026-11-24T01:07:05.000Z',
          }),
        ]),
    });
    const handled = await screen.findByRole('region', { name: '이번 근무에 처리한 호출' });
    const row = await within(handled).findByText('끝난환자');
    const cells = row.closest('tr')!;
    expect(cells).toHaveTextContent('1분 30초');
    expect(cells).toHaveTextContent('7분 5초');
    expect(cells).toHaveTextContent('이간호');
  });
});
