import {
  dietProblemMessages,
  kdriTargets,
  mealProblems,
  NUTRIENTS,
  scaleFood,
  sumNutrition,
  targetProblems,
  zeroNutrition,
  PHOTO_MAX_BYTES,
  type DayTotal,
  type DietDay,
  type DietFieldProblem,
  type DietTargets,
  type Food,
  type Meal,
  type MealInput,
  type MealItem,
  type SetDietTargetsBody,
  type UpdateMealBody,
} from '@smartcare/contract/diet';
import type { AppLocale } from '@smartcare/contract/result-codes';
import { DomainError, notFound } from '../../lib/errors.ts';
import { PhotoRefused, processPhoto } from '../../lib/photo/photo.ts';
import type { PhotoStore } from '../../lib/photo/photo-store.ts';
import type { Audit } from '../../plugins/audit.plugin.ts';
import type { Database, SqlQueryable } from '../../plugins/db/db.plugin.ts';
import type { PeopleService } from '../people/people.service.ts';
import { foodByCode, FOODS } from './diet.food-table.ts';
import { dietRepository as repo, KST_OFFSET_S, type StoredMeal } from './diet.repository.ts';
import { createFoodSearch } from './diet.search.ts';

export interface DietServiceDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  people: Pick<PeopleService, 'patient' | 'staff' | 'patientBasics' | 'homeCarePatientOf'>;
  audit: Pick<Audit, 'record'>;
  photos: PhotoStore;
  now?: () => Date;
  log?: { warn: (obj: object, msg: string) => void };
}

const DAY_MS = 86_400_000;
const WEEK_DAYS = 7;
/** The stored copy: at most 1280 px on the longer side. */
const PHOTO_LIMITS = { maxBytes: PHOTO_MAX_BYTES, maxEdge: 1280, quality: 78 };

/** The Korean calendar date (YYYY-MM-DD) of an instant. */
export function kstDateOf(at: Date): string {
  return new Date(at.getTime() + KST_OFFSET_S * 1000).toISOString().slice(0, 10);
}
/** The instant a Korean calendar day starts. */
export function kstDayStart(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - KST_OFFSET_S * 1000);
}
/** An instant as the apps show it: ISO with +09:00. */
const kstIso = (at: Date) =>
  `${new Date(at.getTime() + KST_OFFSET_S * 1000).toISOString().slice(0, 19)}+09:00`;

function ageOn(birthDate: string | null, today: string): number | null {
  if (!birthDate) return null;
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

export function createDietService(deps: DietServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const searchFoods = createFoodSearch(FOODS);

  /** Refused input says which field and why, in the caller's language; nothing changes. */
  const refused = (problems: DietFieldProblem[], locale: AppLocale) =>
    new DomainError('DIET_INVALID', {
      fields: problems.map(({ field, problem }) => ({
        field,
        message: dietProblemMessages[locale][problem],
      })),
    });

  /** The items as stored: foods from the table scaled to their amount, free entries as typed. */
  function itemsOf(input: MealInput): MealItem[] {
    return input.items.map((item) => {
      if (item.kind === 'FOOD') {
        const food = foodByCode(item.foodCode)!;
        return {
          foodCode: food.code,
          name: food.name,
          unit: item.unit,
          amount: item.amount,
          ...scaleFood(food, item.unit, item.amount),
        };
      }
      const figures = zeroNutrition();
      for (const n of NUTRIENTS) figures[n] = item[n] ?? 0;
      return { foodCode: null, name: item.name.trim(), unit: 'FREE' as const, amount: null, ...figures };
    });
  }

  function check(input: MealInput, locale: AppLocale) {
    const problems = mealProblems(input, now(), (code) => foodByCode(code) !== undefined);
    if (problems.length > 0) throw refused(problems, locale);
  }

  /** The photo checked and processed before anything is written; its key once stored. */
  async function storePhoto(input: MealInput, locale: AppLocale): Promise<string | null> {
    if (!input.photo) return null;
    const bytes = Buffer.from(input.photo.dataBase64, 'base64');
    try {
      const { jpeg } = await processPhoto(bytes, PHOTO_LIMITS);
      return await deps.photos.put(jpeg);
    } catch (error) {
      if (!(error instanceof PhotoRefused)) throw error;
      throw refused(
        [{ field: 'photo', problem: error.reason === 'size' ? 'photoTooLarge' : 'photoType' }],
        locale,
      );
    }
  }

  async function removePhotos(keys: readonly (string | null)[]) {
    for (const key of keys) {
      if (!key) continue;
      try {
        await deps.photos.delete(key);
      } catch (error) {
        deps.log?.warn({ err: error }, 'diet photo could not be removed');
      }
    }
  }

  function present(meal: StoredMeal, items: MealItem[]): Meal {
    return {
      idx: meal.idx,
      mealType: meal.mealType,
      eatenAt: kstIso(meal.eatenAt),
      memo: meal.memo,
      hasPhoto: meal.photoKey !== null,
      items: items.map((item) => ({
        ...item,
        servingG: item.foodCode ? (foodByCode(item.foodCode)?.servingG ?? null) : null,
      })),
      totals: sumNutrition(items),
    };
  }

  async function loadMeal(
    db: Pick<SqlQueryable, 'query'>,
    patientIdx: number,
    mealIdx: number,
  ): Promise<Meal> {
    const meal = await repo.findMeal(db, patientIdx, mealIdx);
    if (!meal) throw notFound('meal');
    return present(meal, (await repo.itemsOf(db, [meal.idx])).get(meal.idx)!);
  }

  async function targetsOf(
    db: Pick<SqlQueryable, 'query'>,
    patientIdx: number,
    today: string,
  ): Promise<DietTargets> {
    const set = await repo.targets(db, patientIdx);
    if (set) {
      const { setByName, setAt, ...rest } = set;
      return { ...rest, source: 'NURSE', setByName, setAt: kstIso(setAt) };
    }
    const basics = await deps.people.patientBasics(patientIdx, db);
    return {
      ...kdriTargets(basics?.sex ?? null, ageOn(basics?.birthDate ?? null, today)),
      diabetic: false,
      hypertensive: false,
      source: 'KDRI',
      setByName: null,
      setAt: null,
    };
  }

  /** One Korean day's meals and totals, the targets and the seven days ending that day. */
  async function dayOf(patientIdx: number, date: string | undefined): Promise<DietDay> {
    const today = kstDateOf(now());
    const day = date ?? today;
    const dayStart = kstDayStart(day);
    const weekStart = new Date(dayStart.getTime() - (WEEK_DAYS - 1) * DAY_MS);
    const { meals, items } = await repo.mealsBetween(
      deps.db,
      patientIdx,
      weekStart,
      new Date(dayStart.getTime() + DAY_MS),
    );
    const presented = meals.map((meal) => present(meal, items.get(meal.idx)!));
    const week: DayTotal[] = [];
    for (let i = 0; i < WEEK_DAYS; i++) {
      const d = kstDateOf(new Date(weekStart.getTime() + i * DAY_MS));
      const ofDay = presented.filter((meal) => meal.eatenAt.slice(0, 10) === d);
      week.push({ date: d, mealCount: ofDay.length, ...sumNutrition(ofDay.map((meal) => meal.totals)) });
    }
    const todays = presented.filter((meal) => meal.eatenAt.slice(0, 10) === day);
    return {
      date: day,
      meals: todays,
      totals: sumNutrition(todays.map((meal) => meal.totals)),
      targets: await targetsOf(deps.db, patientIdx, today),
      week,
    };
  }

  /** The staff member, and the patient only when a home-care patient of their hospital. */
  const staffAndPatient = (staffIdx: number, patientIdx: number) =>
    deps.people.homeCarePatientOf(staffIdx, patientIdx);

  async function photoOf(patientIdx: number, mealIdx: number) {
    const meal = await repo.findMeal(deps.db, patientIdx, mealIdx);
    if (!meal?.photoKey) throw notFound('photo');
    const jpeg = await deps.photos.get(meal.photoKey);
    if (!jpeg) throw notFound('photo');
    return { contentType: 'image/jpeg' as const, dataBase64: jpeg.toString('base64') };
  }

  return {
    searchFoods(keyword: string): Food[] {
      return searchFoods(keyword);
    },

    async recordMeal(patientIdx: number, input: MealInput, locale: AppLocale): Promise<Meal> {
      check(input, locale);
      const photoKey = await storePhoto(input, locale);
      try {
        return await deps.db.transaction(async (tx) => {
          const idx = await repo.insertMeal(tx, patientIdx, {
            mealType: input.mealType,
            eatenAt: new Date(input.eatenAt),
            memo: (input.memo ?? '').trim(),
            photoKey,
          });
          await repo.replaceItems(tx, idx, itemsOf(input));
          await deps.audit.record(
            {
              actorType: 'patient',
              actorIdx: patientIdx,
              action: 'diet.meal.create',
              patientIdx,
              detail: { idx },
            },
            tx,
          );
          return loadMeal(tx, patientIdx, idx);
        });
      } catch (error) {
        await removePhotos([photoKey]);
        throw error;
      }
    },

    async updateMeal(patientIdx: number, body: UpdateMealBody, locale: AppLocale): Promise<Meal> {
      if (!(await repo.findMeal(deps.db, patientIdx, body.idx))) throw notFound('meal');
      check(body, locale);
      const newKey = await storePhoto(body, locale);
      let oldKey: string | null = null;
      try {
        const meal = await deps.db.transaction(async (tx) => {
          const stored = await repo.findMeal(tx, patientIdx, body.idx, true);
          if (!stored) throw notFound('meal');
          const keep = newKey === null && !body.removePhoto;
          oldKey = keep ? null : stored.photoKey;
          await repo.updateMeal(tx, body.idx, {
            mealType: body.mealType,
            eatenAt: new Date(body.eatenAt),
            memo: (body.memo ?? '').trim(),
            photoKey: keep ? stored.photoKey : newKey,
          });
          await repo.replaceItems(tx, body.idx, itemsOf(body));
          await deps.audit.record(
            {
              actorType: 'patient',
              actorIdx: patientIdx,
              action: 'diet.meal.update',
              patientIdx,
              detail: { idx: body.idx },
            },
            tx,
          );
          return loadMeal(tx, patientIdx, body.idx);
        });
        await removePhotos([oldKey]);
        return meal;
      } catch (error) {
        await removePhotos([newKey]);
        throw error;
      }
    },

    async deleteMeal(patientIdx: number, mealIdx: number): Promise<void> {
      const key = await deps.db.transaction(async (tx) => {
        const stored = await repo.findMeal(tx, patientIdx, mealIdx, true);
        if (!stored) throw notFound('meal');
        await repo.deleteMeal(tx, mealIdx);
        await deps.audit.record(
          {
            actorType: 'patient',
            actorIdx: patientIdx,
            action: 'diet.meal.delete',
            patientIdx,
            detail: { idx: mealIdx },
          },
          tx,
        );
        return stored.photoKey;
      });
      await removePhotos([key]);
    },

    async meal(patientIdx: number, mealIdx: number): Promise<Meal> {
      const meal = await loadMeal(deps.db, patientIdx, mealIdx);
      await deps.audit.record({
        actorType: 'patient',
        actorIdx: patientIdx,
        action: 'diet.meal.read',
        patientIdx,
      });
      return meal;
    },

    async photo(patientIdx: number, mealIdx: number) {
      return photoOf(patientIdx, mealIdx);
    },

    async day(patientIdx: number, date?: string): Promise<DietDay> {
      const day = await dayOf(patientIdx, date);
      await deps.audit.record({
        actorType: 'patient',
        actorIdx: patientIdx,
        action: 'diet.day.read',
        patientIdx,
      });
      return day;
    },

    async patientDiet(staffIdx: number, patientIdx: number, date?: string) {
      const { staff, patient } = await staffAndPatient(staffIdx, patientIdx);
      const day = await dayOf(patientIdx, date);
      await deps.audit.record({
        actorType: 'staff',
        actorIdx: staff.idx,
        action: 'diet.day.read',
        patientIdx,
      });
      return { ...day, patientName: patient.name };
    },

    async patientPhoto(staffIdx: number, patientIdx: number, mealIdx: number) {
      const { staff } = await staffAndPatient(staffIdx, patientIdx);
      const photo = await photoOf(patientIdx, mealIdx);
      await deps.audit.record({
        actorType: 'staff',
        actorIdx: staff.idx,
        action: 'diet.photo.read',
        patientIdx,
        detail: { idx: mealIdx },
      });
      return photo;
    },

    async setTargets(staffIdx: number, body: SetDietTargetsBody, locale: AppLocale): Promise<DietTargets> {
      const { staff } = await staffAndPatient(staffIdx, body.patientIdx);
      const problems = targetProblems(body);
      if (problems.length > 0) throw refused(problems, locale);
      return deps.db.transaction(async (tx) => {
        await repo.setTargets(tx, body.patientIdx, body, staff);
        await deps.audit.record(
          { actorType: 'staff', actorIdx: staff.idx, action: 'diet.target.set', patientIdx: body.patientIdx },
          tx,
        );
        return targetsOf(tx, body.patientIdx, kstDateOf(now()));
      });
    },

    async resetTargets(staffIdx: number, patientIdx: number): Promise<DietTargets> {
      const { staff } = await staffAndPatient(staffIdx, patientIdx);
      return deps.db.transaction(async (tx) => {
        await repo.clearTargets(tx, patientIdx);
        await deps.audit.record(
          { actorType: 'staff', actorIdx: staff.idx, action: 'diet.target.reset', patientIdx },
          tx,
        );
        return targetsOf(tx, patientIdx, kstDateOf(now()));
      });
    },

    /**
     * Account deletion (PIPA Art. 21): meals, their items, the targets, and the photo files.
     * The files go once their rows are deleted in the deletion's transaction; a file that
     * cannot be removed is logged (its row is already gone, so nothing serves it).
     */
    async erasePatient(tx: SqlQueryable, patientIdx: number): Promise<void> {
      const keys = await repo.eraseOfPatient(tx, patientIdx);
      await removePhotos(keys);
    },
  };
}

export type DietService = ReturnType<typeof createDietService>;
