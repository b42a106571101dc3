import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RatingStats } from '@smartcare/contract/rating';
import { ResultCode } from '@smartcare/contract/result-codes';
import { fail, ok } from '../../../testing/fake-server';
import { renderConsole } from '../../../testing/render';
import { RatingStatsView } from './rating-stats';

const XSS = '<img src=x onerror=alert(1)>';
const summary = { count: 2, average: 3.5, distribution: [0, 1, 0, 0, 1] };

function stats(overrides: Partial<RatingStats> = {}): RatingStats {
  return {
    overall: summary,
    departments: [{ ...summary, department: '온라인 상담' }],
    staff: [{ ...summary, staffIdx: 4, staffName: '박간호' }],
    months: [{ ...summary, month: '2026-11' }],
    comments: [
      {
        idx: 1,
        stars: 2,
        tags: ['LONG_WAIT'],
        comment: XSS,
        department: '온라인 상담',
        createdAt: '2026-11-24T01:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

describe('the ratings tab (issue 16)', () => {
  it('shows the averages per department, staff member and month, and comments as text', async () => {
    renderConsole(<RatingStatsView />, { routes: { 'GET /rating/getStats': () => ok(stats()) } });
    expect(await screen.findByTestId('rating-overall')).toHaveTextContent('평균 3.50점 · 2건');
    expect(screen.getByText('부서별')).toBeInTheDocument();
    expect(screen.getByText('박간호')).toBeInTheDocument();
    expect(screen.getByText('2026-11')).toBeInTheDocument();
    expect(screen.getByText(XSS)).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByText('대기가 길었어요')).toBeInTheDocument();
    // each comment says when it was written
    expect(screen.getByText(/2026년 11월 24일/)).toBeInTheDocument();
  });

  it('has no per-staff table when the server gives no line (a member not yet rated)', async () => {
    renderConsole(<RatingStatsView />, {
      routes: { 'GET /rating/getStats': () => ok(stats({ staff: [] })) },
    });
    await screen.findByTestId('rating-overall');
    expect(screen.queryByText(/담당자별/)).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    renderConsole(<RatingStatsView />, {
      routes: {
        'GET /rating/getStats': () =>
          ok(stats({ overall: { count: 0, average: null, distribution: [0, 0, 0, 0, 0] } })),
      },
    });
    expect(await screen.findByText('이 기간에 받은 평가가 없습니다.')).toBeInTheDocument();
  });

  it('shows the error state', async () => {
    renderConsole(<RatingStatsView />, {
      routes: { 'GET /rating/getStats': () => fail(ResultCode.SERVER_ERROR, '서버 오류', 500) },
    });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
