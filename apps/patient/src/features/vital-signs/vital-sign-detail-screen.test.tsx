import { apiPaths } from '@smartcare/contract/api-paths';
import {
  classify,
  type VitalSign,
  type VitalSignKind,
  type VitalSignSummary,
} from '@smartcare/contract/vital-signs';
import { screen, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { fail, ok } from '../../testing/factories';
import { mockApi, type SeenRequest } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import type { DetailKind } from './register-paths';
import { periodOf, VitalSignDetailScreen } from './vital-sign-detail-screen';

// The canvas chart has no pixels in jsdom: the test sees what it was given instead.
vi.mock('./trend-chart', () => ({
  default: (props: { times: number[]; bands: unknown[]; targetLines: number[] }) => (
    <div
      data-testid="chart"
      data-points={props.times.length}
      data-bands={JSON.stringify(props.bands)}
      data-targets={JSON.stringify(props.targetLines)}
    />
  ),
}));

const READINGS = `GET ${apiPaths.vitalSign.getReadings}`;
const SUMMARY = `GET ${apiPaths.vitalSign.getSummary}`;
const TARGETS = `GET ${apiPaths.vitalSign.getMyTargets}`;
const UPDATE = `PUT ${apiPaths.vitalSign.update}`;
const DELETE = `DELETE ${apiPaths.vitalSign.delete}`;
const RECORD = `POST ${apiPaths.vitalSign.record}`;

function reading(
  idx: number,
  kind: VitalSignKind,
  value: number,
  value2: number | null = null,
  extra: Partial<VitalSign> = {},
): VitalSign {
  const values = { kind, value, value2, context: extra.context ?? null };
  return {
    idx,
    ...values,
    loinc: '',
    unit: '',
    effectiveAt: '2026-11-24T01:00:00.000Z',
    effectiveEnd: null,
    source: 'MANUAL',
    editable: true,
    judgement: classify(values),
    target: null,
    ...extra,
  };
}

function summaryOf(kind: VitalSignKind, readings: VitalSign[]): VitalSignSummary {
  const values = readings.map((r) => r.value);
  const n = readings.length;
  return {
    kind,
    from: '2026-11-18T00:00:00.000Z',
    to: '2026-11-25T00:00:00.000Z',
    count: n,
    average: n ? values.reduce((a, b) => a + b, 0) / n : null,
    average2: kind === 'BLOOD_PRESSURE' && n ? readings.reduce((a, r) => a + (r.value2 ?? 0), 0) / n : null,
    min: n ? Math.min(...values) : null,
    max: n ? Math.max(...values) : null,
    bucketSeconds: 0,
    series: [...readings].reverse().map((r) => ({
      at: r.effectiveAt,
      value: r.value,
      value2: r.value2,
      min: r.value,
      max: r.value,
      count: 1,
    })),
  };
}

function serve(kind: VitalSignKind, readings: VitalSign[], more: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [TARGETS]: () => ({ body: ok([]) }),
    [SUMMARY]: (r) => ({
      body: ok(summaryOf(r.query.get('kind') as VitalSignKind, r.query.get('kind') === kind ? readings : [])),
    }),
    [READINGS]: (r) => {
      const list = r.query.get('kind') === kind ? readings : [];
      return { body: ok({ dataList: list, totalCount: list.length, pNum: 1, pSize: 20 }) };
    },
    ...more,
  });
}

function renderDetail(kind: DetailKind) {
  return renderScreen(<VitalSignDetailScreen kind={kind} />, { path: '/homecare/mystatus/x/detail' });
}

beforeEach(() => {
  session.setTokens({ accessToken: 'a', refreshToken: 'r' });
});

describe('periodOf', () => {
  it('covers whole local days ending at tonight’s midnight', () => {
    const now = new Date(2026, 10, 24, 15, 30);
    const week = periodOf('week', now);
    expect(new Date(week.to)).toEqual(new Date(2026, 10, 25));
    expect(new Date(week.from)).toEqual(new Date(2026, 10, 18));
    expect(new Date(periodOf('day', now).from)).toEqual(new Date(2026, 10, 24));
    expect(new Date(periodOf('year', now).from)).toEqual(new Date(2025, 10, 25));
  });
});

describe('a vital sign’s detail screen', () => {
  it('shows the period’s figures, the chart with its normal band and a table, the readings and the ranges', async () => {
    const api = serve('BLOOD_PRESSURE', [
      reading(2, 'BLOOD_PRESSURE', 145, 92, { effectiveAt: '2026-11-24T01:00:00.000Z' }),
      reading(1, 'BLOOD_PRESSURE', 118, 76, {
        effectiveAt: '2026-11-23T01:00:00.000Z',
        source: 'HEALTH_CONNECT',
        editable: false,
      }),
    ]);
    renderDetail('BLOOD_PRESSURE');
    expect(screen.getByRole('heading', { level: 1, name: '혈압 자세히 보기' })).toBeInTheDocument();
    expect(await screen.findByText('132/84 mmHg')).toBeInTheDocument(); // the averages
    expect(screen.getByText('2회')).toBeInTheDocument();
    const chart = await screen.findByTestId('chart');
    expect(chart).toHaveAttribute('data-points', '2');
    expect(JSON.parse(chart.getAttribute('data-bands')!)).toEqual([
      { low: 90, high: 120 },
      { low: 60, high: 80 },
    ]);
    const table = screen.getByRole('table', { name: '혈압 그래프의 값' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    const list = screen.getByRole('heading', { name: /혈압 기록/ }).closest('section')!;
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]!).getByText('145/92 mmHg')).toBeInTheDocument();
    expect(within(items[0]!).getByText('고혈압 1기')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('button', { name: /수정/ })).toBeInTheDocument();
    // A reading from the phone is shown but not the patient's to change.
    expect(within(items[1]!).getByText('휴대폰 건강 앱 (Health Connect)')).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('button')).not.toBeInTheDocument();

    expect(screen.getByText('120/80 mmHg 미만: 정상')).toBeInTheDocument();
    expect(screen.getByText(/판정 기준: 대한고혈압학회/)).toBeInTheDocument();

    // A year: the summary asks for 365 days.
    await userEvent.setup().click(screen.getByRole('button', { name: '1년' }));
    await vi.waitFor(() => expect(api.calls(SUMMARY)).toBe(2));
    const asked = api.seen.filter((r: SeenRequest) => `${r.method} ${r.path}` === SUMMARY).at(-1)!;
    const days = (Date.parse(asked.query.get('to')!) - Date.parse(asked.query.get('from')!)) / 86_400_000;
    expect(Math.round(days)).toBe(365);
  });

  it('corrects a reading with the register form’s checks: an impossible value is refused and nothing is sent', async () => {
    const api = serve(
      'TEMPERATURE',
      [reading(7, 'TEMPERATURE', 36.5, null, { context: 'EAR', effectiveAt: '2026-11-24T01:00:37.123Z' })],
      {
        [UPDATE]: () => ({
          body: ok({ readings: [reading(7, 'TEMPERATURE', 37.2, null, { context: 'EAR' })] }),
        }),
      },
    );
    renderDetail('TEMPERATURE');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /수정/ }));
    const field = screen.getByLabelText('체온 (°C)');
    expect(field).toHaveValue('36.5');
    await user.clear(field);
    await user.type(field, '47');
    await user.click(screen.getByRole('button', { name: '수정 저장하기' }));
    expect(await screen.findByText('체온은 30~45 °C 사이로 입력해 주세요')).toBeInTheDocument();
    expect(api.calls(UPDATE)).toBe(0);

    await user.clear(field);
    await user.type(field, '37.2');
    await user.click(screen.getByRole('button', { name: '수정 저장하기' }));
    await vi.waitFor(() => expect(api.calls(UPDATE)).toBe(1));
    const sent = api.seen.find((r: SeenRequest) => r.method === 'PUT')!.body as {
      idx: number;
      reading: { kind: string; temperatureC: number; site: string };
    };
    expect(sent.idx).toBe(7);
    // The time, shown to the minute and left as it was, keeps its stored seconds.
    expect(sent.reading).toMatchObject({
      kind: 'TEMPERATURE',
      temperatureC: 37.2,
      site: 'EAR',
      effectiveAt: '2026-11-24T01:00:37.123Z',
    });
  });

  it('deletes a reading only after the patient confirms', async () => {
    const api = serve('HEART_RATE', [reading(9, 'HEART_RATE', 72)], {
      [DELETE]: () => ({ body: ok({}) }),
    });
    renderDetail('HEART_RATE');
    // antd-mobile's dialog keeps pointer-events off while it animates; jsdom never finishes that.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByRole('button', { name: /삭제/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/72회\/분/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls(DELETE)).toBe(0);

    await user.click(screen.getByRole('button', { name: /72회\/분.*삭제/ }));
    // The first dialog may still be in the document, closing: wait for the new one (taking the
    // last dialog at once could click the closed one's button on a busy machine).
    const again = await vi.waitFor(
      () => {
        const fresh = screen.getAllByRole('dialog').find((candidate) => candidate !== dialog);
        if (!fresh) throw new Error('the second dialog is not open yet');
        return fresh;
      },
      { timeout: 5000 },
    );
    await user.click(within(again).getByRole('button', { name: '삭제' }));
    await vi.waitFor(() => expect(api.calls(DELETE)).toBe(1), { timeout: 5000 });
    expect(api.seen.find((r: SeenRequest) => r.method === 'DELETE')!.body).toEqual({ idx: 9 });
  });

  it('lets the patient add an SpO2 reading by hand and tells what to do when it is urgent', async () => {
    const api = serve('SPO2', [], {
      [RECORD]: () => ({ body: ok({ readings: [reading(3, 'SPO2', 90)] }) }),
    });
    renderDetail('SPO2');
    const user = userEvent.setup();
    expect(await screen.findByText('이 기간에 산소포화도 기록이 없습니다.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '산소포화도 직접 추가하기' }));
    await user.type(screen.getByLabelText('산소포화도 (%)'), '40');
    await user.click(screen.getByRole('button', { name: '저장하기' }));
    expect(await screen.findByText('산소포화도는 50~100 % 사이로 입력해 주세요')).toBeInTheDocument();
    expect(api.calls(RECORD)).toBe(0);
    await user.clear(screen.getByLabelText('산소포화도 (%)'));
    await user.type(screen.getByLabelText('산소포화도 (%)'), '90');
    await user.click(screen.getByRole('button', { name: '저장하기' }));
    expect(await screen.findByText('지금 바로 조치가 필요한 수치입니다')).toBeInTheDocument();
    expect(api.seen.find((r: SeenRequest) => r.method === 'POST')!.body).toMatchObject({
      kind: 'SPO2',
      percent: 90,
    });
  });

  it('shows exercise sessions with their type and energy, and steps per day as activity', async () => {
    serve('EXERCISE', [reading(4, 'EXERCISE', 45, 210, { context: 'WALKING' })]);
    renderDetail('EXERCISE');
    expect(await screen.findByText('걷기 · 210 kcal')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '하루 걸음 수' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '운동 직접 추가하기' })).toBeInTheDocument();
  });

  it('says and draws the personal target a nurse set', async () => {
    mockApi({
      [TARGETS]: () => ({
        body: ok([
          {
            kind: 'BLOOD_PRESSURE',
            low: null,
            high: 130,
            high2: 80,
            setByName: '김간호',
            setAt: '2026-11-20T01:00:00.000Z',
          },
        ]),
      }),
      [SUMMARY]: () => ({
        body: ok(
          summaryOf('BLOOD_PRESSURE', [reading(1, 'BLOOD_PRESSURE', 132, 82, { target: 'ABOVE_TARGET' })]),
        ),
      }),
      [READINGS]: () => ({
        body: ok({
          dataList: [reading(1, 'BLOOD_PRESSURE', 132, 82, { target: 'ABOVE_TARGET' })],
          totalCount: 1,
          pNum: 1,
          pSize: 20,
        }),
      }),
    });
    renderDetail('BLOOD_PRESSURE');
    expect(
      await screen.findByText(/간호사\(김간호\)가 정한 나의 목표: 130\/80 mmHg 미만/),
    ).toBeInTheDocument();
    const chart = await screen.findByTestId('chart');
    expect(JSON.parse(chart.getAttribute('data-targets')!)).toEqual([130, 80]);
    expect(screen.getByText(/갈색 점선은 간호사가 정한 나의 목표입니다/)).toBeInTheDocument();
    expect(screen.getByText('간호사가 정한 나의 목표보다 높습니다.')).toBeInTheDocument();
  });

  it('shows an error with a way to try again', async () => {
    const api = mockApi({
      [TARGETS]: () => ({ body: ok([]) }),
      [SUMMARY]: (_r, n) =>
        n === 1 ? { status: 500, body: fail(500, '서버 오류') } : { body: ok(summaryOf('SLEEP', [])) },
      [READINGS]: () => ({ body: ok({ dataList: [], totalCount: 0, pNum: 1, pSize: 20 }) }),
    });
    renderDetail('SLEEP');
    await userEvent.setup().click(await screen.findByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('이 기간에 수면 기록이 없습니다.')).toBeInTheDocument();
    expect(api.calls(SUMMARY)).toBe(2);
  });
});
