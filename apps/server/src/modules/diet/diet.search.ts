import type { Food } from '@smartcare/contract/diet';
import { FOOD_RESULTS_MAX } from '@smartcare/contract/diet';
import { choseongKey, isChoseongQuery, searchKey } from '@smartcare/contract/korean-search';

interface IndexedFood {
  food: Food;
  key: string;
  choseong: string;
  category: string;
}

/**
 * Food search by Korean name (decision 025, keys as in decision 019): spacing and punctuation
 * do not count; a query of initial consonants only (ㄱㅊㅉㄱ) matches by 초성; a part of a
 * name matches anywhere (찌개 → 김치찌개, 된장찌개 …). Best first: the name exactly, then
 * names that start with the query, then names that contain it, then the category; shorter
 * names first within a rank (the plain dish before its variants).
 */
export function createFoodSearch(foods: readonly Food[]) {
  const index: IndexedFood[] = foods.map((food) => ({
    food,
    key: searchKey(food.name),
    choseong: choseongKey(food.name),
    category: searchKey(food.category),
  }));

  function scoreOf(entry: IndexedFood, query: string, byChoseong: boolean): number {
    if (byChoseong) {
      if (entry.choseong === query) return 75;
      if (entry.choseong.startsWith(query)) return 70;
      if (entry.choseong.includes(query)) return 65;
      return 0;
    }
    if (entry.key === query) return 100;
    if (entry.key.startsWith(query)) return 90;
    if (entry.key.includes(query)) return 80;
    if (entry.category.includes(query)) return 30;
    return 0;
  }

  return function search(keyword: string, limit = FOOD_RESULTS_MAX): Food[] {
    const query = searchKey(keyword);
    if (query === '') return [];
    const byChoseong = isChoseongQuery(keyword);
    return index
      .map((entry) => ({ entry, score: scoreOf(entry, query, byChoseong) }))
      .filter((hit) => hit.score > 0)
      .sort(
        (a, b) =>
          b.score - a.score ||
          a.entry.key.length - b.entry.key.length ||
          a.entry.food.name.localeCompare(b.entry.food.name, 'ko'),
      )
      .slice(0, limit)
      .map((hit) => hit.entry.food);
  };
}
