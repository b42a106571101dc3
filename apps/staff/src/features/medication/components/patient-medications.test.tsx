import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Dose, Medication, PatientMedications as Overview } from '@smartcare/contract/medication';
import { ResultCode } from '@smartcare/contract/result-codes';
import { fail, ok, type FakeRequest } from '../../../testing/fake-server';
import { renderConsole } from '../../../testing/render';
import { PatientMedications } from './patient-medications';

const medication = (overrides: Partial<Medication> = {}): Medication => ({
  idx: 5,
  patientIdx: 9,
  name: '노바스크정5밀리그램',
  medicineCode: 'KR001',
  strength: '5mg',
  form: 'TABLET',
  dosePerIntake: 1,
  times: ['08:00', '20:00'],
  everyHours: null,
  daysOfWeek: [],
  meal: 'AFTER_MEAL',
  startDate: '2026-11-01',
  endDate: null,
  instructions: '',
  stock: 3,
  refillThreshold: 3,
  dosesLeft: 3,
  refillDue: true,
  prescribedBy: '한간호',
  byStaff: true,
  status: 'ACTIVE',
  stoppedAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

const missedDose: Dose = {
  idx: 77,
  medicationIdx: 5,
  medicationName: '노바스크정5밀리그램',
  strength: '5mg',
  form: 'TABLET',
  dosePerIntake: 1,
  meal: 'AFTER_MEAL',
  scheduledAt: '2026-11-24T23:00:00.000Z',
  status: 'MISSED',
  takenAt: null,
  late: false,
  skipReason: null,
  snoozedUntil: null,
  dueNow: false,
  takeable: true,
};

const overview = (medications: Medication[]): Overview => ({
  patientName: '최복약',
  medications,
  rate7: 0.857,
  rate30: null,
  missed: [missedDose],
});

describe("a home-care patient's medications (issue 15)", () => {
  it('shows adherence, the missed doses and the refill state; stops a medicine after confirming', async () => {
    const calls: FakeRequest[] = [];
    let list = [medication()];
    renderConsole(<PatientMedications patientIdx={9} />, {
      routes: {
        'GET /medication/getPatientMedications': () => ok(overview(list)),
        'PUT /medication/stopForPatient': (request) => {
          calls.push(request);
          list = [medication({ status: 'STOPPED' })];
          return ok(list[0]);
        },
      },
    });
    expect(await screen.findByText('86%')).toBeInTheDocument();
    expect(screen.getByText('기록 없음')).toBeInTheDocument();
    expect(screen.getByText('3회분 남음 (보충 필요)')).toBeInTheDocument();
    // Once in the medicines' table, once in the missed doses' table.
    expect(screen.getAllByText('노바스크정5밀리그램 5mg')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: '놓친 복용 (최근 30일)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '노바스크정5밀리그램 복용 중지' }));
    await userEvent.click(await screen.findByRole('button', { name: '중지' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ idx: 5 });
    expect(await screen.findByText('중지됨')).toBeInTheDocument();
  });

  it(
    'prescribing checks each field in Korean before anything is sent, then sends the prescription',
    { timeout: 60_000 },
    async () => {
      const calls: FakeRequest[] = [];
      renderConsole(<PatientMedications patientIdx={9} />, {
        routes: {
          'GET /medication/getPatientMedications': () => ok(overview([])),
          'POST /medication/prescribe': (request) => {
            calls.push(request);
            return ok(medication({ idx: 6 }));
          },
        },
      });
      await userEvent.click(await screen.findByRole('button', { name: '약 처방' }));
      const dialog = await screen.findByRole('dialog');
      await userEvent.clear(within(dialog).getByLabelText('복용 시각'));
      await userEvent.type(within(dialog).getByLabelText('복용 시각'), '25:00');
      await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
      expect(await within(dialog).findByText('값을 입력해 주세요.')).toBeInTheDocument();
      expect(within(dialog).getByText('시각을 08:00, 20:00 형식으로 입력해 주세요.')).toBeInTheDocument();
      expect(calls).toHaveLength(0);

      await userEvent.type(within(dialog).getByLabelText('약 이름'), '자누비아');
      await userEvent.clear(within(dialog).getByLabelText('복용 시각'));
      await userEvent.type(within(dialog).getByLabelText('복용 시각'), '08:00, 20:00');
      await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
      await waitFor(() => expect(calls).toHaveLength(1));
      expect(calls[0]!.body).toMatchObject({
        patientIdx: 9,
        medication: {
          name: '자누비아',
          times: ['08:00', '20:00'],
          form: 'TABLET',
          dosePerIntake: 1,
        },
      });
    },
  );

  it('says when the patient is not one of the hospital’s', async () => {
    renderConsole(<PatientMedications patientIdx={9} />, {
      routes: {
        'GET /medication/getPatientMedications': () => fail(ResultCode.NOT_FOUND, '찾을 수 없습니다.', 404),
      },
    });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
