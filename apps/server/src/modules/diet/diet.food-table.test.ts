import { describe, expect, it } from 'vitest';
import {
  atwaterKcal,
  kdriTargets,
  mealProblems,
  scaleFood,
  sumNutrition,
  type MealInput,
} from '@smartcare/contract/diet';
import { FOOD_TABLE_SOURCE, FOODS, foodByCode } from './diet.food-table.ts';
import { createFoodSearch } from './diet.search.ts';

const search = createFoodSearch(FOODS);
const names = (keyword: string) => search(keyword).map((food) => food.name);

describe('the seeded food table', () => {
  it('holds at least 300 foods, each named once, with the source named', () => {
    expect(FOODS.length).toBeGreaterThanOrEqual(300);
    expect(new Set(FOODS.map((f) => f.name)).size).toBe(FOODS.length);
    expect(new Set(FOODS.map((f) => f.code)).size).toBe(FOODS.length);
    expect(FOOD_TABLE_SOURCE).toContain('식품의약품안전처 식품영양성분 데이터베이스');
  });

  it('covers rice, soups and stews, side dishes, noodles, snack food, fruit, drinks and snacks', () => {
    const categories = new Set(FOODS.map((f) => f.category));
    for (const c of ['밥', '국', '찌개', '반찬', '면', '분식', '과일', '음료', '간식', '김치'])
      expect(categories, c).toContain(c);
  });

  it('has sensible figures: positive serving, no negative nutrient, sugars within carbohydrate', () => {
    for (const f of FOODS) {
      expect(f.servingG, f.name).toBeGreaterThan(0);
      for (const v of [f.kcal, f.carbG, f.proteinG, f.fatG, f.sugarG, f.sodiumMg])
        expect(v, f.name).toBeGreaterThanOrEqual(0);
      expect(f.sugarG, f.name).toBeLessThanOrEqual(f.carbG + 0.05);
    }
  });

  it('is consistent: kcal ≈ 4·carbohydrate + 4·protein + 9·fat within 12 % or 15 kcal', () => {
    const off = FOODS.filter((f) => {
      const diff = Math.abs(f.kcal - atwaterKcal(f));
      return diff > 15 && diff > 0.12 * f.kcal;
    }).map((f) => `${f.name}: ${f.kcal} vs ${atwaterKcal(f).toFixed(0)}`);
    expect(off).toEqual([]);
  });
});

describe('food search', () => {
  it('finds by 초성: ㄱㅊㅉㄱ is 김치찌개 first, ㄸㅂㅇ 떡볶이', () => {
    expect(names('ㄱㅊㅉㄱ')[0]).toBe('김치찌개');
    expect(names('ㄸㅂㅇ')).toContain('떡볶이');
    expect(['떡볶이', '떡볶음']).toContain(names('ㄸㅂㅇ')[0]);
    // 초성 inside a name: ㅉㄱ (찌개) reaches every stew
    expect(names('ㅉㄱ')).toEqual(expect.arrayContaining(['된장찌개', '순두부찌개', '김치찌개']));
  });

  it('finds by a part of the name, the exact and shorter names first', () => {
    const stews = names('찌개');
    expect(stews.length).toBeGreaterThan(5);
    // names with the word first, then the rest of the 찌개 category (꽃게탕, 해물탕 …)
    const firstOther = stews.findIndex((n) => !n.includes('찌개'));
    expect(firstOther).toBeGreaterThan(5);
    expect(stews.slice(firstOther).every((n) => !n.includes('찌개'))).toBe(true);
    expect(stews).toContain('꽃게탕');
    expect(names('김치찌개')[0]).toBe('김치찌개');
    expect(names('밥')).toContain('쌀밥');
    expect(names('볶음밥')).toEqual(expect.arrayContaining(['김치볶음밥', '새우볶음밥']));
  });

  it('ignores spacing and punctuation; nothing for unknown words or an empty query', () => {
    expect(names('김치 찌개')[0]).toBe('김치찌개');
    expect(names('크림스파게티')).toContain('크림 스파게티');
    expect(names('햄버거스테이크피자')).toEqual([]);
    expect(names('   ')).toEqual([]);
  });

  it('answers at most 30 foods', () => {
    expect(search('ㅂ').length).toBeLessThanOrEqual(30);
  });
});

describe('nutrition arithmetic', () => {
  const rice = foodByCode('F001')!;

  it('scales by servings and by grams', () => {
    expect(rice.name).toBe('쌀밥');
    expect(scaleFood(rice, 'SERVING', 1.5)).toEqual({
      kcal: Math.round(rice.kcal * 1.5),
      carbG: Math.round(rice.carbG * 15) / 10,
      proteinG: Math.round(rice.proteinG * 15) / 10,
      fatG: Math.round(rice.fatG * 15) / 10,
      sugarG: Math.round(rice.sugarG * 15) / 10,
      sodiumMg: Math.round(rice.sodiumMg * 1.5),
    });
    // 105 g of a 210 g serving is half a serving
    expect(scaleFood(rice, 'GRAM', rice.servingG / 2)).toEqual(scaleFood(rice, 'SERVING', 0.5));
  });

  it('sums items, rounding kcal and mg to whole numbers and grams to one decimal', () => {
    expect(
      sumNutrition([
        { kcal: 100.4, carbG: 10.04, proteinG: 1, fatG: 2, sugarG: 0.06, sodiumMg: 300.4 },
        { kcal: 200.4, carbG: 20.02, proteinG: 2, fatG: 3, sugarG: 0.01, sodiumMg: 0.4 },
      ]),
    ).toEqual({ kcal: 301, carbG: 30.1, proteinG: 3, fatG: 5, sugarG: 0.1, sodiumMg: 301 });
    expect(sumNutrition([])).toEqual({ kcal: 0, carbG: 0, proteinG: 0, fatG: 0, sugarG: 0, sodiumMg: 0 });
  });

  it('gives the KDRI 2020 defaults by sex and age', () => {
    expect(kdriTargets('M', 35)).toMatchObject({
      kcal: 2500,
      proteinG: 65,
      carbG: 375,
      fatG: 69,
      sodiumMg: 2300,
    });
    expect(kdriTargets('F', 70)).toMatchObject({ kcal: 1600, proteinG: 50, carbG: 240 });
    expect(kdriTargets('M', 80).kcal).toBe(1900);
    expect(kdriTargets(null, null).kcal).toBe(2200);
  });
});

describe('meal checks, one message per field', () => {
  const now = new Date('2026-11-25T03:00:00Z');
  const known = (code: string) => foodByCode(code) !== undefined;
  const base: MealInput = {
    mealType: 'LUNCH',
    eatenAt: '2026-11-25T12:00:00+09:00',
    items: [{ kind: 'FOOD', foodCode: 'F001', unit: 'SERVING', amount: 1 }],
  };

  it('accepts a sound meal', () => {
    expect(mealProblems(base, now, known)).toEqual([]);
  });

  it('names each bad field', () => {
    expect(mealProblems({ ...base, eatenAt: '2026-11-25T13:00:00+09:00' }, now, known)).toEqual([
      { field: 'eatenAt', problem: 'timeFuture' },
    ]);
    expect(mealProblems({ ...base, items: [] }, now, known)).toEqual([
      { field: 'items', problem: 'itemsRequired' },
    ]);
    expect(
      mealProblems(
        {
          ...base,
          items: [
            { kind: 'FOOD', foodCode: 'X999', unit: 'GRAM', amount: 0 },
            { kind: 'FREE', name: ' ', kcal: -1, sodiumMg: Number.NaN },
          ],
        },
        now,
        known,
      ),
    ).toEqual([
      { field: 'items.0.foodCode', problem: 'foodUnknown' },
      { field: 'items.0.amount', problem: 'amountRange' },
      { field: 'items.1.name', problem: 'nameRequired' },
      { field: 'items.1.kcal', problem: 'nutrientRange' },
      { field: 'items.1.sodiumMg', problem: 'nutrientRange' },
    ]);
    expect(mealProblems({ ...base, memo: 'ㄱ'.repeat(501) }, now, known)).toEqual([
      { field: 'memo', problem: 'memoLength' },
    ]);
    expect(
      mealProblems(
        { ...base, items: [{ kind: 'FOOD', foodCode: 'F001', unit: 'SERVING', amount: 21 }] },
        now,
        known,
      ),
    ).toEqual([{ field: 'items.0.amount', problem: 'amountRange' }]);
  });
});
