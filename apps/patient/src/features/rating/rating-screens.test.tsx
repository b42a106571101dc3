import { apiPaths } from '@smartcare/contract/api-paths';
import type { MyRatings, RatingOccasion } from '@smartcare/contract/rating';
import { ResultCode } from '@smartcare/contract/result-codes';
import { screen } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { fail, ok, patientProfile } from '../../testing/factories';
import { mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import { RatingListScreen } from './rating-list-screen';
import { RatingScreen } from './rating-screen';

const MINE = `GET ${apiPaths.rating.getMyRatings}`;
const ONE = `GET ${apiPaths.rating.getOccasion}`;
const SUBMIT = `PUT ${apiPaths.rating.submit}`;

function occasion(overrides: Partial<RatingOccasion> = {}): RatingOccasion {
  return {
    kind: 'CHAT',
    idx: 12,
    hospitalName: '서울중앙병원',
    staffName: '박간호',
    completedAt: '2026-11-24T01:00:00.000Z',
    rateableUntil: '2026-12-24T01:00:00.000Z',
    rating: null,
    ...overrides,
  };
}
const rated = (editable: boolean) =>
  occasion({
    rating: {
      idx: 3,
      stars: 4,
      tags: ['KIND'],
      comment: '<b>고맙습니다</b>',
      createdAt: '2026-11-24T02:00:00.000Z',
      updatedAt: '2026-11-24T02:00:00.000Z',
      editableUntil: '2026-12-01T02:00:00.000Z',
      editable,
    },
  });

beforeEach(() => {
  session.setTokens({ accessToken: 'a', refreshToken: 'r' });
  session.setLoginId('demo');
  session.setMyData(patientProfile({ idx: 7, choseHospitalIdx: 1, choseHospitalName: '서울중앙병원' }));
});
afterEach(() => vi.unstubAllGlobals());

const renderList = () =>
  renderScreen(<RatingListScreen />, {
    path: '/hospital/ratelist',
    pattern: '/hospital/ratelist',
    otherRoutes: ['/hospital/login', '/hospital/rate'],
  });
const renderRate = (query = '?kind=CHAT&idx=12') =>
  renderScreen(<RatingScreen />, {
    path: `/hospital/rate${query}`,
    pattern: '/hospital/rate',
    otherRoutes: ['/hospital/login', '/hospital/ratelist'],
  });

describe('the rating list', () => {
  it('shows what waits and what was rated', async () => {
    const mine: MyRatings = { waiting: [occasion()], rated: [rated(false)] };
    mockApi({ [MINE]: () => ({ body: ok(mine) }) });
    renderList();
    expect(await screen.findByText('평가를 기다리는 진료·상담')).toBeInTheDocument();
    expect(screen.getByText('평가하기')).toBeInTheDocument();
    expect(screen.getByText(/별 4개 · 만족 · 수정 기간 종료/)).toBeInTheDocument();
  });

  it('lists an outpatient visit with its doctor, names shown as text (issue 16)', async () => {
    const xss = '<img src=x onerror=alert(1)>';
    const mine: MyRatings = {
      waiting: [occasion({ kind: 'APPOINTMENT', idx: 40, staffName: xss })],
      rated: [],
    };
    mockApi({ [MINE]: () => ({ body: ok(mine) }) });
    renderList();
    const link = await screen.findByRole('link', { name: /외래 진료/ });
    expect(link).toHaveAttribute('href', expect.stringContaining('/hospital/rate?kind=APPOINTMENT&idx=40'));
    expect(link.textContent).toContain(xss);
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('shows the empty state', async () => {
    mockApi({ [MINE]: () => ({ body: ok({ waiting: [], rated: [] }) }) });
    renderList();
    expect(await screen.findByText(/평가할 진료나 상담이 없습니다/)).toBeInTheDocument();
  });

  it('shows the error state with a retry', async () => {
    mockApi({ [MINE]: () => ({ status: 500, body: fail(ResultCode.SERVER_ERROR) }) });
    renderList();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });
});

describe('rating a telemedicine visit (a home-care patient)', () => {
  const renderVisit = () =>
    renderScreen(<RatingScreen />, {
      path: '/hospital/rate?kind=TELEMEDICINE&idx=4',
      pattern: '/hospital/rate',
      otherRoutes: [
        '/homecare/login',
        '/hospital/login',
        '/hospital/ratelist',
        '/homecare/telemedicine/:idx',
      ],
    });

  it('goes back to the visit, and returns there once rated', async () => {
    const api = mockApi({
      [ONE]: () => ({ body: ok(occasion({ kind: 'TELEMEDICINE', idx: 4, staffName: '이간호' })) }),
      [SUBMIT]: () => ({ body: ok(rated(true)) }),
    });
    const { router } = renderVisit();
    const user = userEvent.setup();
    expect(await screen.findByText('비대면 진료')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '만족' }));
    await user.click(screen.getByRole('button', { name: '평가 보내기' }));
    await vi.waitFor(() => expect(api.calls(SUBMIT)).toBe(1));
    expect(api.seen.find((r) => r.method === 'PUT')?.body).toMatchObject({ kind: 'TELEMEDICINE', idx: 4 });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/homecare/telemedicine/4'));
  });

  it('has a back button to the visit', async () => {
    mockApi({ [ONE]: () => ({ body: ok(occasion({ kind: 'TELEMEDICINE', idx: 4 })) }) });
    const { router } = renderVisit();
    await userEvent.setup().click(await screen.findByRole('button', { name: '뒤로 가기' }));
    expect(router.state.location.pathname).toBe('/homecare/telemedicine/4');
  });

  it('sends a patient without a session to the home-care login', async () => {
    session.clear();
    const { router } = renderVisit();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/homecare/login'));
  });
});

describe('the rating form', () => {
  it('asks for the stars in Korean and sends nothing, then sends one rating', async () => {
    const api = mockApi({
      [ONE]: () => ({ body: ok(occasion()) }),
      [SUBMIT]: () => ({ body: ok(rated(true)) }),
      [MINE]: () => ({ body: ok({ waiting: [], rated: [rated(true)] }) }),
    });
    renderRate();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '평가 보내기' }));
    expect(await screen.findByText('별점을 선택해 주세요')).toBeInTheDocument();
    expect(api.calls(SUBMIT)).toBe(0);

    await user.click(screen.getByRole('radio', { name: /매우 만족/ }));
    await user.click(screen.getByRole('button', { name: '친절해요' }));
    await user.type(screen.getByLabelText('하고 싶은 말'), '감사합니다');
    await user.click(screen.getByRole('button', { name: '평가 보내기' }));
    await vi.waitFor(() => expect(api.calls(SUBMIT)).toBe(1));
    expect(api.seen.find((r) => r.method === 'PUT')?.body).toEqual({
      kind: 'CHAT',
      idx: 12,
      stars: 5,
      tags: ['KIND'],
      comment: '감사합니다',
    });
  });

  it('shows a rating past its 7 days read-only, saying so, with the comment as text', async () => {
    mockApi({ [ONE]: () => ({ body: ok(rated(false)) }) });
    renderRate();
    expect(await screen.findByText(/7일이 지나 더 이상 고칠 수 없습니다/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '평가 고치기' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('하고 싶은 말')).toHaveValue('<b>고맙습니다</b>');
  });

  it('says so for a link without an occasion', async () => {
    mockApi({});
    renderRate('?kind=NOPE');
    expect(await screen.findByText(/평가할 진료나 상담을 찾을 수 없습니다/)).toBeInTheDocument();
  });
});
