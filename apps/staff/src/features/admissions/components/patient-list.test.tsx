import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Admission, AdmissionPatient } from '@smartcare/contract/admission';
import { ResultCode } from '@smartcare/contract/result-codes';
import { fail, ok, type FakeRequest } from '../../../testing/fake-server';
import { renderConsole } from '../../../testing/render';
import { PatientList } from './patient-list';

const admission = (overrides: Partial<Admission> = {}): Admission => ({
  idx: 31,
  patientIdx: 2,
  hospitalIdx: 1,
  hospitalName: '스마트병원 서울본원',
  patientName: '김하늘',
  ward: '7병동',
  bed: '703-2',
  identityConfirmedAt: '2026-11-20T01:00:00.000Z',
  admittedAt: '2026-11-20T01:00:00.000Z',
  dischargedAt: null,
  ...overrides,
});

const patient = (overrides: Partial<AdmissionPatient> = {}): AdmissionPatient => ({
  patientIdx: 1,
  name: '박재택',
  birthDate: '1949-11-02',
  sex: 'M',
  areas: ['HOMECARE'],
  admission: null,
  ...overrides,
});

describe('the patient list (issue 10)', () => {
  it('searches by name or number and admits with ward, bed and the identity check', async () => {
    const calls: FakeRequest[] = [];
    let list = [
      patient({ patientIdx: 2, name: '김하늘', sex: 'F', areas: ['HOSPITAL'], admission: admission() }),
      patient(),
    ];
    renderConsole(<PatientList />, {
      routes: {
        'GET /admission/getPatients': (request) => {
          calls.push(request);
          const keyword = request.query.get('keyword');
          return ok(
            keyword ? list.filter((p) => p.name.includes(keyword) || String(p.patientIdx) === keyword) : list,
          );
        },
        'POST /admission/admit': (request) => {
          calls.push(request);
          const next = admission({
            idx: 32,
            patientIdx: 1,
            ward: '8병동',
            bed: '801-1',
            identityConfirmedAt: null,
          });
          list = list.map((p) => (p.patientIdx === 1 ? { ...p, admission: next } : p));
          return ok(next);
        },
        'PUT /admission/moveBed': (request) => {
          calls.push(request);
          return ok(admission({ bed: '705-1' }));
        },
        'PUT /admission/discharge': (request) => {
          calls.push(request);
          return ok(admission({ dischargedAt: new Date().toISOString() }));
        },
      },
    });
    const user = userEvent.setup();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('7병동 703-2')).toBeInTheDocument();
    expect(within(table).getByText('입원 정보 없음')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: '이름 또는 환자번호로 검색' }), '박재택{Enter}');
    await waitFor(() =>
      expect(within(screen.getByRole('table')).queryByText('김하늘')).not.toBeInTheDocument(),
    );
    expect(calls.at(-1)!.query.get('keyword')).toBe('박재택');

    // Admit: ward and bed are required; the identity check is the nurse's own statement.
    await user.click(screen.getByRole('button', { name: '박재택 님 입원 등록' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    // antd shows each field's message as its own validation settles: wait for both.
    await waitFor(() => expect(within(dialog).getAllByText('입력해 주세요.')).toHaveLength(2));
    await user.type(within(dialog).getByLabelText('병동'), '8병동');
    await user.type(within(dialog).getByLabelText('병상'), '801-1');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await screen.findByText('입원을 등록했습니다.')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/admission/admit'))!.body).toEqual({
      patientIdx: 1,
      patientName: '박재택',
      ward: '8병동',
      bed: '801-1',
      identityConfirmed: false,
    });
    expect(await within(screen.getByRole('table')).findByText('8병동 801-1')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByText('신원 미확인')).toBeInTheDocument();
  });

  it('moves an admitted patient to another bed', async () => {
    let moved: unknown = null;
    renderConsole(<PatientList />, {
      routes: {
        'GET /admission/getPatients': () =>
          ok([patient({ patientIdx: 2, name: '김하늘', areas: ['HOSPITAL'], admission: admission() })]),
        'PUT /admission/moveBed': (request) => {
          moved = request.body;
          return ok(admission({ ward: '8병동', bed: '805-1' }));
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '김하늘 님 병상 이동' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('병상')).toHaveValue('703-2');
    await user.clear(within(dialog).getByLabelText('병동'));
    await user.type(within(dialog).getByLabelText('병동'), '8병동');
    await user.clear(within(dialog).getByLabelText('병상'));
    await user.type(within(dialog).getByLabelText('병상'), '805-1');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await screen.findByText('병상을 옮겼습니다.')).toBeInTheDocument();
    expect(moved).toEqual({ admissionIdx: 31, ward: '8병동', bed: '805-1' });
  });

  it('asks before discharging and says what the server refused', async () => {
    renderConsole(<PatientList />, {
      routes: {
        'GET /admission/getPatients': () =>
          ok([patient({ patientIdx: 2, name: '김하늘', areas: ['HOSPITAL'], admission: admission() })]),
        'PUT /admission/discharge': () =>
          fail(ResultCode.ADMISSION_CLOSED, '이미 퇴원 처리된 입원 기록입니다.', 409),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '김하늘 님 퇴원' }));
    expect(await screen.findByText(/김하늘 님을 퇴원 처리할까요/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '퇴원' }));
    expect(await screen.findByText(/처리하지 못했습니다/)).toBeInTheDocument();
  });

  it('shows the error state with a retry', async () => {
    renderConsole(<PatientList />, {
      routes: { 'GET /admission/getPatients': () => fail(ResultCode.SERVER_ERROR, '', 500) },
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    renderConsole(<PatientList />, { routes: { 'GET /admission/getPatients': () => ok([]) } });
    expect(await screen.findByText('환자가 없습니다.')).toBeInTheDocument();
  });
});
