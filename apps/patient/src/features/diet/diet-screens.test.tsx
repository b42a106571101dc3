import { apiPaths } from '@smartcare/contract/api-paths';
import type { DietDay, Food, Meal } from '@smartcare/contract/diet';
import { ResultCode } from '@smartcare/contract/result-codes';
import { screen, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/session';
import { fail, ok } from '../../testing/factories';
import { mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import { DietDashboardScreen } from './diet-dashboard-screen';
import { DietRegisterScreen } from './diet-register-screen';
import { seoulParts } from './diet-form';
import { TodayMealsSummary } from './today-meals-summary';

const DAY = `GET ${apiPaths.diet.getDay}`;
const SEARCH = `GET ${apiPaths.diet.searchFoods}`;
const RECORD = `POST ${apiPaths.diet.recordMeal}`;

const today = seoulParts(new Date()).date;
// An hour ago in Seoul: a meal the form may save again (never in the future).
const earlier = seoulParts(new Date(Date.now() - 3600_000));
const zero = { kcal: 0, carbG: 0, proteinG: 0, fatG: 0, sugarG: 0, sodiumMg: 0 };
const stew: Food = {
  code: 'F085',
  name: '김치찌개',
  category: '찌개',
  servingG: 300,
  kcal: 160,
  carbG: 8.6,
  proteinG: 11.4,
  fatG: 9,
  sugarG: 3.4,
  sodiumMg: 1260,
};

const meal: Meal = {
  idx: 7,
  mealType: 'LUNCH',
  eatenAt: `${earlier.date}T${earlier.time}:00+09:00`,
  memo: '<b>맛있게</b> 먹음',
  hasPhoto: false,
  items: [
    {
      foodCode: 'F085',
      name: '김치찌개',
      unit: 'SERVING',
      amount: 2,
      servingG: 300,
      kcal: 320,
      carbG: 17.2,
      proteinG: 22.8,
      fatG: 18,
      sugarG: 6.8,
      sodiumMg: 2520,
    },
  ],
  totals: { kcal: 320, carbG: 17.2, proteinG: 22.8, fatG: 18, sugarG: 6.8, sodiumMg: 2520 },
};

function dayWith(meals: Meal[], flags = { diabetic: false, hypertensive: false }): DietDay {
  const week = Array.from({ length: 7 }, (_, i) => ({
    date: new Date(Date.parse(`${today}T00:00:00Z`) - (6 - i) * 86_400_000).toISOString().slice(0, 10),
    mealCount: i === 6 ? meals.length : 0,
    ...(i === 6 && meals.length ? meals[0]!.totals : zero),
  }));
  return {
    date: today,
    meals,
    totals: meals.length ? meals[0]!.totals : zero,
    targets: {
      kcal: 1600,
      carbG: 240,
      proteinG: 50,
      fatG: 44,
      sugarG: 80,
      sodiumMg: 2300,
      ...flags,
      source: flags.diabetic ? 'NURSE' : 'KDRI',
      setByName: flags.diabetic ? '한간호' : null,
      setAt: null,
    },
    week,
  };
}

beforeEach(() => {
  session.setTokens({ accessToken: 'a', refreshToken: 'r' });
});

describe('the diet dashboard', () => {
  it('shows the day by meal with totals against the targets, over-target in words, and empty days', async () => {
    mockApi({ [DAY]: () => ({ body: ok(dayWith([meal], { diabetic: true, hypertensive: true })) }) });
    renderScreen(<DietDashboardScreen />, { path: '/homecare/diet/dashboard' });
    const totals = await screen.findByRole('region', { name: '하루 합계와 목표' });
    expect(within(totals).getByText('320 kcal / 목표 1,600 kcal')).toBeInTheDocument();
    // a number and its unit are joined by a no-break space: at 200 % text "g" never wraps alone
    expect(
      within(totals).getByText(/^22\.8\u00a0g \/ 목표 50\u00a0g$/, { normalizer: (text) => text }),
    ).toBeInTheDocument();
    // the day is said first, then 이전 날 and 다음 날 (one row of two at any text size)
    const dayNav = screen.getByRole('navigation', { name: '날짜 이동' });
    expect([...dayNav.children].map((el) => el.textContent)).toEqual(['오늘', '이전 날', '다음 날']);
    // 2520 mg of a 2300 mg target: over, said in words
    expect(within(totals).getByText('목표 초과 (110%)')).toBeInTheDocument();
    expect(within(totals).getByText(/당뇨 관리를 위해 탄수화물을 확인해 주세요\./)).toBeInTheDocument();
    expect(within(totals).getAllByText('확인 필요')).toHaveLength(2);
    expect(within(totals).getByText('한간호 간호사가 정한 하루 목표입니다.')).toBeInTheDocument();
    expect(screen.getByText('김치찌개 2인분 · 320 kcal')).toBeInTheDocument();
    // markup in a note stays text
    expect(screen.getByText('<b>맛있게</b> 먹음')).toBeInTheDocument();
    const week = screen.getByRole('region', { name: '최근 7일' });
    expect(within(week).getAllByText('기록 없음')).toHaveLength(6);
    expect(screen.getByRole('link', { name: '고치기 또는 삭제' })).toHaveAttribute(
      'href',
      expect.stringContaining('idx=7'),
    );
  });

  it('says so when the day has no meals, and offers a retry when loading fails', async () => {
    let calls = 0;
    mockApi({
      [DAY]: () =>
        ++calls === 1
          ? { status: 500, body: fail(ResultCode.SERVER_ERROR, '잠시 후 다시 시도해 주세요.') }
          : { body: ok(dayWith([])) },
    });
    renderScreen(<DietDashboardScreen />, { path: '/homecare/diet/dashboard' });
    await userEvent.click(await screen.findByRole('button', { name: /다시/ }));
    expect(await screen.findByText('이 날은 기록한 식사가 없습니다.')).toBeInTheDocument();
    expect(screen.getAllByText('기록 없음').length).toBeGreaterThanOrEqual(4);
  });
});

describe('logging a meal', () => {
  it('finds a food by 초성, adds it, and sends it with its amount', async () => {
    const api = mockApi({
      [SEARCH]: ({ query }) => ({ body: ok(query.get('keyword') === 'ㄱㅊㅉㄱ' ? [stew] : []) }),
      [RECORD]: () => ({ body: ok(meal) }),
      [DAY]: () => ({ body: ok(dayWith([meal])) }),
    });
    renderScreen(<DietRegisterScreen />, {
      path: '/homecare/diet/regdiet',
      otherRoutes: ['/homecare/diet/dashboard'],
    });
    await userEvent.type(screen.getByLabelText('음식 이름 또는 초성'), 'ㄱㅊㅉㄱ');
    const found = await screen.findByRole('button', { name: /김치찌개/ });
    // "160 kcal" never splits at large text: a no-break space joins the number and the unit
    expect(found.textContent).toContain('1인분 300g · 160\u00a0kcal');
    await userEvent.click(found);
    const amount = screen.getByLabelText('김치찌개 양');
    await userEvent.clear(amount);
    await userEvent.type(amount, '2');
    expect(screen.getByRole('region', { name: '이 식사의 합계' })).toHaveTextContent('320 kcal');
    await userEvent.click(screen.getByRole('radio', { name: '점심' }));
    await userEvent.click(screen.getByRole('button', { name: '저장하기' }));
    const sent = api.seen.find((r) => r.method === 'POST')!.body as {
      mealType: string;
      items: unknown[];
      eatenAt: string;
    };
    expect(sent.mealType).toBe('LUNCH');
    expect(sent.items).toEqual([{ kind: 'FOOD', foodCode: 'F085', unit: 'SERVING', amount: 2 }]);
    expect(sent.eatenAt).toMatch(/\+09:00$/);
  });

  it('says what is wrong per field and sends nothing', async () => {
    const api = mockApi({});
    renderScreen(<DietRegisterScreen />, { path: '/homecare/diet/regdiet' });
    await userEvent.click(screen.getByRole('button', { name: '저장하기' }));
    expect(screen.getByText('음식을 하나 이상 추가해 주세요')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '목록에 없는 음식 직접 입력' }));
    await userEvent.type(screen.getByLabelText('열량 (kcal)'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: '저장하기' }));
    expect(screen.getByText('음식 이름을 입력해 주세요')).toBeInTheDocument();
    expect(screen.getByText('0 이상의 알맞은 숫자를 입력해 주세요')).toBeInTheDocument();
    expect(api.seen).toEqual([]);
  });

  it('edits a logged meal: its foods come back, a unit change keeps the amount, and the change is sent', async () => {
    const api = mockApi({
      [`GET ${apiPaths.diet.getMeal}`]: () => ({ body: ok(meal) }),
      [`PUT ${apiPaths.diet.updateMeal}`]: ({ body }) => ({ body: ok({ ...meal, ...(body as object) }) }),
    });
    const { router } = renderScreen(<DietRegisterScreen />, {
      path: '/homecare/diet/regdiet?idx=7',
      pattern: '/homecare/diet/regdiet',
      otherRoutes: ['/homecare/diet/dashboard'],
    });
    expect(await screen.findByLabelText('김치찌개 양')).toHaveValue('2');
    expect(screen.getByRole('heading', { level: 1, name: '식사 기록 고치기' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '점심' })).toBeChecked();
    // 2 servings of a 300 g serving become 600 g: the same food, the same energy
    await userEvent.click(screen.getByRole('radio', { name: 'g (그램)' }));
    expect(screen.getByLabelText('김치찌개 양')).toHaveValue('600');
    expect(screen.getByRole('region', { name: '이 식사의 합계' })).toHaveTextContent('320 kcal');
    await userEvent.click(screen.getByRole('button', { name: '저장하기' }));
    await screen.findByTestId('landed');
    const put = api.seen.find((r) => r.method === 'PUT')!.body as { idx: number; items: unknown[] };
    expect(put.idx).toBe(7);
    expect(put.items).toEqual([{ kind: 'FOOD', foodCode: 'F085', unit: 'GRAM', amount: 600 }]);
    expect(router.state.location.pathname).toBe('/homecare/diet/dashboard');
  });
});

describe("today's meals on the health dashboard", () => {
  it('counts the meals and the energy against the target, and leads to the diet log', async () => {
    mockApi({ [DAY]: () => ({ body: ok(dayWith([meal])) }) });
    renderScreen(<TodayMealsSummary />, { path: '/homecare/mystatus/dashboard' });
    const summary = await screen.findByRole('region', { name: '오늘의 식사' });
    expect(
      await within(summary).findByText('오늘 식사 1번 기록 · 320 kcal (하루 목표 1600 kcal)'),
    ).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: '식단 기록 보기' })).toHaveAttribute(
      'href',
      expect.stringContaining('/homecare/diet/dashboard'),
    );
  });

  it('says when nothing is logged today', async () => {
    mockApi({ [DAY]: () => ({ body: ok(dayWith([])) }) });
    renderScreen(<TodayMealsSummary />, { path: '/homecare/mystatus/dashboard' });
    expect(await screen.findByText('오늘 기록한 식사가 없습니다.')).toBeInTheDocument();
  });
});
