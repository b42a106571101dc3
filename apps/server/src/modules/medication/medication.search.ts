import type { Medicine } from '@smartcare/contract/medication';
import { choseongKey, isChoseongQuery, searchKey } from '@smartcare/contract/korean-search';
import { MEDICINES } from './medicine-list.ts';

/** At most this many answers per query (a phone screen's worth). */
export const MEDICINE_SEARCH_LIMIT = 20;

interface Keys {
  medicine: Medicine;
  name: string;
  ingredient: string;
  choseongName: string;
  choseongIngredient: string;
}

/** Keys computed once (decision 019's matching: spacing ignored, 초성 for a consonant-only query). */
const INDEX: Keys[] = MEDICINES.map((medicine) => ({
  medicine,
  name: searchKey(medicine.name),
  ingredient: searchKey(medicine.ingredient),
  choseongName: choseongKey(medicine.name),
  choseongIngredient: choseongKey(medicine.ingredient),
}));

/**
 * Medicines whose name or ingredient contains the query (타이레놀, 레놀, 아세트아미노펜) or whose
 * 초성 do (ㅌㅇㄹㄴ). A name starting with the query comes first, then a name containing it, then
 * an ingredient; shorter names first within each.
 */
export function searchMedicines(query: string, limit = MEDICINE_SEARCH_LIMIT): Medicine[] {
  const key = searchKey(query);
  if (key === '') return [];
  const byChoseong = isChoseongQuery(query);
  const scored: { rank: number; keys: Keys }[] = [];
  for (const keys of INDEX) {
    const name = byChoseong ? keys.choseongName : keys.name;
    const ingredient = byChoseong ? keys.choseongIngredient : keys.ingredient;
    const rank = name.startsWith(key) ? 0 : name.includes(key) ? 1 : ingredient.includes(key) ? 2 : -1;
    if (rank >= 0) scored.push({ rank, keys });
  }
  scored.sort(
    (a, b) =>
      a.rank - b.rank ||
      a.keys.medicine.name.length - b.keys.medicine.name.length ||
      a.keys.medicine.name.localeCompare(b.keys.medicine.name, 'ko'),
  );
  return scored.slice(0, limit).map((s) => s.keys.medicine);
}
