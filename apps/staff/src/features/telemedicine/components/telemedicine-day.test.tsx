import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { topics } from '@smartcare/contract/topics';
import type { TelemedicineVisit } from '@smartcare/contract/telemedicine';
import { staffProfile } from '../../../testing/factories';
import { ok, type FakeRequest } from '../../../testing/fake-server';
import { renderConsole } from '../../../testing/render';
import { visit } from '../testing-data';
import { TelemedicineDay } from './telemedicine-day';

const XSS = '<img src=x onerror=alert(1)>';
const clinicians = [
  { staffIdx: 7, name: '김간호', role: 'NURSE', department: '가정의학과' },
  { staffIdx: 8, name: '이의사', role: 'DOCTOR', department: '내과' },
];

function routes(visits: () => TelemedicineVisit[], calls: FakeRequest[], requests: TelemedicineVisit[] = []) {
  return {
    'GET /telemedicine/getDay': (r: FakeRequest) => {
      calls.push(r);
      return ok({ date: r.query.get('date'), visits: visits() });
    },
    'GET /telemedicine/getClinicians': () => ok(clinicians),
    'GET /telemedicine/getRequests': () => ok(requests),
    'GET /telemedicine/getBookablePatients': () => ok([{ idx: 3, name: '김하늘' }]),
  };
}

describe('the telemedicine day (issue 17)', () => {
  it(
    "starts on the nurse's own day, shows the waiting patient live with the device check and admits the next",
    { timeout: 60_000 },
    async () => {
      const calls: FakeRequest[] = [];
      const admitted: FakeRequest[] = [];
      let day = [visit()];
      const waitingSince = new Date(Date.now() - 125_000).toISOString();
      const { realtime, user } = renderConsole(<TelemedicineDay me={staffProfile()} />, {
        routes: {
          ...routes(() => day, calls),
          'PUT /telemedicine/admit': (r) => {
            admitted.push(r);
            return ok(
              visit({ status: 'IN_CALL', clinician: { staffIdx: 8, name: '이의사', role: 'DOCTOR' } }),
            );
          },
        },
      });
      expect(await screen.findByText('대기실에 들어온 환자가 없습니다.')).toBeInTheDocument();
      expect(calls[0]!.query.get('staffIdx')).toBe('7');
      expect(realtime.subscriptions()).toContain(topics.telemedicineQueue(1));

      // The patient enters the waiting room: the queue topic makes the day refetch.
      day = [
        visit({
          status: 'WAITING',
          waitingSince,
          reason: XSS,
          queue: { position: 1, estimatedWaitMin: 0 },
          deviceCheck: {
            camera: 'OK',
            microphone: 'DENIED',
            speakerConfirmed: true,
            rttMs: 42,
            downKbps: 5400,
            checkedAt: waitingSince,
          },
        }),
      ];
      act(() =>
        realtime.deliver(topics.telemedicineQueue(1), {
          visitIdx: 31,
          staffIdx: 7,
          status: 'WAITING',
          at: waitingSince,
        }),
      );
      const waiting = await screen.findByRole('region', { name: '대기 중인 환자 1명' });
      const card = await within(waiting).findByTestId('tm-waiting-card');
      expect(card).toHaveTextContent('1번 김하늘 · 72세 · 여');
      expect(card).toHaveTextContent(/대기 0[23]:\d\d/);
      expect(card).toHaveTextContent('마이크: 권한 거부');
      expect(card).toHaveTextContent('왕복 42ms · 내려받기 5400kbps');
      expect(card).toHaveTextContent('기기 문제 있음');
      expect(within(card).getByRole('link', { name: '김하늘 님 재택 건강 기록' })).toHaveAttribute(
        'href',
        '/home-care/3',
      );
      // The reason stays text.
      expect(screen.getByText(XSS)).toBeInTheDocument();
      expect(document.querySelector('img[src="x"]')).toBeNull();

      await user.click(within(waiting).getByRole('button', { name: '다음 환자 입장시키기 (김하늘)' }));
      await waitFor(() => expect(admitted).toHaveLength(1));
      expect(admitted[0]!.body).toEqual({ visitIdx: 31 });
      expect(await screen.findByText('김하늘 님을 진료실에 입장시켰습니다.')).toBeInTheDocument();
    },
  );

  it(
    'shows every clinician to an administrator and offers the actions each status allows',
    { timeout: 60_000 },
    async () => {
      const calls: FakeRequest[] = [];
      const past = new Date(Date.now() - 10 * 60_000).toISOString();
      renderConsole(<TelemedicineDay me={staffProfile({ idx: 2, role: 'ADMIN', name: '관리자' })} />, {
        routes: routes(
          () => [
            visit({ visitIdx: 1, patientName: '가환자', scheduledAt: past }),
            visit({ visitIdx: 2, patientName: '나환자', status: 'COMPLETE' }),
            visit({ visitIdx: 3, patientName: '다환자', status: 'CANCELLED' }),
          ],
          calls,
        ),
      });
      const table = await screen.findByRole('table');
      expect(calls[0]!.query.get('staffIdx')).toBeNull();
      const row = (name: string) => within(table).getByRole('row', { name: new RegExp(name) });
      expect(
        within(row('가환자')).getByRole('button', { name: '가환자 님 진료 시간 변경' }),
      ).toBeInTheDocument();
      expect(within(row('가환자')).getByRole('button', { name: '가환자 님 불참 처리' })).toBeInTheDocument();
      expect(
        within(row('가환자')).getByRole('button', { name: '가환자 님 진료 예약 취소' }),
      ).toBeInTheDocument();
      expect(within(row('나환자')).getByRole('button', { name: '나환자 님 진료 요약' })).toBeInTheDocument();
      expect(within(row('나환자')).queryByRole('button', { name: /취소/ })).toBeNull();
      expect(within(row('다환자')).queryAllByRole('button')).toHaveLength(0);
      expect(within(row('다환자')).getByText('취소')).toBeInTheDocument();
    },
  );

  it('books a visit only when every field is right, saying which is wrong', { timeout: 60_000 }, async () => {
    const calls: FakeRequest[] = [];
    const booked: FakeRequest[] = [];
    const { user } = renderConsole(
      <TelemedicineDay me={staffProfile({ idx: 8, role: 'DOCTOR', name: '이의사' })} />,
      {
        routes: {
          ...routes(() => [], calls),
          'POST /telemedicine/book': (r) => {
            booked.push(r);
            return ok(visit());
          },
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: '진료 예약하기' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('비대면 진료 예약');
    // The doctor's own department is filled in; the time is the next quarter hour.
    await waitFor(() => expect(within(dialog).getByLabelText('진료과')).toHaveValue('내과'));
    await user.clear(within(dialog).getByLabelText('일시'));
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(within(dialog).getByText('환자 항목을 입력해 주세요.')).toBeInTheDocument();
    expect(within(dialog).getByText('일시 항목을 입력해 주세요.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('진료 사유 (환자에게 보입니다) 항목을 입력해 주세요.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('일시')).toHaveAttribute('aria-invalid', 'true');
    expect(booked).toHaveLength(0);

    await user.click(within(dialog).getByLabelText('환자'));
    await user.click(await screen.findByTitle('김하늘'));
    const start = new Date(Date.now() + 3_600_000);
    const local = new Date(start.getTime() + 9 * 3_600_000).toISOString().slice(0, 16);
    await user.type(within(dialog).getByLabelText('일시'), local);
    await user.click(within(dialog).getByLabelText('진료 사유 (환자에게 보입니다)'));
    await user.paste('혈압 상담');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(booked).toHaveLength(1));
    expect(booked[0]!.body).toEqual({
      patientIdx: 3,
      staffIdx: 8,
      department: '내과',
      scheduledAt: new Date(`${local}:00+09:00`).toISOString(),
      durationMin: 15,
      reason: '혈압 상담',
    });
  });

  it(
    'accepts a change request at a preferred time and declines only with a reason',
    { timeout: 60_000 },
    async () => {
      const accepted: FakeRequest[] = [];
      const declined: FakeRequest[] = [];
      const request = visit({
        request: {
          kind: 'CHANGE',
          preferredDates: ['2026-12-01T05:00:00.000Z', '2026-12-02T01:00:00.000Z'],
          reason: XSS,
          requestedAt: '2026-11-24T01:00:00.000Z',
        },
      });
      const { user } = renderConsole(<TelemedicineDay me={staffProfile()} />, {
        routes: {
          ...routes(() => [], [], [request]),
          'PUT /telemedicine/acceptRequest': (r) => {
            accepted.push(r);
            return ok(visit());
          },
          'PUT /telemedicine/declineRequest': (r) => {
            declined.push(r);
            return ok(visit());
          },
        },
      });
      const requests = await screen.findByRole('region', { name: '변경·취소 요청' });
      expect(await within(requests).findByText(`환자의 말: ${XSS}`)).toBeInTheDocument();
      await user.click(within(requests).getByRole('radio', { name: /12월 2일/ }));
      await user.click(within(requests).getByRole('button', { name: '김하늘 님 요청 수락' }));
      await waitFor(() => expect(accepted).toHaveLength(1));
      expect(accepted[0]!.body).toEqual({ visitIdx: 31, scheduledAt: '2026-12-02T01:00:00.000Z' });

      await user.click(within(requests).getByRole('button', { name: '김하늘 님 요청 거절' }));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: '거절하기' }));
      expect(within(dialog).getByText('사유를 입력해 주세요.')).toBeInTheDocument();
      expect(declined).toHaveLength(0);
      await user.click(within(dialog).getByLabelText('사유 (환자에게 보입니다)'));
      await user.paste('그 시간은 진료가 없습니다');
      await user.click(within(dialog).getByRole('button', { name: '거절하기' }));
      await waitFor(() => expect(declined).toHaveLength(1));
      expect(declined[0]!.body).toEqual({ visitIdx: 31, reason: '그 시간은 진료가 없습니다' });
    },
  );
});
