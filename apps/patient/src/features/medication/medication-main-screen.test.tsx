import { apiPaths } from '@smartcare/contract/api-paths';
import type { Dose, Medication } from '@smartcare/contract/medication';
import { ResultCode } from '@smartcare/contract/result-codes';
import { screen, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/session';
import { fail, ok } from '../../testing/factories';
import { mockApi } from '../../testing/mock-api';
import { createTestRealtime, withRealtime } from '../../testing/realtime-fakes';
import { renderScreen } from '../../testing/render';
import { MedicationMainScreen } from './medication-main-screen';
import { TodayDosesSummary } from './today-doses-summary';

const DOSES = `GET ${apiPaths.medication.getDoses}`;
const LIST = `GET ${apiPaths.medication.getMyMedications}`;
const TAKE = `PUT ${apiPaths.medication.takeDose}`;
const ADD = `POST ${apiPaths.medication.add}`;
const SEARCH = `GET ${apiPaths.medication.searchMedicine}`;

const medication: Medication = {
  idx: 3,
  patientIdx: 7,
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
  stock: 4,
  refillThreshold: 3,
  dosesLeft: 3,
  refillDue: true,
  prescribedBy: '',
  byStaff: false,
  status: 'ACTIVE',
  stoppedAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
};

const dose = (overrides: Partial<Dose>): Dose => ({
  idx: 1,
  medicationIdx: 3,
  medicationName: '노바스크정5밀리그램',
  strength: '5mg',
  form: 'TABLET',
  dosePerIntake: 1,
  meal: 'AFTER_MEAL',
  scheduledAt: '2026-11-24T23:00:00.000Z',
  status: 'PENDING',
  takenAt: null,
  late: false,
  skipReason: null,
  snoozedUntil: null,
  dueNow: false,
  takeable: false,
  ...overrides,
});

let rt: ReturnType<typeof createTestRealtime>;
const renderMain = () =>
  renderScreen(withRealtime(rt, <MedicationMainScreen />), { path: '/homecare/medication/main' });

beforeEach(() => {
  session.setTokens({ accessToken: 'a', refreshToken: 'r' });
  rt = createTestRealtime();
});

describe('the medication main screen', () => {
  it('with no medicine, says so and leads to adding one', async () => {
    mockApi({ [DOSES]: () => ({ body: ok([]) }), [LIST]: () => ({ body: ok([]) }) });
    renderMain();
    expect(await screen.findByText('등록된 약이 없습니다.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '약 추가하기' }));
    expect(screen.getByRole('heading', { level: 1, name: '약 추가' })).toBeInTheDocument();
  });

  it('groups today by time of day, makes the due dose stand out, and a double tap records one intake', async () => {
    let taken = false;
    const api = mockApi({
      [DOSES]: () => ({
        body: ok([
          dose({
            idx: 1,
            dueNow: !taken,
            takeable: !taken,
            status: taken ? 'TAKEN' : 'PENDING',
            takenAt: taken ? '2026-11-24T23:05:00.000Z' : null,
          }),
          dose({ idx: 2, scheduledAt: '2026-11-25T11:00:00.000Z' }),
        ]),
      }),
      [LIST]: () => ({ body: ok([medication]) }),
      [TAKE]: () => {
        taken = true;
        return { body: ok(dose({ idx: 1, status: 'TAKEN', takenAt: '2026-11-24T23:05:00.000Z' })) };
      },
    });
    renderMain();
    const morning = (await screen.findByRole('heading', { name: '아침' })).closest('section')!;
    expect(screen.getByRole('heading', { name: '저녁' })).toBeInTheDocument();
    expect(within(morning).getByText('지금 드실 시간입니다')).toBeInTheDocument();
    expect(within(morning).getByRole('button', { name: '15분 뒤 알림' })).toBeInTheDocument();
    expect(within(morning).getByRole('button', { name: '건너뛰기' })).toBeInTheDocument();
    // The refill warning shows on the medicine list, in words.
    expect(screen.getByText('약이 3회분 남았습니다. 약을 보충해 주세요.')).toBeInTheDocument();
    const take = within(morning).getByRole('button', { name: '복용 완료' });
    await userEvent.dblClick(take);
    expect(await screen.findByText('복용을 기록했습니다.')).toBeInTheDocument();
    expect(api.calls(TAKE)).toBe(1);
    expect(await within(morning).findByText(/복용 완료 /)).toBeInTheDocument();
  });

  it('skips a dose with the reason typed in the dialog, and says the reason afterwards', async () => {
    let skipped: string | null = null;
    const api = mockApi({
      [DOSES]: () => ({
        body: ok([
          skipped === null
            ? dose({ idx: 1, dueNow: true, takeable: true })
            : dose({ idx: 1, status: 'SKIPPED', skipReason: skipped }),
        ]),
      }),
      [LIST]: () => ({ body: ok([medication]) }),
      [`PUT ${apiPaths.medication.skipDose}`]: (request) => {
        skipped = (request.body as { reason?: string }).reason ?? '';
        return { body: ok(dose({ idx: 1, status: 'SKIPPED', skipReason: skipped })) };
      },
    });
    renderMain();
    // The dialog's mask blocks pointer events while it animates in (antd-mobile).
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByRole('button', { name: '건너뛰기' }));
    await user.type(await screen.findByLabelText('건너뛰는 이유 (선택)'), ' 속이 불편해서 ');
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '건너뛰기' }));
    expect(await screen.findByText('이번 복용을 건너뛰었습니다.')).toBeInTheDocument();
    expect(api.seen.find((r) => r.method === 'PUT')?.body).toEqual({ doseIdx: 1, reason: '속이 불편해서' });
    expect(await screen.findByText('건너뜀 · 속이 불편해서')).toBeInTheDocument();
  });

  it('shows the server’s reason when a dose cannot be taken yet', async () => {
    mockApi({
      [DOSES]: () => ({ body: ok([dose({ dueNow: true, takeable: true })]) }),
      [LIST]: () => ({ body: ok([medication]) }),
      [TAKE]: () => ({
        status: 409,
        body: fail(ResultCode.MEDICATION_DOSE_TOO_EARLY, '아직 복용 시간이 아닙니다.'),
      }),
    });
    renderMain();
    await userEvent.click(await screen.findByRole('button', { name: '복용 완료' }));
    expect(await screen.findByText(/아직 복용 시간이 아닙니다/)).toBeInTheDocument();
  });

  it('shows an error with a retry when today cannot be loaded', async () => {
    mockApi({
      [DOSES]: () => ({ status: 500, body: fail(ResultCode.SERVER_ERROR) }),
      [LIST]: () => ({ body: ok([]) }),
    });
    renderMain();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });

  it('the add form says what is wrong per field in Korean and sends nothing', async () => {
    const api = mockApi({ [DOSES]: () => ({ body: ok([]) }), [LIST]: () => ({ body: ok([]) }) });
    renderMain();
    await userEvent.click(await screen.findByRole('button', { name: '약 추가하기' }));
    await userEvent.clear(screen.getByLabelText('1회 복용량 (정)'));
    await userEvent.click(screen.getByRole('checkbox', { name: '계속 복용 (종료일 없음)' }));
    await userEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(screen.getAllByText('값을 입력해 주세요.').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('0보다 큰 숫자로 입력해 주세요.')).toBeInTheDocument();
    expect(api.calls(ADD)).toBe(0);
  });
});

describe('the medicine search in the add form', () => {
  const found = {
    code: 'KR100',
    name: '타이레놀정500밀리그람',
    ingredient: '아세트아미노펜',
    form: 'TABLET' as const,
    strength: '500mg',
  };

  it('says it is searching while the list is asked, then shows the results', async () => {
    let answer: (() => void) | null = null;
    mockApi({
      [DOSES]: () => ({ body: ok([]) }),
      [LIST]: () => ({ body: ok([]) }),
      [SEARCH]: () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: ok([found]) });
        }),
    });
    renderMain();
    await userEvent.click(await screen.findByRole('button', { name: '약 추가하기' }));
    await userEvent.click(screen.getByLabelText('약 이름'));
    await userEvent.paste('ㅌㅇㄹㄴ');
    expect(await screen.findByRole('status')).toHaveTextContent('약 목록을 검색하는 중입니다…');
    answer!();
    expect(await screen.findByRole('button', { name: /타이레놀정500밀리그람/ })).toBeInTheDocument();
    expect(screen.queryByText('약 목록을 검색하는 중입니다…')).not.toBeInTheDocument();
  });

  it('when the search fails, says so (not "no such medicine") with a way to search again', async () => {
    const api = mockApi({
      [DOSES]: () => ({ body: ok([]) }),
      [LIST]: () => ({ body: ok([]) }),
      [SEARCH]: (_, n) =>
        n === 1 ? { status: 500, body: fail(ResultCode.SERVER_ERROR) } : { body: ok([found]) },
    });
    renderMain();
    await userEvent.click(await screen.findByRole('button', { name: '약 추가하기' }));
    await userEvent.click(screen.getByLabelText('약 이름'));
    await userEvent.paste('ㅌㅇㄹㄴ');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '약 목록을 불러오지 못했습니다. 다시 검색하거나 약 이름을 그대로 입력해 저장할 수 있습니다.',
    );
    expect(screen.queryByText('목록에 없는 약은 그대로 입력해 저장할 수 있습니다.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '다시 검색' }));
    expect(await screen.findByRole('button', { name: /타이레놀정500밀리그람/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.calls(SEARCH)).toBe(2);
  });
});

describe("today's doses on the health dashboard", () => {
  it('counts what is taken, calls out what is due now and what was missed, and leads to the main screen', async () => {
    mockApi({
      [DOSES]: () => ({
        body: ok([
          dose({ idx: 1, status: 'TAKEN' }),
          dose({ idx: 2, status: 'MISSED' }),
          dose({ idx: 3, status: 'PENDING', dueNow: true, takeable: true }),
          dose({ idx: 4, status: 'PENDING' }),
        ]),
      }),
    });
    renderScreen(<TodayDosesSummary />, { path: '/homecare/mystatus/dashboard' });
    const summary = await screen.findByRole('region', { name: '오늘의 복약' });
    expect(await within(summary).findByText(/오늘 4번 중 1번 복용했습니다\./)).toBeInTheDocument();
    expect(within(summary).getByText(/지금 먹을 약이 1번 있습니다\./)).toBeInTheDocument();
    expect(within(summary).getByText(/놓친 약 1번\./)).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: '복약 관리로 가기' })).toHaveAttribute(
      'href',
      expect.stringContaining('/homecare/medication/main'),
    );
  });

  it('says when there is nothing to take today, and offers a retry when the doses cannot be read', async () => {
    mockApi({ [DOSES]: () => ({ body: ok([]) }) });
    const { unmount } = renderScreen(<TodayDosesSummary />, { path: '/homecare/mystatus/dashboard' });
    expect(await screen.findByText('오늘 먹을 약이 없습니다.')).toBeInTheDocument();
    unmount();
    mockApi({ [DOSES]: () => ({ status: 500, body: fail(ResultCode.SERVER_ERROR) }) });
    renderScreen(<TodayDosesSummary />, { path: '/homecare/mystatus/dashboard' });
    expect(await screen.findByRole('button', { name: /다시 시도/ })).toBeInTheDocument();
  });
});
