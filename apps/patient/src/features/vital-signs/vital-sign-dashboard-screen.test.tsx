import { apiPaths } from '@smartcare/contract/api-paths';
import { classify, type VitalSign, type VitalSignKind } from '@smartcare/contract/vital-signs';
import { screen, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/session';
import { fail, ok } from '../../testing/factories';
import { mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import { VitalSignDashboardScreen } from './vital-sign-dashboard-screen';

const DASHBOARD = `GET ${apiPaths.vitalSign.getDashboard}`;
const DAY = 86_400_000;

function reading(kind: VitalSignKind, value: number, value2: number | null, agoMs: number): VitalSign {
  const values = { kind, value, value2, context: null };
  return {
    idx: 1,
    ...values,
    loinc: '',
    unit: '',
    effectiveAt: new Date(Date.now() - agoMs).toISOString(),
    effectiveEnd: null,
    source: 'MANUAL',
    editable: true,
    judgement: classify(values),
    target: null,
  };
}

const week = [
  { day: '2026-11-20', value: 150, value2: 95 },
  { day: '2026-11-21', value: 142, value2: 91 },
];

function renderDashboard() {
  return renderScreen(<VitalSignDashboardScreen />, { path: '/homecare/mystatus/dashboard' });
}

beforeEach(() => {
  session.setTokens({ accessToken: 'a', refreshToken: 'r' });
});

describe('the vital-signs dashboard', () => {
  it('shows each kind’s latest reading with its class in words, how stale it is, a trend and a way to record', async () => {
    mockApi({
      [DASHBOARD]: () => ({
        body: ok({
          kinds: [
            { kind: 'TEMPERATURE', latest: reading('TEMPERATURE', 36.6, null, 60_000), week: [] },
            { kind: 'BLOOD_PRESSURE', latest: reading('BLOOD_PRESSURE', 145, 92, 3 * DAY + 1000), week },
            { kind: 'SPO2', latest: null, week: [] },
          ],
        }),
      }),
    });
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: '나의 건강 상태' })).toBeInTheDocument();
    const bp = (await screen.findByRole('heading', { name: '혈압' })).closest('li')!;
    expect(within(bp).getByText('145/92 mmHg')).toBeInTheDocument();
    expect(within(bp).getByText('고혈압 1기')).toHaveClass('vital-level-concern');
    expect(within(bp).getByText('마지막 기록: 3일 전')).toBeInTheDocument();
    expect(
      within(bp).getByRole('img', { name: '최근 7일 하루 평균: 11/20 150/95, 11/21 142/91' }),
    ).toBeInTheDocument();
    expect(within(bp).getByRole('link', { name: '혈압 기록하기' })).toHaveAttribute(
      'href',
      '/homecare/mystatus/bloodpressure/regist',
    );

    const temp = screen.getByRole('heading', { name: '체온' }).closest('li')!;
    expect(within(temp).getByText('정상')).toBeInTheDocument();
    expect(within(temp).getByText(/^마지막 기록: 2026|^마지막 기록: \d/)).toBeInTheDocument();
    expect(within(temp).queryByText(/일 전/)).not.toBeInTheDocument();

    expect(within(bp).getByRole('link', { name: '혈압 자세히 보기' })).toHaveAttribute(
      'href',
      '/homecare/mystatus/bloodpressure/detail',
    );

    // SpO2 comes from the phone: no register screen (it is added on its detail screen), and nothing yet.
    const spo2 = screen.getByRole('heading', { name: '산소포화도' }).closest('li')!;
    expect(within(spo2).getByText('아직 기록이 없습니다.')).toBeInTheDocument();
    expect(
      within(spo2)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/homecare/mystatus/spo2/detail']);
    expect(screen.getByRole('button', { name: '내려받기' })).toBeInTheDocument();
  });

  it('says so when nothing is recorded yet', async () => {
    mockApi({
      [DASHBOARD]: () => ({ body: ok({ kinds: [{ kind: 'TEMPERATURE', latest: null, week: [] }] }) }),
    });
    renderDashboard();
    expect(await screen.findByText(/아직 기록한 건강 상태가 없습니다/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '체온 기록하기' })).toBeInTheDocument();
  });

  it('shows an error with a way to try again', async () => {
    const api = mockApi({
      [DASHBOARD]: (_r, n) =>
        n === 1 ? { status: 500, body: fail(500, '서버 오류') } : { body: ok({ kinds: [] }) },
    });
    renderDashboard();
    await userEvent.setup().click(await screen.findByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText(/아직 기록한 건강 상태가 없습니다/)).toBeInTheDocument();
    expect(api.calls(DASHBOARD)).toBe(2);
  });
});
