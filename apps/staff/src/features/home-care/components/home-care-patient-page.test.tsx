import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { VitalSignSummary } from '@smartcare/contract/vital-signs';
import { fail, ok, type FakeRoute } from '../../../testing/fake-server';
import { renderConsole } from '../../../testing/render';
import { patientPage, vitalSignAlert, watchReading } from '../testing-data';
import { HomeCarePatientPage } from './home-care-patient-page';

// uPlot draws on a canvas jsdom does not have; the chart's text equivalent is what is tested here.
vi.mock('./trend-chart', () => ({
  TrendChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const summary = (overrides: Partial<VitalSignSummary> = {}): VitalSignSummary => ({
  kind: 'BLOOD_PRESSURE',
  from: '2026-10-26T00:00:00.000Z',
  to: '2026-11-25T00:00:00.000Z',
  count: 2,
  average: 140,
  average2: 90,
  min: 130,
  max: 150,
  bucketSeconds: 0,
  series: [
    { at: '2026-11-20T00:00:00.000Z', value: 130, value2: 85, min: 130, max: 130, count: 1 },
    { at: '2026-11-24T00:00:00.000Z', value: 150, value2: 95, min: 150, max: 150, count: 1 },
  ],
  ...overrides,
});

function renderPage(routes: Record<string, FakeRoute> = {}) {
  return renderConsole(<HomeCarePatientPage patientIdx={21} />, {
    routes: {
      'GET /homeCare/getPatient': () =>
        ok(
          patientPage({
            latest: [watchReading({ kind: 'BLOOD_PRESSURE', value: 150, value2: 95 })],
            targets: [
              {
                kind: 'HEART_RATE',
                low: 50,
                high: 100,
                high2: null,
                setByName: '이간호',
                setAt: '2026-11-20T01:00:00.000Z',
              },
            ],
            note: { text: '아침 혈압 확인', writtenByName: '이간호', writtenAt: '2026-11-24T01:00:00.000Z' },
            alerts: [
              vitalSignAlert({
                idx: 1,
                acknowledgedAt: '2026-11-24T02:00:00.000Z',
                acknowledgedByName: '박간호',
              }),
            ],
            lastReadingAt: new Date().toISOString(),
          }),
        ),
      'GET /homeCare/getPatientSummary': () => ok(summary()),
      'PUT /vitalSign/setTarget': (request) => {
        const body = request.body as { kind: 'BLOOD_PRESSURE'; high: number; high2: number };
        return ok([{ ...body, low: null, setByName: '김간호', setAt: new Date().toISOString() }]);
      },
      'PUT /homeCare/saveNote': (request) =>
        ok({
          text: (request.body as { text: string }).text,
          writtenByName: '김간호',
          writtenAt: new Date().toISOString(),
        }),
      ...routes,
    },
  });
}

describe("a home-care patient's page", () => {
  it('shows the latest readings, the chart with its numbers and table, the alerts with who acknowledged them, and the note', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: '김재택 님' })).toBeInTheDocument();
    expect(screen.getByText('고혈압 1기')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: '혈압 추이 그래프' })).toBeInTheDocument();
    expect(
      screen.getByText('2건 · 평균 140/90 mmHg · 최저 수축기 130 mmHg · 최고 수축기 150 mmHg'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: '혈압 기록' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('150/95 mmHg')).toBeInTheDocument();
    expect(screen.getByText(/^박간호 확인 · /)).toBeInTheDocument();
    expect(screen.getByText(/^이간호 작성 · /)).toBeInTheDocument();
    expect(screen.getByLabelText('메모 내용')).toHaveValue('아침 혈압 확인');
  });

  it('refuses impossible or missing target values next to the field, in Korean, and sends nothing', async () => {
    const { user, requests } = renderPage();
    const bp = await screen.findByRole('form', { name: '혈압' });
    await user.click(within(bp).getByRole('button', { name: '혈압 목표 저장' }));
    expect(within(bp).getByText('최저나 최고 중 하나는 입력해 주세요')).toBeInTheDocument();
    await user.type(within(bp).getByLabelText('수축기 (미만)'), '400');
    await user.type(within(bp).getByLabelText('이완기 (미만)'), '팔십');
    await user.click(within(bp).getByRole('button', { name: '혈압 목표 저장' }));
    expect(within(bp).getByText('수축기 혈압은 50~300 mmHg 사이로 입력해 주세요')).toBeInTheDocument();
    expect(within(bp).getByText('숫자로 입력해 주세요')).toBeInTheDocument();
    const hr = screen.getByRole('form', { name: '심박수' });
    await user.clear(within(hr).getByLabelText('최저'));
    await user.type(within(hr).getByLabelText('최저'), '120');
    await user.click(within(hr).getByRole('button', { name: '심박수 목표 저장' }));
    expect(within(hr).getByText('최저는 최고보다 작아야 합니다')).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/vitalSign/setTarget')).toBe(false);
  });

  it('sets a blood-pressure target below 130/80 and shows who set it', async () => {
    const { user, requests } = renderPage();
    const bp = await screen.findByRole('form', { name: '혈압' });
    await user.type(within(bp).getByLabelText('수축기 (미만)'), '130');
    await user.type(within(bp).getByLabelText('이완기 (미만)'), '80');
    await user.click(within(bp).getByRole('button', { name: '혈압 목표 저장' }));
    expect(await screen.findByText('혈압 목표를 저장했습니다.')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/vitalSign/setTarget')!.body).toEqual({
      patientIdx: 21,
      kind: 'BLOOD_PRESSURE',
      low: null,
      high: 130,
      high2: 80,
    });
  });

  it('refuses a note over 2,000 characters and saves a shorter one with who and when', async () => {
    const { user, requests } = renderPage();
    const field = await screen.findByLabelText('메모 내용');
    await user.clear(field);
    await user.click(field);
    await user.paste('가'.repeat(2001));
    await user.click(screen.getByRole('button', { name: '메모 저장' }));
    expect(screen.getByText('메모는 2,000자까지 쓸 수 있습니다 (지금 2,001자)')).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/homeCare/saveNote')).toBe(false);
    await user.clear(field);
    await user.type(field, '저녁 혈당 확인');
    await user.click(screen.getByRole('button', { name: '메모 저장' }));
    expect(await screen.findByText('메모를 저장했습니다.')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/homeCare/saveNote')!.body).toEqual({
      patientIdx: 21,
      text: '저녁 혈당 확인',
    });
  });

  it('says the note was saved even when the page refetched the new note before the answer came', async () => {
    let note = { text: '아침 혈압 확인', writtenByName: '이간호', writtenAt: '2026-11-24T01:00:00.000Z' };
    let refetch = (): Promise<void> => Promise.resolve();
    const { services, user } = renderPage({
      'GET /homeCare/getPatient': () => ok(patientPage({ note })),
      // Another console's save (or this one's live update) lands first: the note form, keyed by
      // writtenAt, remounts before this answer arrives.
      'PUT /homeCare/saveNote': async (request) => {
        note = {
          text: (request.body as { text: string }).text,
          writtenByName: '김간호',
          writtenAt: new Date().toISOString(),
        };
        await refetch();
        await waitFor(() => expect(screen.getByTestId('care-note-by')).toHaveTextContent('김간호 작성'));
        return ok(note);
      },
    });
    refetch = () => services.queryClient.invalidateQueries();
    const field = await screen.findByLabelText('메모 내용');
    await user.clear(field);
    await user.type(field, '저녁 혈당 확인');
    await user.click(screen.getByRole('button', { name: '메모 저장' }));
    expect(await screen.findByText('메모를 저장했습니다.')).toBeInTheDocument();
  });

  it('says when another hospital’s patient is not found, with the way back', async () => {
    renderPage({ 'GET /homeCare/getPatient': () => fail(10004004, '찾을 수 없습니다.', 404) });
    expect(await screen.findByText('정보를 불러오지 못했습니다.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '재택 환자 목록으로' })).toHaveAttribute('href', '/home-care');
  });
});
