import {
  dietProblemMessages,
  mealProblems,
  MEAL_TYPES,
  NUTRIENTS,
  PHOTO_MAX_BYTES,
  scaleFood,
  sumNutrition,
  zeroNutrition,
  type Food,
  type Meal,
  type MealInput,
  type MealItemInput,
  type MealType,
  type Nutrient,
  type Nutrition,
} from '@smartcare/contract/diet';
import type { AppLocale } from '@smartcare/contract/result-codes';

/** Korea has no summer time: Seoul is UTC+9 all year. */
const KST_MS = 9 * 3600_000;

/** The Seoul date and time of an instant, as the form's fields hold them. */
export function seoulParts(at: Date): { date: string; time: string } {
  const iso = new Date(at.getTime() + KST_MS).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** The meal the hour suggests: before 10 breakfast, before 15 lunch, before 21 dinner, else a snack. */
export function mealTypeAt(at: Date): MealType {
  const hour = new Date(at.getTime() + KST_MS).getUTCHours();
  if (hour >= 5 && hour < 10) return 'BREAKFAST';
  if (hour >= 10 && hour < 15) return 'LUNCH';
  if (hour >= 17 && hour < 21) return 'DINNER';
  return 'SNACK';
}

export type FoodDraft = {
  key: string;
  kind: 'FOOD';
  code: string;
  name: string;
  /** The food's figures for one serving, and the serving's grams. */
  perServing: Nutrition;
  servingG: number;
  unit: 'SERVING' | 'GRAM';
  amount: string;
};
export type FreeDraft = { key: string; kind: 'FREE'; name: string } & Record<Nutrient, string>;
export type ItemDraft = FoodDraft | FreeDraft;

export interface MealDraft {
  mealType: MealType;
  date: string;
  time: string;
  items: ItemDraft[];
  memo: string;
  /** base64 of a newly chosen photo. */
  photo: { dataBase64: string; name: string } | null;
  removePhoto: boolean;
}

let nextKey = 0;
const newKey = () => `item-${++nextKey}`;

export function emptyDraft(now: Date): MealDraft {
  return {
    mealType: mealTypeAt(now),
    ...seoulParts(now),
    items: [],
    memo: '',
    photo: null,
    removePhoto: false,
  };
}

export function foodDraft(food: Food): FoodDraft {
  const perServing = zeroNutrition();
  for (const n of NUTRIENTS) perServing[n] = food[n];
  return {
    key: newKey(),
    kind: 'FOOD',
    code: food.code,
    name: food.name,
    perServing,
    servingG: food.servingG,
    unit: 'SERVING',
    amount: '1',
  };
}

export function freeDraft(): FreeDraft {
  return {
    key: newKey(),
    kind: 'FREE',
    name: '',
    kcal: '',
    carbG: '',
    proteinG: '',
    fatG: '',
    sugarG: '',
    sodiumMg: '',
  };
}

/** A saved meal back into the form (a food's serving figures from what it was logged with). */
export function draftOf(meal: Meal): MealDraft {
  const { date, time } = { date: meal.eatenAt.slice(0, 10), time: meal.eatenAt.slice(11, 16) };
  const items = meal.items.map((item): ItemDraft => {
    if (item.foodCode && item.amount && item.servingG) {
      const servings = item.unit === 'SERVING' ? item.amount : item.amount / item.servingG;
      const perServing = zeroNutrition();
      for (const n of NUTRIENTS) perServing[n] = servings > 0 ? item[n] / servings : 0;
      return {
        key: newKey(),
        kind: 'FOOD',
        code: item.foodCode,
        name: item.name,
        perServing,
        servingG: item.servingG,
        unit: item.unit === 'GRAM' ? 'GRAM' : 'SERVING',
        amount: String(item.amount),
      };
    }
    const free = freeDraft();
    free.name = item.name;
    for (const n of NUTRIENTS) free[n] = String(item[n]);
    return free;
  });
  return { mealType: meal.mealType, date, time, items, memo: meal.memo, photo: null, removePhoto: false };
}

/** A number as typed ("1,5", " 2 ") or NaN; '' is undefined. */
export function parseNumber(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function itemInput(item: ItemDraft): MealItemInput {
  if (item.kind === 'FOOD')
    return {
      kind: 'FOOD',
      foodCode: item.code,
      unit: item.unit,
      amount: parseNumber(item.amount) ?? Number.NaN,
    };
  const out: MealItemInput = { kind: 'FREE', name: item.name, kcal: parseNumber(item.kcal) ?? Number.NaN };
  for (const n of NUTRIENTS) {
    if (n === 'kcal') continue;
    const value = parseNumber(item[n]);
    if (value !== undefined) out[n] = value;
  }
  return out;
}

/** The figures of one item as typed so far (0 where not yet a number). */
export function itemFigures(item: ItemDraft): Nutrition {
  if (item.kind === 'FOOD') {
    const amount = parseNumber(item.amount);
    if (amount === undefined || Number.isNaN(amount)) return zeroNutrition();
    const food = {
      ...item.perServing,
      code: item.code,
      name: item.name,
      category: '',
      servingG: item.servingG,
    };
    return scaleFood(food, item.unit, amount);
  }
  const out = zeroNutrition();
  for (const n of NUTRIENTS) {
    const value = parseNumber(item[n]);
    out[n] = value === undefined || Number.isNaN(value) ? 0 : value;
  }
  return out;
}

export const draftTotals = (draft: MealDraft) => sumNutrition(draft.items.map(itemFigures));

export type FieldErrors = Record<string, string>;

/** The body to send, or a message per field (the same checks and words as the server's). */
export function buildMeal(
  draft: MealDraft,
  locale: AppLocale,
  now: Date,
): { input: MealInput } | { errors: FieldErrors } {
  const input: MealInput = {
    mealType: draft.mealType,
    eatenAt: draft.date && draft.time ? `${draft.date}T${draft.time}:00+09:00` : '',
    items: draft.items.map(itemInput),
    ...(draft.memo.trim() ? { memo: draft.memo.trim() } : {}),
    ...(draft.photo ? { photo: { dataBase64: draft.photo.dataBase64 } } : {}),
  };
  const problems = mealProblems(input, now, () => true);
  if (problems.length === 0) return { input };
  const errors: FieldErrors = {};
  for (const { field, problem } of problems) errors[field] ??= dietProblemMessages[locale][problem];
  return { errors };
}

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/heic', 'image/heif'];

/** A chosen file as the photo, or the reason it cannot be (checked again by its bytes on the server). */
export async function readPhoto(
  file: File,
  locale: AppLocale,
): Promise<{ photo: { dataBase64: string; name: string } } | { error: string }> {
  const byName = /\.(jpe?g|png|hei[cf])$/i.test(file.name);
  if (!PHOTO_TYPES.includes(file.type) && !byName) return { error: dietProblemMessages[locale].photoType };
  if (file.size > PHOTO_MAX_BYTES) return { error: dietProblemMessages[locale].photoTooLarge };
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { photo: { dataBase64: btoa(binary), name: file.name } };
}

export { MEAL_TYPES };
