import { z } from 'zod';
import type { AppLocale } from './result-code-values.ts';
import { calendarDate, int4Id, int4Query, safeText } from './safe-input.ts';
import { ValidationMessage as V } from './validation-messages.ts';

/**
 * Diet logging (issue 15, decision 025): meals with foods from the seeded Korean food table
 * (식품의약품안전처 식품영양성분 데이터베이스) or the patient's own figures, an optional photo,
 * and daily targets from the Korean dietary reference intakes 2020 (KDRIs) a nurse may change.
 */

export const MEAL_TYPES = ['BREAKFAST', 'LUNCH', 'DINNER', 'SNACK'] as const;
export type MealType = (typeof MEAL_TYPES)[number];

/** The nutrients every food, item, meal and day carries. */
export const NUTRIENTS = ['kcal', 'carbG', 'proteinG', 'fatG', 'sugarG', 'sodiumMg'] as const;
export type Nutrient = (typeof NUTRIENTS)[number];
export type Nutrition = Record<Nutrient, number>;

/** The most one item or one target may hold: beyond any real meal, short of overflow. */
export const NUTRIENT_MAX: Nutrition = {
  kcal: 10_000,
  carbG: 2_000,
  proteinG: 1_000,
  fatG: 1_000,
  sugarG: 1_000,
  sodiumMg: 50_000,
};
/** Amount limits: up to 20 servings or 5 kg of one food in one meal. */
export const SERVINGS_MAX = 20;
export const GRAMS_MAX = 5_000;
export const ITEMS_MAX = 30;
export const MEMO_MAX = 500;
export const FOOD_NAME_MAX = 60;
/** The photo as sent (before resizing): a phone camera's picture fits easily. */
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
/** How far ahead of the server's clock a phone's time is still "now". */
export const CLOCK_SKEW_MS = 2 * 60_000;
/** How far back a meal may be logged. */
export const MEAL_MAX_AGE_DAYS = 366;

const nutrition = z.object({
  kcal: z.number(),
  carbG: z.number(),
  proteinG: z.number(),
  fatG: z.number(),
  sugarG: z.number(),
  sodiumMg: z.number(),
});

export const foodSchema = nutrition.extend({
  code: z.string(),
  name: z.string(),
  category: z.string(),
  /** One serving (1인분) in grams, as the table gives it. */
  servingG: z.number(),
});
export type Food = z.infer<typeof foodSchema>;

export const FOOD_KEYWORD_MAX = 30;
export const FOOD_RESULTS_MAX = 30;
export const searchFoodsQuerySchema = z.strictObject({
  keyword: safeText().trim().min(1, V.required).max(FOOD_KEYWORD_MAX, V.invalid),
});

/** A number field as the form sends it: anything, checked by `mealProblems` with a message per field. */
const numberIn = z.number();

export const mealItemInputSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('FOOD'),
    foodCode: safeText().max(20, V.invalid),
    unit: z.enum(['SERVING', 'GRAM']),
    amount: numberIn,
  }),
  z.strictObject({
    kind: z.literal('FREE'),
    name: safeText().max(200, V.invalid),
    kcal: numberIn,
    carbG: numberIn.optional(),
    proteinG: numberIn.optional(),
    fatG: numberIn.optional(),
    sugarG: numberIn.optional(),
    sodiumMg: numberIn.optional(),
  }),
]);
export type MealItemInput = z.infer<typeof mealItemInputSchema>;

/** base64 of the photo as taken; the server reads its type from the bytes. */
export const photoInputSchema = z.strictObject({
  dataBase64: z
    .string()
    .max(Math.ceil(PHOTO_MAX_BYTES / 3) * 4 + 4, V.invalid)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, V.invalid),
});

export const mealInputSchema = z.strictObject({
  mealType: z.enum(MEAL_TYPES),
  /** ISO time with an offset; the app sends Asia/Seoul (+09:00). */
  eatenAt: z.iso.datetime({ offset: true }),
  items: z.array(mealItemInputSchema).max(ITEMS_MAX, V.invalid),
  memo: safeText()
    .max(MEMO_MAX * 2, V.invalid)
    .optional(),
  photo: photoInputSchema.optional(),
});
export type MealInput = z.infer<typeof mealInputSchema>;

export const updateMealBodySchema = mealInputSchema.extend({
  idx: int4Id(),
  /** true: the photo goes (a new `photo` replaces it anyway). */
  removePhoto: z.boolean().optional(),
});
export type UpdateMealBody = z.infer<typeof updateMealBodySchema>;
export const mealIdxBodySchema = z.strictObject({ idx: int4Id() });
export const mealQuerySchema = z.strictObject({ idx: int4Query().pipe(int4Id()) });

export const mealItemSchema = nutrition.extend({
  foodCode: z.string().nullable(),
  name: z.string(),
  unit: z.enum(['SERVING', 'GRAM', 'FREE']),
  amount: z.number().nullable(),
});
export type MealItem = z.infer<typeof mealItemSchema>;
/** An item as the apps get it: with the food's serving in grams (to switch between servings and grams). */
export const presentedMealItemSchema = mealItemSchema.extend({ servingG: z.number().nullable() });
export type PresentedMealItem = z.infer<typeof presentedMealItemSchema>;

export const mealSchema = z.object({
  idx: z.number(),
  mealType: z.enum(MEAL_TYPES),
  eatenAt: z.string(),
  memo: z.string(),
  hasPhoto: z.boolean(),
  items: z.array(presentedMealItemSchema),
  totals: nutrition,
});
export type Meal = z.infer<typeof mealSchema>;

export const photoSchema = z.object({ contentType: z.literal('image/jpeg'), dataBase64: z.string() });

export const dietTargetsSchema = nutrition.extend({
  /** The nurse marked the patient diabetic: carbohydrate is called out. */
  diabetic: z.boolean(),
  /** The nurse marked the patient hypertensive: sodium is called out. */
  hypertensive: z.boolean(),
  /** KDRI: the defaults by sex and age; NURSE: a nurse set them. */
  source: z.enum(['KDRI', 'NURSE']),
  setByName: z.string().nullable(),
  setAt: z.string().nullable(),
});
export type DietTargets = z.infer<typeof dietTargetsSchema>;

export const dayTotalSchema = nutrition.extend({
  date: z.string(),
  mealCount: z.number(),
});
export type DayTotal = z.infer<typeof dayTotalSchema>;

export const dietDaySchema = z.object({
  date: z.string(),
  meals: z.array(mealSchema),
  totals: nutrition,
  targets: dietTargetsSchema,
  /** Seven days ending on `date`, oldest first; a day without entries has mealCount 0. */
  week: z.array(dayTotalSchema),
});
export type DietDay = z.infer<typeof dietDaySchema>;

export const dietDayQuerySchema = z.strictObject({ date: calendarDate().optional() });
export const patientDietQuerySchema = z.strictObject({
  patientIdx: int4Query().pipe(int4Id()),
  date: calendarDate().optional(),
});
export const patientPhotoQuerySchema = z.strictObject({
  patientIdx: int4Query().pipe(int4Id()),
  idx: int4Query().pipe(int4Id()),
});
export const patientDietSchema = dietDaySchema.extend({ patientName: z.string() });

export const setDietTargetsBodySchema = z.strictObject({
  patientIdx: int4Id(),
  kcal: z.number(),
  carbG: z.number(),
  proteinG: z.number(),
  fatG: z.number(),
  sugarG: z.number(),
  sodiumMg: z.number(),
  diabetic: z.boolean(),
  hypertensive: z.boolean(),
});
export type SetDietTargetsBody = z.infer<typeof setDietTargetsBodySchema>;
export const resetDietTargetsBodySchema = z.strictObject({ patientIdx: int4Id() });

/* ---------- arithmetic ---------- */

const round1 = (n: number) => Math.round(n * 10) / 10;

export const zeroNutrition = (): Nutrition => ({
  kcal: 0,
  carbG: 0,
  proteinG: 0,
  fatG: 0,
  sugarG: 0,
  sodiumMg: 0,
});

/** A food's nutrients for an amount: servings times the serving, or grams over the serving's grams. */
export function scaleFood(food: Food, unit: 'SERVING' | 'GRAM', amount: number): Nutrition {
  const factor = unit === 'SERVING' ? amount : amount / food.servingG;
  const out = zeroNutrition();
  for (const n of NUTRIENTS)
    out[n] = n === 'kcal' || n === 'sodiumMg' ? Math.round(food[n] * factor) : round1(food[n] * factor);
  return out;
}

/** Sums, rounded as the screens show them (kcal and mg whole, grams to one decimal). */
export function sumNutrition(parts: readonly Nutrition[]): Nutrition {
  const out = zeroNutrition();
  for (const part of parts) for (const n of NUTRIENTS) out[n] += part[n];
  for (const n of NUTRIENTS) out[n] = n === 'kcal' || n === 'sodiumMg' ? Math.round(out[n]) : round1(out[n]);
  return out;
}

/** Energy from the macronutrients (Atwater: 4 kcal/g carbohydrate and protein, 9 kcal/g fat). */
export const atwaterKcal = (n: Pick<Nutrition, 'carbG' | 'proteinG' | 'fatG'>) =>
  4 * n.carbG + 4 * n.proteinG + 9 * n.fatG;

/** Share of a target reached, in whole percent (0 when there is no target). */
export const percentOf = (value: number, target: number) =>
  target > 0 ? Math.round((value / target) * 100) : 0;

/* ---------- per-field checks, shared by the form and the server ---------- */

export type DietProblem =
  | 'mealTypeRequired'
  | 'timeRequired'
  | 'timeFuture'
  | 'timeTooOld'
  | 'itemsRequired'
  | 'foodUnknown'
  | 'amountRange'
  | 'nameRequired'
  | 'nutrientRange'
  | 'memoLength'
  | 'photoType'
  | 'photoTooLarge'
  | 'targetRange';

export const dietProblemMessages: Record<AppLocale, Record<DietProblem, string>> = {
  'kr-KO': {
    mealTypeRequired: '식사 종류를 골라 주세요',
    timeRequired: '식사 시간을 입력해 주세요',
    timeFuture: '아직 오지 않은 시간은 기록할 수 없습니다',
    timeTooOld: '1년이 지난 식사는 기록할 수 없습니다',
    itemsRequired: '음식을 하나 이상 추가해 주세요',
    foodUnknown: '음식 목록에 없는 음식입니다. 다시 검색해 주세요',
    amountRange: `양은 0보다 크고 ${SERVINGS_MAX}인분(${GRAMS_MAX}g) 이하로 입력해 주세요`,
    nameRequired: '음식 이름을 입력해 주세요',
    nutrientRange: '0 이상의 알맞은 숫자를 입력해 주세요',
    memoLength: `메모는 ${MEMO_MAX}자 이내로 입력해 주세요`,
    photoType: '사진은 JPEG, PNG, HEIC 파일만 올릴 수 있습니다',
    photoTooLarge: `사진은 ${PHOTO_MAX_BYTES / 1024 / 1024}MB 이하만 올릴 수 있습니다`,
    targetRange: '0보다 큰 알맞은 숫자를 입력해 주세요',
  },
  'en-US': {
    mealTypeRequired: 'Please choose the meal',
    timeRequired: 'Please enter the time of the meal',
    timeFuture: 'A time that has not come yet cannot be recorded',
    timeTooOld: 'Meals older than a year cannot be recorded',
    itemsRequired: 'Please add at least one food',
    foodUnknown: 'This food is not in the list. Please search again',
    amountRange: `Enter an amount above 0 and at most ${SERVINGS_MAX} servings (${GRAMS_MAX} g)`,
    nameRequired: 'Please enter the name of the food',
    nutrientRange: 'Please enter a sensible number, 0 or more',
    memoLength: `The note can have at most ${MEMO_MAX} characters`,
    photoType: 'Photos must be JPEG, PNG or HEIC',
    photoTooLarge: `Photos can be at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB`,
    targetRange: 'Please enter a sensible number above 0',
  },
  'zh-CN': {
    mealTypeRequired: '请选择餐次',
    timeRequired: '请输入用餐时间',
    timeFuture: '不能记录尚未到来的时间',
    timeTooOld: '不能记录一年前的饮食',
    itemsRequired: '请至少添加一种食物',
    foodUnknown: '食物列表中没有该食物，请重新搜索',
    amountRange: `份量须大于0，且不超过${SERVINGS_MAX}份（${GRAMS_MAX}克）`,
    nameRequired: '请输入食物名称',
    nutrientRange: '请输入0或以上的合理数字',
    memoLength: `备注最多${MEMO_MAX}个字`,
    photoType: '照片仅支持 JPEG、PNG、HEIC',
    photoTooLarge: `照片不能超过${PHOTO_MAX_BYTES / 1024 / 1024}MB`,
    targetRange: '请输入大于0的合理数字',
  },
};

export interface DietFieldProblem {
  field: string;
  problem: DietProblem;
}

const inRange = (value: number | undefined, max: number, min = 0) =>
  value === undefined || (Number.isFinite(value) && value >= min && value <= max);

/**
 * What is wrong with a meal, one problem per field (`items.2.amount`), or nothing.
 * `knownFood` says whether a code is in the table (the form knows its chosen foods).
 */
export function mealProblems(
  input: Pick<MealInput, 'eatenAt' | 'items' | 'memo'> & { mealType?: string },
  now: Date,
  knownFood: (code: string) => boolean,
): DietFieldProblem[] {
  const problems: DietFieldProblem[] = [];
  if (!input.mealType || !(MEAL_TYPES as readonly string[]).includes(input.mealType))
    problems.push({ field: 'mealType', problem: 'mealTypeRequired' });
  const at = Date.parse(input.eatenAt);
  if (!input.eatenAt || Number.isNaN(at)) problems.push({ field: 'eatenAt', problem: 'timeRequired' });
  else if (at > now.getTime() + CLOCK_SKEW_MS) problems.push({ field: 'eatenAt', problem: 'timeFuture' });
  else if (at < now.getTime() - MEAL_MAX_AGE_DAYS * 86_400_000)
    problems.push({ field: 'eatenAt', problem: 'timeTooOld' });
  if (input.items.length === 0) problems.push({ field: 'items', problem: 'itemsRequired' });
  input.items.forEach((item, i) => {
    const at = `items.${i}.`;
    if (item.kind === 'FOOD') {
      if (!knownFood(item.foodCode)) problems.push({ field: `${at}foodCode`, problem: 'foodUnknown' });
      const max = item.unit === 'SERVING' ? SERVINGS_MAX : GRAMS_MAX;
      if (!(Number.isFinite(item.amount) && item.amount > 0 && item.amount <= max))
        problems.push({ field: `${at}amount`, problem: 'amountRange' });
    } else {
      const name = item.name.trim();
      if (name === '') problems.push({ field: `${at}name`, problem: 'nameRequired' });
      else if (name.length > FOOD_NAME_MAX) problems.push({ field: `${at}name`, problem: 'nameRequired' });
      for (const n of NUTRIENTS)
        if (!inRange(item[n], NUTRIENT_MAX[n]))
          problems.push({ field: `${at}${n}`, problem: 'nutrientRange' });
    }
  });
  if ((input.memo ?? '').length > MEMO_MAX) problems.push({ field: 'memo', problem: 'memoLength' });
  return problems;
}

/** A nurse's targets: each above 0 and below the limits. */
export function targetProblems(body: Nutrition): DietFieldProblem[] {
  return NUTRIENTS.filter((n) => !inRange(body[n], NUTRIENT_MAX[n], 0) || !(body[n] > 0)).map((n) => ({
    field: n,
    problem: 'targetRange' as const,
  }));
}

/* ---------- KDRIs 2020 defaults ---------- */

/**
 * Daily defaults from 2020 한국인 영양소 섭취기준 (보건복지부·한국영양학회): energy = the
 * estimated energy requirement (에너지필요추정량) by sex and age; carbohydrate 60 % and fat
 * 25 % of energy (the middle of the AMDRs 55–65 % and 15–30 %); protein = the recommended
 * intake; total sugar below 20 % of energy; sodium = the chronic-disease risk reduction
 * intake (만성질환위험감소섭취량) 2,300 mg. Unknown sex or age: the 30–49 figures averaged.
 */
const EER: { upTo: number; M: number; F: number; proteinM: number; proteinF: number }[] = [
  { upTo: 14, M: 2500, F: 2000, proteinM: 60, proteinF: 55 },
  { upTo: 18, M: 2700, F: 2000, proteinM: 65, proteinF: 55 },
  { upTo: 29, M: 2600, F: 2000, proteinM: 65, proteinF: 55 },
  { upTo: 49, M: 2500, F: 1900, proteinM: 65, proteinF: 50 },
  { upTo: 64, M: 2200, F: 1700, proteinM: 60, proteinF: 50 },
  { upTo: 74, M: 2000, F: 1600, proteinM: 60, proteinF: 50 },
  { upTo: 200, M: 1900, F: 1500, proteinM: 60, proteinF: 50 },
];

export function kdriTargets(sex: 'M' | 'F' | null, age: number | null): Nutrition {
  const row = EER.find((r) => r.upTo >= (age ?? 40)) ?? EER[EER.length - 1]!;
  const kcal = sex === 'M' ? row.M : sex === 'F' ? row.F : Math.round((row.M + row.F) / 2 / 50) * 50;
  const proteinG =
    sex === 'M' ? row.proteinM : sex === 'F' ? row.proteinF : Math.round((row.proteinM + row.proteinF) / 2);
  return {
    kcal,
    carbG: Math.round((kcal * 0.6) / 4),
    proteinG,
    fatG: Math.round((kcal * 0.25) / 9),
    sugarG: Math.round((kcal * 0.2) / 4),
    sodiumMg: 2300,
  };
}
