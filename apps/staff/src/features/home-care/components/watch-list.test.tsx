import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WatchPatient } from '@smartcare/contract/home-care-watch';
import { fail, ok } from '../../../testing/fake-server';
import { renderConsole } from '../../../testing/render';
import { watchPatient, watchReading } from '../testing-data';
import { HomeCareAlertsProvider } from './home-care-alerts';
import { WatchList } from './watch-list';

function renderList(
  patients: WatchPatient[] | 'fail',
  total = Array.isArray(patients) ? patients.length : 0,
) {
  return renderConsole(
    <HomeCareAlertsProvider hospitalIdx={1} beep={() => undefined}>
      <WatchList />
    </HomeCareAlertsProvider>,
    {
      routes: {
        'GET /homeCare/getWatchList': (request) =>
          patients === 'fail'
            ? fail(10005000, '일시적인 문제', 500)
            : ok({
                dataList: request.query.get('q')
                  ? patients.filter((p) => p.name.includes(request.query.get('q')!))
                  : patients,
                totalCount: total,
                pNum: Number(request.query.get('pNum')),
                pSize: 20,
                staleDays: 3,
              }),
        'GET /homeCare/getSettings': () => ok({ staleDays: 3 }),
        'GET /homeCare/getOpenAlerts': () => ok([]),
        'PUT /homeCare/setStaleDays': (request) => ok(request.body),
      },
    },
  );
}

const rows = () => within(screen.getByRole('list', { name: '재택 환자 관찰' })).getAllByRole('listitem');

describe('the home-care watch list', () => {
  it('says in words when doses were missed today, as the group or beside another reason', async () => {
    renderList([
      watchPatient({
        patientIdx: 1,
        name: '나고혈',
        group: 'OUT_OF_RANGE',
        outOfRangeCount: 1,
        missedDosesToday: 3,
      }),
      watchPatient({ patientIdx: 2, name: '마놓침', group: 'MISSED_DOSES', missedDosesToday: 2 }),
    ]);
    await screen.findByText('마놓침');
    expect(within(rows()[0]!).getByText('범위 벗어남 1건 (24시간)')).toBeInTheDocument();
    expect(within(rows()[0]!).getByText('오늘 놓친 약 3회')).toBeInTheDocument();
    expect(within(rows()[1]!).getByText('오늘 놓친 약 2회')).toBeInTheDocument();
  });

  it("keeps the server's order and says why each patient is there in words", async () => {
    renderList([
      watchPatient({
        patientIdx: 1,
        name: '나고혈',
        group: 'OUT_OF_RANGE',
        outOfRangeCount: 2,
        openAlertCount: 1,
        latest: [watchReading({ kind: 'BLOOD_PRESSURE', value: 150, value2: 95 })],
      }),
      watchPatient({
        patientIdx: 2,
        name: '라처음',
        group: 'STALE',
        daysSinceLast: null,
        lastReadingAt: null,
      }),
      watchPatient({ patientIdx: 3, name: '다조용', group: 'STALE', daysSinceLast: 5 }),
      watchPatient({
        patientIdx: 4,
        name: '가정상',
        latest: [watchReading({ kind: 'SPO2', value: 97 }), watchReading({ kind: 'HEART_RATE', value: 72 })],
      }),
    ]);
    await screen.findByText('나고혈');
    expect(rows().map((row) => within(row).getByRole('link').textContent)).toEqual([
      '나고혈',
      '라처음',
      '다조용',
      '가정상',
    ]);
    const first = rows()[0]!;
    expect(within(first).getByText('범위 벗어남 2건 (24시간)')).toBeInTheDocument();
    expect(within(first).getByText('미확인 긴급 알림 1건')).toBeInTheDocument();
    expect(within(first).getByText('150/95 mmHg')).toBeInTheDocument();
    expect(within(first).getByText('고혈압 1기')).toBeInTheDocument();
    expect(within(rows()[1]!).getByText('기록한 적 없음')).toBeInTheDocument();
    expect(within(rows()[2]!).getByText('5일째 기록 없음')).toBeInTheDocument();
    expect(within(rows()[3]!).getByText('안정')).toBeInTheDocument();
    expect(within(rows()[3]!).getByText('97%')).toBeInTheDocument();
    expect(screen.getByText('재택 환자 4명')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: '나고혈 님 상세 보기' })).toHaveAttribute(
      'href',
      '/home-care/1',
    );
  });

  it('searches by name and says when nobody matches', async () => {
    const { user, requests } = renderList([
      watchPatient({ name: '김하나' }),
      watchPatient({ patientIdx: 5, name: '박세나' }),
    ]);
    await screen.findByText('김하나');
    await user.type(screen.getByRole('searchbox', { name: '환자 이름으로 찾기' }), '박{Enter}');
    await screen.findByText('박세나');
    expect(screen.queryByText('김하나')).not.toBeInTheDocument();
    expect(requests.at(-1)!.query.get('q')).toBe('박');
    await user.clear(screen.getByRole('searchbox', { name: '환자 이름으로 찾기' }));
    await user.type(screen.getByRole('searchbox', { name: '환자 이름으로 찾기' }), '최{Enter}');
    expect(await screen.findByText('이름에 “최” 글자가 들어간 재택 환자가 없습니다.')).toBeInTheDocument();
  });

  it('says when the hospital has no home-care patients', async () => {
    renderList([]);
    expect(await screen.findByText('이 병원의 재택 환자가 없습니다.')).toBeInTheDocument();
  });

  it('shows a failed load with a retry button', async () => {
    renderList('fail');
    expect(await screen.findByText('정보를 불러오지 못했습니다.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });

  it('refuses a "no reading" N outside 1–60 next to the field and saves a good one', async () => {
    const { user, requests } = renderList([watchPatient()]);
    const field = await screen.findByLabelText('“기록 없음” 기준 (일)');
    await screen.findByDisplayValue('3');
    await user.clear(field);
    await user.type(field, '0');
    await user.click(screen.getByRole('button', { name: '기준 저장' }));
    expect(await screen.findByText('1~60 사이의 정수로 입력해 주세요')).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/homeCare/setStaleDays')).toBe(false);
    await user.clear(field);
    await user.type(field, '7');
    await user.click(screen.getByRole('button', { name: '기준 저장' }));
    await screen.findByText('7일 동안 기록이 없으면 “기록 없음”으로 표시합니다.');
    expect(requests.find((r) => r.path === '/homeCare/setStaleDays')!.body).toEqual({ staleDays: 7 });
  });
});
