import type { MealItem, MealType, Nutrition } from '@smartcare/contract/diet';
import type { SqlQueryable } from '../../plugins/db/db.plugin.ts';

/** Repositories only query; they run on the database or inside a transaction alike. */
type Sql = Pick<SqlQueryable, 'query'>;

/** Korea has no summer time: a Korean calendar day is UTC+9 all year. */
export const KST_OFFSET_S = 9 * 3600;

export interface StoredMeal {
  idx: number;
  patientIdx: number;
  mealType: MealType;
  eatenAt: Date;
  memo: string;
  photoKey: string | null;
}

export interface StoredTargets extends Nutrition {
  diabetic: boolean;
  hypertensive: boolean;
  setByName: string;
  setAt: Date;
}

const MEAL_COLUMNS = `idx, patient_idx AS "patientIdx", meal_type AS "mealType", eaten_at AS "eatenAt", memo,
  photo_key AS "photoKey"`;
const ITEM_COLUMNS = `meal_idx AS "mealIdx", food_code AS "foodCode", name, unit, amount, kcal, carb_g AS "carbG",
  protein_g AS "proteinG", fat_g AS "fatG", sugar_g AS "sugarG", sodium_mg AS "sodiumMg"`;

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const mealOf = (row: StoredMeal): StoredMeal => ({ ...row, eatenAt: toDate(row.eatenAt) });

/** Diet SQL, erasure included (decisions 001, 006: the same SQL on PGlite and PostgreSQL). */
export const dietRepository = {
  async insertMeal(
    db: Sql,
    patientIdx: number,
    meal: { mealType: MealType; eatenAt: Date; memo: string; photoKey: string | null },
  ): Promise<number> {
    const { rows } = await db.query<{ idx: number }>(
      `INSERT INTO diet_meal (patient_idx, meal_type, eaten_at, memo, photo_key) VALUES ($1, $2, $3, $4, $5)
       RETURNING idx`,
      [patientIdx, meal.mealType, meal.eatenAt.toISOString(), meal.memo, meal.photoKey],
    );
    return rows[0]!.idx;
  },

  async updateMeal(
    db: Sql,
    mealIdx: number,
    meal: { mealType: MealType; eatenAt: Date; memo: string; photoKey: string | null },
  ): Promise<void> {
    await db.query(
      `UPDATE diet_meal SET meal_type = $2, eaten_at = $3, memo = $4, photo_key = $5, updated_at = now()
       WHERE idx = $1`,
      [mealIdx, meal.mealType, meal.eatenAt.toISOString(), meal.memo, meal.photoKey],
    );
  },

  async replaceItems(db: Sql, mealIdx: number, items: readonly MealItem[]): Promise<void> {
    await db.query(`DELETE FROM diet_meal_item WHERE meal_idx = $1`, [mealIdx]);
    for (const [position, item] of items.entries()) {
      await db.query(
        `INSERT INTO diet_meal_item (meal_idx, position, food_code, name, unit, amount, kcal, carb_g, protein_g,
           fat_g, sugar_g, sodium_mg)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          mealIdx,
          position,
          item.foodCode,
          item.name,
          item.unit,
          item.amount,
          item.kcal,
          item.carbG,
          item.proteinG,
          item.fatG,
          item.sugarG,
          item.sodiumMg,
        ],
      );
    }
  },

  /** The meal when it is the patient's; locked when `forUpdate`. */
  async findMeal(
    db: Sql,
    patientIdx: number,
    mealIdx: number,
    forUpdate = false,
  ): Promise<StoredMeal | null> {
    const { rows } = await db.query<StoredMeal>(
      `SELECT ${MEAL_COLUMNS} FROM diet_meal WHERE idx = $1 AND patient_idx = $2${forUpdate ? ' FOR UPDATE' : ''}`,
      [mealIdx, patientIdx],
    );
    return rows[0] ? mealOf(rows[0]) : null;
  },

  async deleteMeal(db: Sql, mealIdx: number): Promise<void> {
    await db.query(`DELETE FROM diet_meal WHERE idx = $1`, [mealIdx]);
  },

  /** Meals in [from, to), oldest first, with their items. */
  async mealsBetween(
    db: Sql,
    patientIdx: number,
    from: Date,
    to: Date,
  ): Promise<{ meals: StoredMeal[]; items: Map<number, MealItem[]> }> {
    const { rows } = await db.query<StoredMeal>(
      `SELECT ${MEAL_COLUMNS} FROM diet_meal WHERE patient_idx = $1 AND eaten_at >= $2 AND eaten_at < $3
       ORDER BY eaten_at, idx`,
      [patientIdx, from.toISOString(), to.toISOString()],
    );
    const meals = rows.map(mealOf);
    return {
      meals,
      items: await this.itemsOf(
        db,
        meals.map((m) => m.idx),
      ),
    };
  },

  async itemsOf(db: Sql, mealIdxs: readonly number[]): Promise<Map<number, MealItem[]>> {
    const items = new Map<number, MealItem[]>(mealIdxs.map((idx) => [idx, []]));
    if (mealIdxs.length === 0) return items;
    const { rows } = await db.query<MealItem & { mealIdx: number }>(
      `SELECT ${ITEM_COLUMNS} FROM diet_meal_item WHERE meal_idx = ANY($1::int[]) ORDER BY meal_idx, position`,
      [mealIdxs as number[]],
    );
    for (const { mealIdx, ...item } of rows) {
      items.get(mealIdx)!.push({
        ...item,
        amount: item.amount === null ? null : Number(item.amount),
      });
    }
    return items;
  },

  async targets(db: Sql, patientIdx: number): Promise<StoredTargets | null> {
    const { rows } = await db.query<StoredTargets>(
      `SELECT kcal, carb_g AS "carbG", protein_g AS "proteinG", fat_g AS "fatG", sugar_g AS "sugarG",
         sodium_mg AS "sodiumMg", diabetic, hypertensive, set_by_name AS "setByName", set_at AS "setAt"
       FROM diet_target WHERE patient_idx = $1`,
      [patientIdx],
    );
    return rows[0] ? { ...rows[0], setAt: toDate(rows[0].setAt) } : null;
  },

  async setTargets(
    db: Sql,
    patientIdx: number,
    t: Nutrition & { diabetic: boolean; hypertensive: boolean },
    by: { idx: number; name: string },
  ): Promise<void> {
    await db.query(
      `INSERT INTO diet_target (patient_idx, kcal, carb_g, protein_g, fat_g, sugar_g, sodium_mg, diabetic,
         hypertensive, set_by_idx, set_by_name, set_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now())
       ON CONFLICT (patient_idx) DO UPDATE SET kcal = $2, carb_g = $3, protein_g = $4, fat_g = $5, sugar_g = $6,
         sodium_mg = $7, diabetic = $8, hypertensive = $9, set_by_idx = $10, set_by_name = $11, set_at = now()`,
      [
        patientIdx,
        t.kcal,
        t.carbG,
        t.proteinG,
        t.fatG,
        t.sugarG,
        t.sodiumMg,
        t.diabetic,
        t.hypertensive,
        by.idx,
        by.name,
      ],
    );
  },

  async clearTargets(db: Sql, patientIdx: number): Promise<void> {
    await db.query(`DELETE FROM diet_target WHERE patient_idx = $1`, [patientIdx]);
  },

  /** Account deletion: the patient's meals (items go with them); returns the photo keys to remove. */
  async eraseOfPatient(db: Sql, patientIdx: number): Promise<string[]> {
    const { rows } = await db.query<{ photoKey: string | null }>(
      `DELETE FROM diet_meal WHERE patient_idx = $1 RETURNING photo_key AS "photoKey"`,
      [patientIdx],
    );
    await db.query(`DELETE FROM diet_target WHERE patient_idx = $1`, [patientIdx]);
    return rows.flatMap((row) => (row.photoKey ? [row.photoKey] : []));
  },
};
