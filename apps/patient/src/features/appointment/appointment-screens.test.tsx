import { apiPaths } from '@smartcare/contract/api-paths';
import type { Appointment } from '@smartcare/contract/appointment';
import { ResultCode } from '@smartcare/contract/result-codes';
import { topics } from '@smartcare/contract/topics';
import { screen, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { fail, ok, patientProfile } from '../../testing/factories';
import { mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import { createTestRealtime, withRealtime } from '../../testing/realtime-fakes';
import { AppointmentDetailScreen } from './appointment-detail-screen';
import { AppointmentListScreen } from './appointment-list-screen';

const MINE = `GET ${apiPaths.appointment.getMyAppointments}`;
const ONE = `GET ${apiPaths.appointment.getMyAppointment}`;
const CHANGE = `PUT ${apiPaths.appointment.requestChange}`;
const CANCEL = `PUT ${apiPaths.appointment.requestCancel}`;
const ADD = `POST ${apiPaths.appointment.addPersonal}`;

// 2026-11-25 10:00 in Seoul
const NOW = new Date('2026-11-25T01:00:00.000Z');

function appointment(overrides: Partial<Appointment> = {}): Appointment {
  return {
    idx: 5,
    kind: 'HOSPITAL',
    hospitalIdx: 1,
    hospitalName: '서울중앙병원',
    patientIdx: 7,
    patientName: '김하늘',
    title: '',
    department: '내과',
    doctor: '김민준',
    // 2026-11-28 09:30 in Seoul: D-3
    startsAt: '2026-11-28T00:30:00.000Z',
    durationMin: 30,
    building: '본관',
    floor: '2층',
    room: '3진료실',
    type: 'OUTPATIENT',
    preparation: '8시간 금식',
    status: 'BOOKED',
    preferredTimes: [],
    requestNote: '',
    reason: '',
    updatedAt: '2026-11-20T01:00:00.000Z',
    events: [
      {
        action: 'CREATED',
        actorType: 'staff',
        actorName: '이간호',
        note: '',
        startsAt: '2026-11-28T00:30:00.000Z',
        at: '2026-11-20T01:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

let rt: ReturnType<typeof createTestRealtime>;
beforeEach(() => {
  rt = createTestRealtime();
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  session.setTokens({ accessToken: 'a', refreshToken: 'r' });
  session.setLoginId('demo');
  session.setMyData(patientProfile({ idx: 7, choseHospitalIdx: 1, choseHospitalName: '서울중앙병원' }));
});
afterEach(() => {
  rt.rt.stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const renderList = (path = '/hospital/schedulemanage/list') =>
  renderScreen(withRealtime(rt, <AppointmentListScreen area="hospital" />), {
    path,
    pattern: '/hospital/schedulemanage/list',
    otherRoutes: ['/hospital/login', '/hospital/schedulemanage/:idx'],
  });
const renderDetail = () =>
  renderScreen(withRealtime(rt, <AppointmentDetailScreen area="hospital" idx="5" />), {
    path: '/hospital/schedulemanage/5',
    pattern: '/hospital/schedulemanage/:idx',
    otherRoutes: ['/hospital/schedulemanage/list', '/hospital/login'],
  });

describe('the schedule list', () => {
  it('shows upcoming days first with D-3, the own item marked, and past ones below', async () => {
    mockApi({
      [MINE]: () => ({
        body: ok([
          appointment({
            idx: 1,
            startsAt: '2026-11-11T01:00:00.000Z',
            status: 'COMPLETED',
            department: '정형외과',
          }),
          appointment({
            idx: 2,
            startsAt: '2026-11-25T05:00:00.000Z',
            type: 'EXAM',
            department: '영상의학과',
          }),
          appointment(),
          appointment({
            idx: 6,
            kind: 'PERSONAL',
            hospitalIdx: null,
            title: '약국 방문',
            type: null,
            doctor: '',
          }),
        ]),
      }),
    });
    renderList();
    const upcoming = await screen.findByRole('region', { name: '다가오는 일정' });
    const days = within(upcoming).getAllByRole('heading', { level: 3 });
    expect(days[0]).toHaveTextContent('오늘');
    expect(days[1]).toHaveTextContent('D-3');
    expect(days[1]).toHaveTextContent('11월 28일');
    expect(within(upcoming).getByText('검사 · 영상의학과')).toBeInTheDocument();
    expect(within(upcoming).getByText('약국 방문')).toBeInTheDocument();
    expect(within(upcoming).getByText('내 일정')).toBeInTheDocument();
    const past = screen.getByRole('region', { name: '지난 일정' });
    expect(within(past).getByText('외래 진료 · 정형외과')).toBeInTheDocument();
    expect(within(past).getByText('완료')).toBeInTheDocument();
    expect(within(upcoming).queryByText('외래 진료 · 정형외과')).not.toBeInTheDocument();
  });

  it('follows the hospital’s decision live (a schedule notification refetches)', async () => {
    let accepted = false;
    mockApi({
      [MINE]: () => ({
        body: ok([appointment(accepted ? {} : { status: 'CHANGE_REQUESTED' })]),
      }),
    });
    renderList();
    const upcoming = await screen.findByRole('region', { name: '다가오는 일정' });
    expect(await within(upcoming).findByText('변경 요청 중')).toBeInTheDocument();
    await vi.waitFor(() => expect(rt.clients).toHaveLength(1));
    const client = rt.clients[0]!;
    client.accept();
    await vi.waitFor(() => expect(client.subscribed).toContain(topics.notificationPatient(7)));
    accepted = true;
    client.deliver(topics.notificationPatient(7), {
      idx: 1,
      kind: 'schedule',
      title: '예약 변경 요청이 수락되었습니다',
      body: '내과: 11월 28일 (토) 09:30',
      deepLink: '#/hospital/schedulemanage/5',
      data: { appointmentIdx: 5, status: 'BOOKED' },
      createdAt: '2026-11-24T02:00:00.000Z',
      readAt: null,
    });
    expect(await within(upcoming).findByText('예약')).toBeInTheDocument();
    expect(within(upcoming).queryByText('변경 요청 중')).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    mockApi({ [MINE]: () => ({ body: ok([]) }) });
    renderList();
    expect(await screen.findByText('아직 예약된 일정이 없습니다.')).toBeInTheDocument();
  });

  it('shows the error state with a retry', async () => {
    mockApi({ [MINE]: () => ({ status: 500, body: fail(ResultCode.SERVER_ERROR) }) });
    renderList();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });

  it('adds a personal item: refuses an empty name in Korean, then sends one item in Seoul time', async () => {
    const api = mockApi({
      [MINE]: () => ({ body: ok([]) }),
      [ADD]: () => ({ body: ok(appointment({ idx: 9, kind: 'PERSONAL', title: '약국' })) }),
    });
    renderList('/hospital/schedulemanage/list?new=1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '저장' }));
    expect(screen.getByText('일정 이름을 입력해 주세요')).toBeInTheDocument();
    expect(screen.getByText('일시를 입력해 주세요')).toBeInTheDocument();
    expect(api.calls(ADD)).toBe(0);
    await user.type(screen.getByLabelText('일정 이름'), '<b>약국</b>');
    // datetime-local takes its value whole
    const when = screen.getByLabelText('일시 (한국 시간)');
    await user.clear(when);
    await user.type(when, '2026-11-26T14:00');
    await user.click(screen.getByRole('button', { name: '저장' }));
    await vi.waitFor(() => expect(api.calls(ADD)).toBe(1));
    const sent = api.seen.find((r) => r.method === 'POST')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ title: '<b>약국</b>', startsAt: '2026-11-26T05:00:00.000Z' });
  });
});

describe('the server’s field refusals are shown under their fields, not as a toast', () => {
  it('in the personal-item form', async () => {
    mockApi({
      [MINE]: () => ({ body: ok([]) }),
      [ADD]: () => ({
        status: 400,
        body: fail(ResultCode.VALIDATION_FAILED, '', {
          fields: [
            { field: 'place', message: '장소를 100자 이하로 입력해 주세요' },
            { field: 'startsAt', message: '일시를 올바르게 입력해 주세요' },
          ],
        }),
      }),
    });
    renderList('/hospital/schedulemanage/list?new=1');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('일정 이름'), '약국');
    const when = screen.getByLabelText('일시 (한국 시간)');
    await user.clear(when);
    await user.type(when, '2026-11-26T14:00');
    await user.click(screen.getByRole('button', { name: '저장' }));
    const place = await screen.findByText('장소를 100자 이하로 입력해 주세요');
    expect(screen.getByLabelText('장소 (선택)')).toHaveAccessibleDescription(
      '장소를 100자 이하로 입력해 주세요',
    );
    expect(place).toBeInTheDocument();
    expect(screen.getByLabelText('일시 (한국 시간)')).toHaveAccessibleDescription(
      '일시를 올바르게 입력해 주세요',
    );
    expect(screen.queryByRole('status')?.textContent ?? '').not.toContain('장소를 100자');
  });

  it('in the change-request form: the note, and a time gone by under the first time', async () => {
    let answer = 0;
    mockApi({
      [ONE]: () => ({ body: ok(appointment()) }),
      [CHANGE]: () =>
        ++answer === 1
          ? {
              status: 400,
              body: fail(ResultCode.VALIDATION_FAILED, '', {
                fields: [{ field: 'note', message: '하고 싶은 말을 300자 이하로 입력해 주세요' }],
              }),
            }
          : {
              status: 409,
              body: fail(ResultCode.APPOINTMENT_PAST, '지난 예약이나 지난 시간으로는 요청할 수 없습니다.'),
            },
    });
    renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '일정 변경 요청' }));
    await user.type(screen.getByLabelText('희망 일시 1'), '2026-12-01T14:00');
    await user.click(screen.getByRole('button', { name: '요청 보내기' }));
    expect(await screen.findByText('하고 싶은 말을 300자 이하로 입력해 주세요')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '요청 보내기' }));
    await vi.waitFor(() => expect(screen.getByLabelText('희망 일시 1')).toHaveAccessibleDescription(/지난/));
    expect(screen.queryByText('하고 싶은 말을 300자 이하로 입력해 주세요')).toBeNull();
  });
});

describe('the appointment detail', () => {
  it('shows the preparation, the history, and sends a change request with preferred times', async () => {
    let current = appointment();
    const api = mockApi({
      [ONE]: () => ({ body: ok(current) }),
      [CHANGE]: () => {
        current = appointment({ status: 'CHANGE_REQUESTED', preferredTimes: ['2026-12-01T05:00:00.000Z'] });
        return { body: ok(current) };
      },
      [MINE]: () => ({ body: ok([]) }),
    });
    renderDetail();
    expect(await screen.findByText('8시간 금식')).toBeInTheDocument();
    expect(screen.getByText('본관 2층 3진료실')).toBeInTheDocument();
    expect(screen.getByText(/병원 담당자 이간호/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '일정 변경 요청' }));
    await user.click(screen.getByRole('button', { name: '요청 보내기' }));
    expect(screen.getByText('희망 일시를 하나 이상 입력해 주세요')).toBeInTheDocument();
    const first = screen.getByLabelText('희망 일시 1');
    await user.type(first, '2026-11-20T10:00');
    await user.click(screen.getByRole('button', { name: '요청 보내기' }));
    expect(screen.getByText('지나간 시간은 고를 수 없습니다')).toBeInTheDocument();
    expect(api.calls(CHANGE)).toBe(0);
    await user.clear(first);
    await user.type(first, '2026-12-01T14:00');
    await user.click(screen.getByRole('button', { name: '요청 보내기' }));
    await vi.waitFor(() => expect(api.calls(CHANGE)).toBe(1));
    expect(api.seen.find((r) => r.method === 'PUT')!.body).toMatchObject({
      idx: 5,
      preferredTimes: ['2026-12-01T05:00:00.000Z'],
    });
    expect(await screen.findByText('변경 요청 중')).toBeInTheDocument();
  });

  it('asks to cancel with the reason the hospital will read; 그대로 두기 sends nothing', async () => {
    let current = appointment();
    const api = mockApi({
      [ONE]: () => ({ body: ok(current) }),
      [CANCEL]: () => {
        current = appointment({ status: 'CANCEL_REQUESTED', requestNote: '입원 일정과 겹칩니다' });
        return { body: ok(current) };
      },
      [MINE]: () => ({ body: ok([]) }),
    });
    renderDetail();
    expect(await screen.findByText('8시간 금식')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '예약 취소 요청' }));
    const form = screen.getByRole('form', { name: '예약 취소 요청' });
    expect(within(form).getByText(/병원이 확인한 뒤 취소됩니다/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: '그대로 두기' }));
    expect(screen.queryByRole('form', { name: '예약 취소 요청' })).not.toBeInTheDocument();
    expect(api.calls(CANCEL)).toBe(0);

    await user.click(screen.getByRole('button', { name: '예약 취소 요청' }));
    await user.type(screen.getByLabelText('취소 사유 (선택)'), '  입원 일정과 겹칩니다 ');
    await user.click(screen.getByRole('button', { name: '취소 요청 보내기' }));
    await vi.waitFor(() => expect(api.calls(CANCEL)).toBe(1));
    expect(api.seen.find((r) => r.method === 'PUT')!.body).toEqual({ idx: 5, note: '입원 일정과 겹칩니다' });
    expect(await screen.findByText('병원이 요청을 확인하고 있습니다.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '예약 취소 요청' })).not.toBeInTheDocument();
  });

  it('shows a refused cancel reason under its field and keeps what was typed', async () => {
    const api = mockApi({
      [ONE]: () => ({ body: ok(appointment()) }),
      [CANCEL]: () => ({
        status: 400,
        body: fail(ResultCode.VALIDATION_FAILED, '', {
          fields: [{ field: 'note', message: '300자 이하로 입력해 주세요' }],
        }),
      }),
      [MINE]: () => ({ body: ok([]) }),
    });
    renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '예약 취소 요청' }));
    await user.type(screen.getByLabelText('취소 사유 (선택)'), '사정이 생겼습니다');
    await user.click(screen.getByRole('button', { name: '취소 요청 보내기' }));
    expect(await screen.findByText('300자 이하로 입력해 주세요')).toBeInTheDocument();
    expect(screen.getByLabelText('취소 사유 (선택)')).toHaveValue('사정이 생겼습니다');
    expect(api.calls(CANCEL)).toBe(1);
  });

  it('offers to rate an outpatient visit once it is 완료, and only then', async () => {
    let current = appointment();
    mockApi({ [ONE]: () => ({ body: ok(current) }) });
    const { unmount } = renderDetail();
    expect(await screen.findByText('8시간 금식')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '이 진료 평가하기' })).not.toBeInTheDocument();
    unmount();
    current = appointment({ status: 'COMPLETED' });
    renderDetail();
    const rate = await screen.findByRole('link', { name: '이 진료 평가하기' });
    expect(rate).toHaveAttribute('href', expect.stringContaining('/hospital/rate?kind=APPOINTMENT&idx=5'));
  });

  it('shows the hospital’s answer as text, and no request buttons while one is open', async () => {
    mockApi({
      [ONE]: () => ({
        body: ok(appointment({ status: 'CANCEL_REQUESTED', reason: '<img src=x onerror=alert(1)>' })),
      }),
    });
    renderDetail();
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByText('병원이 요청을 확인하고 있습니다.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '일정 변경 요청' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '휴대폰 캘린더에 추가 (.ics)' })).toBeInTheDocument();
  });

  it('says when the appointment does not exist', async () => {
    mockApi({ [ONE]: () => ({ status: 404, body: fail(ResultCode.NOT_FOUND) }) });
    renderDetail();
    expect(await screen.findByText('찾을 수 없는 일정입니다.')).toBeInTheDocument();
  });
});
