import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Appointment, Schedule } from '@smartcare/contract/appointment';
import { ResultCode } from '@smartcare/contract/result-codes';
import { topics } from '@smartcare/contract/topics';
import { fail, ok, type FakeRequest } from '../../../testing/fake-server';
import { renderConsole } from '../../../testing/render';
import { AppointmentsBoard } from './appointments-board';

const XSS = '<img src=x onerror=alert(1)>';

function appointment(overrides: Partial<Appointment> = {}): Appointment {
  return {
    idx: 9,
    kind: 'HOSPITAL',
    hospitalIdx: 1,
    hospitalName: '스마트병원 서울본원',
    patientIdx: 3,
    patientName: '김하늘',
    title: '',
    department: '내과',
    doctor: '김민준',
    startsAt: '2026-11-28T00:30:00.000Z',
    durationMin: 30,
    building: '본관',
    floor: '2층',
    room: '3진료실',
    type: 'OUTPATIENT',
    preparation: '',
    status: 'BOOKED',
    preferredTimes: [],
    requestNote: '',
    reason: '',
    updatedAt: '2026-11-24T01:00:00.000Z',
    events: [],
    ...overrides,
  };
}

const schedule = (appointments: Appointment[]): Schedule => ({
  from: '2026-11-24T15:00:00.000Z',
  to: '2026-12-01T15:00:00.000Z',
  departments: ['내과', '정형외과'],
  appointments,
});

describe('the appointments board (issue 16)', () => {
  it('accepts a change request at the chosen preferred time', { timeout: 60_000 }, async () => {
    const calls: FakeRequest[] = [];
    let open = [
      appointment({
        status: 'CHANGE_REQUESTED',
        preferredTimes: ['2026-12-01T05:00:00.000Z', '2026-12-02T01:00:00.000Z'],
        requestNote: XSS,
      }),
    ];
    renderConsole(<AppointmentsBoard />, {
      routes: {
        'GET /appointment/getSchedule': () => ok(schedule([])),
        'GET /appointment/getRequests': () => ok(open),
        'PUT /appointment/acceptRequest': (r) => {
          calls.push(r);
          open = [];
          return ok(appointment({ startsAt: '2026-12-02T01:00:00.000Z' }));
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    const requests = await screen.findByRole('region', { name: '변경·취소 요청' });
    expect(await within(requests).findByText(`환자의 말: ${XSS}`)).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    // choose the second preferred time (12월 2일 10:00 in Seoul)
    await user.click(within(requests).getByRole('combobox'));
    await user.click(await screen.findByTitle(/12월 2일/));
    await user.click(within(requests).getByRole('button', { name: '김하늘 님 요청 수락' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ idx: 9, startsAt: '2026-12-02T01:00:00.000Z' });
    expect(await within(requests).findByText('처리할 요청이 없습니다.')).toBeInTheDocument();
  });

  it('declines only with a reason', { timeout: 60_000 }, async () => {
    const calls: FakeRequest[] = [];
    renderConsole(<AppointmentsBoard />, {
      routes: {
        'GET /appointment/getSchedule': () => ok(schedule([])),
        'GET /appointment/getRequests': () => ok([appointment({ status: 'CANCEL_REQUESTED' })]),
        'PUT /appointment/declineRequest': (r) => {
          calls.push(r);
          return ok(appointment({ reason: '당일 취소 불가' }));
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: '김하늘 님 요청 거절' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '거절하기' }));
    expect(within(dialog).getByText('사유를 입력해 주세요.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.click(within(dialog).getByLabelText('사유 (환자에게 보입니다)'));
    await user.paste('당일 취소 불가');
    await user.click(within(dialog).getByRole('button', { name: '거절하기' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ idx: 9, reason: '당일 취소 불가' });
  });

  it(
    'shows the week, filters by department and creates an appointment field by field',
    { timeout: 60_000 },
    async () => {
      const calls: FakeRequest[] = [];
      renderConsole(<AppointmentsBoard />, {
        routes: {
          'GET /appointment/getSchedule': (r) => {
            calls.push(r);
            return ok(schedule([appointment()]));
          },
          'GET /appointment/getRequests': () => ok([]),
          'GET /appointment/getBookablePatients': () => ok([{ idx: 3, name: '김하늘' }]),
          'POST /appointment/create': (r) => {
            calls.push(r);
            return ok(appointment());
          },
        },
      });
      const user = userEvent.setup({ delay: null });
      const row = (await screen.findByText('김하늘')).closest('tr')!;
      expect(within(row).getByText('내과 · 김민준')).toBeInTheDocument();
      expect(within(row).getByText('본관 2층 3진료실')).toBeInTheDocument();
      expect(calls[0]!.query.get('view')).toBe('week');

      await user.click(screen.getByRole('combobox', { name: '진료과' }));
      await user.click(await screen.findByTitle('정형외과'));
      await waitFor(() => expect(calls.some((c) => c.query.get('department') === '정형외과')).toBe(true));

      await user.click(screen.getByRole('button', { name: '예약 만들기' }));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: '저장' }));
      expect(within(dialog).getByText('환자 항목을 입력해 주세요.')).toBeInTheDocument();
      expect(within(dialog).getByText('진료과 항목을 입력해 주세요.')).toBeInTheDocument();
      expect(within(dialog).getByText('일시 항목을 입력해 주세요.')).toBeInTheDocument();
      expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
      // A video visit is booked under 비대면 진료 (with its room), never as a bare appointment.
      expect(within(dialog).getByText(/비대면 진료는 비대면 진료 메뉴에서 예약합니다/)).toBeInTheDocument();
      await user.click(within(dialog).getByLabelText('종류'));
      expect(await screen.findByTitle('수술')).toBeInTheDocument();
      expect(screen.queryByTitle('비대면 진료')).not.toBeInTheDocument();
      await user.keyboard('{Escape}');

      await user.click(within(dialog).getByLabelText('환자'));
      await user.click(await screen.findByTitle('김하늘'));
      await user.type(within(dialog).getByLabelText('진료과'), '내과');
      await user.type(within(dialog).getByLabelText('담당 의사'), '김민준');
      await user.type(within(dialog).getByLabelText('일시'), '2026-12-03T09:30');
      await user.click(within(dialog).getByRole('button', { name: '저장' }));
      await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
      expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
        patientIdx: 3,
        department: '내과',
        doctor: '김민준',
        startsAt: '2026-12-03T00:30:00.000Z',
        durationMin: 30,
        type: 'OUTPATIENT',
      });
    },
  );

  it(
    'opens an appointment with its whole history: who asked what, the decision with its reason, when',
    {
      timeout: 60_000,
    },
    async () => {
      const reads: FakeRequest[] = [];
      const row = appointment();
      renderConsole(<AppointmentsBoard />, {
        routes: {
          'GET /appointment/getSchedule': () => ok(schedule([row])),
          'GET /appointment/getRequests': () => ok([]),
          'GET /appointment/getAppointment': (r) => {
            reads.push(r);
            return ok(
              appointment({
                reason: '해당 시간 예약 마감',
                events: [
                  {
                    action: 'CREATED',
                    actorType: 'staff',
                    actorName: '박원무',
                    note: '',
                    startsAt: '2026-11-28T00:30:00.000Z',
                    at: '2026-11-20T01:00:00.000Z',
                  },
                  {
                    action: 'CHANGE_REQUESTED',
                    actorType: 'patient',
                    actorName: '김하늘',
                    note: `12월 2일 10:00 — ${XSS}`,
                    startsAt: '2026-11-28T00:30:00.000Z',
                    at: '2026-11-21T02:00:00.000Z',
                  },
                  {
                    action: 'DECLINED',
                    actorType: 'staff',
                    actorName: '이간호',
                    note: '해당 시간 예약 마감',
                    startsAt: '2026-11-28T00:30:00.000Z',
                    at: '2026-11-22T03:00:00.000Z',
                  },
                ],
              }),
            );
          },
        },
      });
      const user = userEvent.setup({ delay: null });
      const tableRow = (await screen.findByText('김하늘')).closest('tr')!;
      await user.click(within(tableRow).getByRole('button', { name: '김하늘 님 예약 기록 보기' }));
      // (the test set-up's fixed ids leave the dialog's aria-labelledby pointing elsewhere: find it by its title)
      const drawer = (await screen.findByText('김하늘 님 예약 기록')).closest<HTMLElement>('[role=dialog]')!;
      const history = await within(drawer).findByRole('list');
      const steps = within(history).getAllByRole('listitem');
      expect(steps.map((li) => li.querySelector('strong')!.textContent)).toEqual([
        '예약 생성',
        '변경 요청',
        '요청 거절',
      ]);
      expect(within(steps[0]!).getByText(/직원 박원무/)).toBeInTheDocument();
      expect(within(steps[1]!).getByText(/환자 김하늘/)).toBeInTheDocument();
      expect(within(steps[1]!).getByText(`12월 2일 10:00 — ${XSS}`)).toBeInTheDocument();
      expect(document.querySelector('img[src="x"]')).toBeNull();
      expect(within(steps[2]!).getByText(/직원 이간호/)).toBeInTheDocument();
      expect(within(steps[2]!).getByText('해당 시간 예약 마감')).toBeInTheDocument();
      // when: 11월 22일 12:00 in Seoul
      expect(within(steps[2]!).getByText(/11월 22일/)).toBeInTheDocument();
      expect(within(drawer).getByText('거절·취소 사유')).toBeInTheDocument();
      expect(reads).toHaveLength(1);
      expect(reads[0]!.query.get('idx')).toBe('9');
    },
  );

  it('offers 완료 only for a visit that has started, and marks it done', { timeout: 60_000 }, async () => {
    const calls: FakeRequest[] = [];
    const hour = 3_600_000;
    renderConsole(<AppointmentsBoard />, {
      routes: {
        'GET /appointment/getSchedule': () =>
          ok(
            schedule([
              appointment({
                idx: 1,
                patientName: '미래환자',
                startsAt: new Date(Date.now() + hour).toISOString(),
              }),
              appointment({
                idx: 2,
                patientName: '지난환자',
                startsAt: new Date(Date.now() - hour).toISOString(),
              }),
            ]),
          ),
        'GET /appointment/getRequests': () => ok([]),
        'PUT /appointment/complete': (r) => {
          calls.push(r);
          return ok(appointment({ idx: 2, status: 'COMPLETED' }));
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    const future = (await screen.findByText('미래환자')).closest('tr')!;
    expect(within(future).getByRole('button', { name: '미래환자 님 예약 수정' })).toBeInTheDocument();
    expect(within(future).queryByRole('button', { name: '미래환자 님 진료 완료 처리' })).toBeNull();
    const past = screen.getByText('지난환자').closest('tr')!;
    await user.click(within(past).getByRole('button', { name: '지난환자 님 진료 완료 처리' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ idx: 2 });
  });

  it(
    'shows the server’s field refusals under their fields in the appointment form',
    { timeout: 60_000 },
    async () => {
      renderConsole(<AppointmentsBoard />, {
        routes: {
          'GET /appointment/getSchedule': () => ok(schedule([appointment({ status: 'BOOKED' })])),
          'GET /appointment/getRequests': () => ok([]),
          'PUT /appointment/update': () => ({
            status: 400,
            body: {
              code: ResultCode.VALIDATION_FAILED,
              description: '',
              data: {
                fields: [
                  { field: 'room', message: '진료실을 40자 이하로 입력해 주세요.' },
                  { field: 'startsAt', message: '일시를 올바르게 입력해 주세요.' },
                ],
              },
            },
          }),
        },
      });
      const user = userEvent.setup({ delay: null });
      await user.click(await screen.findByRole('button', { name: '김하늘 님 예약 수정' }));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: '저장' }));
      expect(await within(dialog).findByText('진료실을 40자 이하로 입력해 주세요.')).toBeInTheDocument();
      expect(within(dialog).getByLabelText('진료실')).toHaveAttribute('aria-invalid', 'true');
      expect(within(dialog).getByText('일시를 올바르게 입력해 주세요.')).toBeInTheDocument();
      expect(within(dialog).getByLabelText('일시')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.queryByText(/처리하지 못했습니다/)).toBeNull();
    },
  );

  it('shows the detail drawer’s error state with a retry', { timeout: 60_000 }, async () => {
    renderConsole(<AppointmentsBoard />, {
      routes: {
        'GET /appointment/getSchedule': () => ok(schedule([appointment()])),
        'GET /appointment/getRequests': () => ok([]),
        'GET /appointment/getAppointment': () => fail(ResultCode.NOT_FOUND, '', 404),
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: '김하늘 님 예약 기록 보기' }));
    // (the test set-up's fixed ids leave the dialog's aria-labelledby pointing elsewhere: find it by its title)
    const drawer = (await screen.findByText('김하늘 님 예약 기록')).closest<HTMLElement>('[role=dialog]')!;
    expect(await within(drawer).findByRole('alert')).toBeInTheDocument();
  });

  it('shows the empty and the error state', async () => {
    const { unmount } = renderConsole(<AppointmentsBoard />, {
      routes: {
        'GET /appointment/getSchedule': () => ok(schedule([])),
        'GET /appointment/getRequests': () => ok([]),
      },
    });
    expect(await screen.findByText('이 기간에 예약이 없습니다.')).toBeInTheDocument();
    unmount();
    renderConsole(<AppointmentsBoard />, {
      routes: {
        'GET /appointment/getSchedule': () => fail(ResultCode.SERVER_ERROR, '', 500),
        'GET /appointment/getRequests': () => ok([]),
      },
    });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('shows a patient’s new request and refetches the view on a staff desk event and after a reconnect', async () => {
    let open: Appointment[] = [];
    let scheduleReads = 0;
    const { realtime } = renderConsole(<AppointmentsBoard />, {
      routes: {
        'GET /appointment/getSchedule': () => {
          scheduleReads += 1;
          return ok(schedule([]));
        },
        'GET /appointment/getRequests': () => ok(open),
      },
    });
    const requests = await screen.findByRole('region', { name: '변경·취소 요청' });
    expect(await within(requests).findByText('처리할 요청이 없습니다.')).toBeInTheDocument();
    expect(realtime.subscriptions()).toContain(topics.staffDesk(1));
    open = [appointment({ status: 'CANCEL_REQUESTED', patientName: '박새봄' })];
    realtime.deliver(topics.staffDesk(1), {
      queue: 'appointmentRequest',
      idx: 9,
      at: '2026-11-24T01:00:00.000Z',
    });
    expect(await within(requests).findByText(/박새봄/)).toBeInTheDocument();
    await waitFor(() => expect(scheduleReads).toBe(2));
    realtime.setStatus('reconnecting');
    realtime.setStatus('connected');
    await waitFor(() => expect(scheduleReads).toBe(3));
  });
});
