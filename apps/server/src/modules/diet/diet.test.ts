import { access } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { DietDay, DietTargets, Food, Meal } from '@smartcare/contract/diet';
import { ResultCode } from '@smartcare/contract/result-codes';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import {
  api,
  createHospital,
  createPatient,
  createStaff,
  loginPatient,
  loginStaff,
} from '../../testing/factories.ts';
import { foodByCode } from './diet.food-table.ts';
import { kstDateOf } from './diet.service.ts';

/**
 * Diet logging over the real database and files (issue 15): meals with foods and photos,
 * the day and week, a nurse's view and targets, field-by-field refusals, who may see what,
 * and erasure of meals and photo files on account deletion.
 */
let t: TestApp;
let hospitalIdx: number;
let otherHospitalIdx: number;

async function homePatient(
  extra: { sex?: 'M' | 'F'; birthDate?: string; areas?: ('HOSPITAL' | 'HOMECARE')[] } = {},
  hospital = hospitalIdx,
) {
  const created = await createPatient(t.app.db, {
    name: '이식단',
    choseHospitalIdx: hospital,
    areas: ['HOMECARE'],
    ...extra,
  });
  const { accessToken } = await loginPatient(t.baseUrl, created);
  return { ...created, accessToken };
}

async function nurseOf(hospital: number) {
  const staff = await createStaff(t.app.db, { hospitalIdx: hospital, name: '한간호' });
  return { ...staff, accessToken: (await loginStaff(t.baseUrl, staff)).accessToken };
}

async function cameraJpeg() {
  return sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#d0a060' } })
    .withExif({
      IFD0: { Make: 'TestPhone' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 33/1 59/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '126/1 58/1 40/1',
      },
    })
    .jpeg()
    .toBuffer();
}

const kstNow = (minutesAgo = 5) => {
  const at = new Date(Date.now() - minutesAgo * 60_000 + 9 * 3600_000);
  return `${at.toISOString().slice(0, 19)}+09:00`;
};

const record = (token: string, body: unknown) =>
  api(t.baseUrl).post<Meal>(apiPaths.diet.recordMeal, { token, body });
const day = (token: string, date?: string) =>
  api(t.baseUrl).get<DietDay>(apiPaths.diet.getDay, { token, query: { date } });
const meals = async (patientIdx: number) =>
  (
    await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM diet_meal WHERE patient_idx = $1', [
      patientIdx,
    ])
  ).rows[0]!.n;
const photoPathOf = async (mealIdx: number) => {
  const { rows } = await t.app.db.query<{ key: string }>(
    'SELECT photo_key AS key FROM diet_meal WHERE idx = $1',
    [mealIdx],
  );
  const key = rows[0]!.key;
  return path.join(t.config.dataDir, 'diet-photos', key.slice(0, 2), key);
};
/** `access.refused` entries about the patient (a refusal is audited with its patient). */
const refusals = async (patientIdx: number) =>
  (
    await t.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'access.refused' AND patient_idx = $1`,
      [patientIdx],
    )
  ).rows[0]!.n;
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

const lunch = () => ({
  mealType: 'LUNCH',
  eatenAt: kstNow(),
  items: [
    { kind: 'FOOD', foodCode: 'F001', unit: 'SERVING', amount: 1 },
    { kind: 'FOOD', foodCode: 'F085', unit: 'GRAM', amount: 150 },
    { kind: 'FREE', name: '집에서 만든 나물', kcal: 80, carbG: 6, proteinG: 3, fatG: 4.5, sodiumMg: 350 },
  ],
  memo: '점심은 맛있었다',
});

beforeAll(async () => {
  t = await buildTestApp();
  hospitalIdx = (await createHospital(t.app.db, { name: '재택병원' })).idx;
  otherHospitalIdx = (await createHospital(t.app.db, { name: '다른병원' })).idx;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('food search', () => {
  it('answers foods by 초성 and by part of the name', async () => {
    const patient = await homePatient();
    const byChoseong = await api(t.baseUrl).get<Food[]>(apiPaths.diet.searchFoods, {
      token: patient.accessToken,
      query: { keyword: 'ㄱㅊㅉㄱ' },
    });
    expect(byChoseong.data![0]!.name).toBe('김치찌개');
    const partial = await api(t.baseUrl).get<Food[]>(apiPaths.diet.searchFoods, {
      token: patient.accessToken,
      query: { keyword: '볶음밥' },
    });
    expect(partial.data!.map((f) => f.name)).toContain('새우볶음밥');
    const empty = await api(t.baseUrl).get(apiPaths.diet.searchFoods, {
      token: patient.accessToken,
      query: { keyword: '' },
    });
    expect(empty.code).toBe(ResultCode.VALIDATION_FAILED);
  });
});

describe('logging a meal', () => {
  it('stores foods scaled to their amounts and free entries, and the day adds them up', async () => {
    const patient = await homePatient({ sex: 'F', birthDate: '1950-03-01' });
    const saved = await record(patient.accessToken, lunch());
    expect(saved.code).toBe(ResultCode.SUCCESS);
    const rice = foodByCode('F001')!;
    const stew = foodByCode('F085')!;
    expect(stew.name).toBe('김치찌개');
    const meal = saved.data!;
    expect(meal.items.map((i) => i.name)).toEqual(['쌀밥', '김치찌개', '집에서 만든 나물']);
    // 150 g of a 300 g serving of 김치찌개 is half its figures
    expect(meal.items[1]!.kcal).toBe(Math.round(stew.kcal / 2));
    expect(meal.items[1]!.sodiumMg).toBe(Math.round(stew.sodiumMg / 2));
    expect(meal.totals.kcal).toBe(rice.kcal + Math.round(stew.kcal / 2) + 80);
    expect(meal.totals.sodiumMg).toBe(rice.sodiumMg + Math.round(stew.sodiumMg / 2) + 350);
    expect(meal.items[2]!.sugarG).toBe(0);
    expect(meal.eatenAt).toMatch(/\+09:00$/);

    // The meal's own day: five minutes after midnight in Korea it was eaten yesterday.
    const today = await day(patient.accessToken, meal.eatenAt.slice(0, 10));
    expect(today.data!.meals).toHaveLength(1);
    expect(today.data!.totals.kcal).toBe(meal.totals.kcal);
    // Defaults: a woman of 76 gets the KDRI 75+ figures
    expect(today.data!.targets).toMatchObject({
      source: 'KDRI',
      kcal: 1500,
      sodiumMg: 2300,
      diabetic: false,
    });
    // Seven days ending today, the empty ones shown as such
    expect(today.data!.week).toHaveLength(7);
    expect(today.data!.week[6]).toMatchObject({ date: kstDateOf(new Date()), mealCount: 1 });
    expect(today.data!.week.slice(0, 6).every((d) => d.mealCount === 0 && d.kcal === 0)).toBe(true);
  });

  it('refuses bad fields with a Korean message each, storing nothing', async () => {
    const patient = await homePatient();
    const future = new Date(Date.now() + 3600_000 + 9 * 3600_000).toISOString().slice(0, 19) + '+09:00';
    const refused = await record(patient.accessToken, {
      mealType: 'DINNER',
      eatenAt: future,
      items: [
        { kind: 'FOOD', foodCode: 'NOPE', unit: 'SERVING', amount: 0 },
        { kind: 'FREE', name: '', kcal: -5 },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.code).toBe(ResultCode.DIET_INVALID);
    const fields = (refused.data as unknown as { fields: { field: string; message: string }[] }).fields;
    expect(fields).toEqual([
      { field: 'eatenAt', message: '아직 오지 않은 시간은 기록할 수 없습니다' },
      { field: 'items.0.foodCode', message: '음식 목록에 없는 음식입니다. 다시 검색해 주세요' },
      { field: 'items.0.amount', message: '양은 0보다 크고 20인분(5000g) 이하로 입력해 주세요' },
      { field: 'items.1.name', message: '음식 이름을 입력해 주세요' },
      { field: 'items.1.kcal', message: '0 이상의 알맞은 숫자를 입력해 주세요' },
    ]);
    const noFoods = await record(patient.accessToken, { mealType: 'SNACK', eatenAt: kstNow(), items: [] });
    expect(noFoods.code).toBe(ResultCode.DIET_INVALID);
    const badType = await record(patient.accessToken, { ...lunch(), mealType: 'BRUNCH' });
    expect(badType.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(await meals(patient.idx)).toBe(0);
  });

  it('keeps markup as text', async () => {
    const patient = await homePatient();
    const xss = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const saved = await record(patient.accessToken, {
      ...lunch(),
      memo: xss,
      items: [{ kind: 'FREE', name: xss.slice(0, 40), kcal: 10 }],
    });
    expect(saved.data!.memo).toBe(xss);
    expect(saved.data!.items[0]!.name).toBe(xss.slice(0, 40));
  });
});

describe('photos', () => {
  it('stores a resized copy without EXIF, served to the patient and their hospital only', async () => {
    const patient = await homePatient();
    const original = await cameraJpeg();
    const saved = await record(patient.accessToken, {
      ...lunch(),
      photo: { dataBase64: original.toString('base64') },
    });
    expect(saved.code).toBe(ResultCode.SUCCESS);
    expect(saved.data!.hasPhoto).toBe(true);
    const file = await photoPathOf(saved.data!.idx);
    expect(await exists(file)).toBe(true);

    const own = await api(t.baseUrl).get<{ dataBase64: string }>(apiPaths.diet.getPhoto, {
      token: patient.accessToken,
      query: { idx: saved.data!.idx },
    });
    const served = Buffer.from(own.data!.dataBase64, 'base64');
    const meta = await sharp(served).metadata();
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width!, meta.height!)).toBe(1280);
    expect(served.includes(Buffer.from('Exif\u0000\u0000', 'latin1'))).toBe(false);

    const stranger = await homePatient();
    const theirs = await api(t.baseUrl).get(apiPaths.diet.getPhoto, {
      token: stranger.accessToken,
      query: { idx: saved.data!.idx },
    });
    expect(theirs.code).toBe(ResultCode.NOT_FOUND);

    const nurse = await nurseOf(hospitalIdx);
    const byNurse = await api(t.baseUrl).get<{ dataBase64: string }>(apiPaths.diet.getPatientPhoto, {
      token: nurse.accessToken,
      query: { patientIdx: patient.idx, idx: saved.data!.idx },
    });
    expect(byNurse.data!.dataBase64).toBe(own.data!.dataBase64);
    const otherNurse = await nurseOf(otherHospitalIdx);
    const byOther = await api(t.baseUrl).get(apiPaths.diet.getPatientPhoto, {
      token: otherNurse.accessToken,
      query: { patientIdx: patient.idx, idx: saved.data!.idx },
    });
    expect(byOther.code).toBe(ResultCode.NOT_FOUND);
  });

  it('refuses other file types and oversize photos with a message on the photo field', async () => {
    const patient = await homePatient();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await record(patient.accessToken, {
      ...lunch(),
      photo: { dataBase64: svg.toString('base64') },
    });
    expect(refused.code).toBe(ResultCode.DIET_INVALID);
    expect((refused.data as unknown as { fields: unknown[] }).fields).toEqual([
      { field: 'photo', message: '사진은 JPEG, PNG, HEIC 파일만 올릴 수 있습니다' },
    ]);
    const tooBig = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(8 * 1024 * 1024)]);
    const big = await record(patient.accessToken, {
      ...lunch(),
      photo: { dataBase64: tooBig.toString('base64') },
    });
    expect(big.code).toBe(ResultCode.DIET_INVALID);
    expect((big.data as unknown as { fields: unknown[] }).fields).toEqual([
      { field: 'photo', message: '사진은 8MB 이하만 올릴 수 있습니다' },
    ]);
    expect(await meals(patient.idx)).toBe(0);
  });

  it('replaces and removes the photo file on edit and delete', async () => {
    const patient = await homePatient();
    const photo = { dataBase64: (await cameraJpeg()).toString('base64') };
    const saved = (await record(patient.accessToken, { ...lunch(), photo })).data!;
    const first = await photoPathOf(saved.idx);
    const edited = await api(t.baseUrl).put<Meal>(apiPaths.diet.updateMeal, {
      token: patient.accessToken,
      body: { ...lunch(), idx: saved.idx, mealType: 'DINNER', photo },
    });
    expect(edited.data!.mealType).toBe('DINNER');
    const second = await photoPathOf(saved.idx);
    expect(second).not.toBe(first);
    expect(await exists(first)).toBe(false);
    expect(await exists(second)).toBe(true);

    const removed = await api(t.baseUrl).put<Meal>(apiPaths.diet.updateMeal, {
      token: patient.accessToken,
      body: {
        ...lunch(),
        idx: saved.idx,
        items: [{ kind: 'FOOD', foodCode: 'F002', unit: 'SERVING', amount: 2 }],
        removePhoto: true,
      },
    });
    expect(removed.data!.hasPhoto).toBe(false);
    expect(removed.data!.items).toHaveLength(1);
    expect(await exists(second)).toBe(false);

    const again = (await record(patient.accessToken, { ...lunch(), photo })).data!;
    const third = await photoPathOf(again.idx);
    const deleted = await api(t.baseUrl).delete(apiPaths.diet.deleteMeal, {
      token: patient.accessToken,
      body: { idx: again.idx },
    });
    expect(deleted.code).toBe(ResultCode.SUCCESS);
    expect(await exists(third)).toBe(false);
  });
});

describe('who may see and change what', () => {
  it("a patient reaches only their own meals; another's are not found and unchanged", async () => {
    const owner = await homePatient();
    const other = await homePatient();
    const saved = (await record(owner.accessToken, lunch())).data!;
    const calls = [
      api(t.baseUrl).get(apiPaths.diet.getMeal, { token: other.accessToken, query: { idx: saved.idx } }),
      api(t.baseUrl).put(apiPaths.diet.updateMeal, {
        token: other.accessToken,
        body: { ...lunch(), idx: saved.idx },
      }),
      api(t.baseUrl).delete(apiPaths.diet.deleteMeal, { token: other.accessToken, body: { idx: saved.idx } }),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.code).toBe(ResultCode.NOT_FOUND);
    expect(await meals(owner.idx)).toBe(1);
    expect((await day(other.accessToken)).data!.meals).toEqual([]);
    const mine = await api(t.baseUrl).get<Meal>(apiPaths.diet.getMeal, {
      token: owner.accessToken,
      query: { idx: saved.idx },
    });
    expect(mine.data!.items).toHaveLength(3);
  });

  it("needs a login for every call, of the right kind: a patient's for patient calls, a staff member's for staff calls", async () => {
    const patient = await homePatient();
    const nurse = await nurseOf(hospitalIdx);
    const patientCalls: [string, string][] = [
      ['GET', apiPaths.diet.searchFoods],
      ['POST', apiPaths.diet.recordMeal],
      ['PUT', apiPaths.diet.updateMeal],
      ['DELETE', apiPaths.diet.deleteMeal],
      ['GET', apiPaths.diet.getMeal],
      ['GET', apiPaths.diet.getPhoto],
      ['GET', apiPaths.diet.getDay],
    ];
    const staffCalls: [string, string][] = [
      ['GET', apiPaths.diet.getPatientDiet],
      ['GET', apiPaths.diet.getPatientPhoto],
      ['PUT', apiPaths.diet.setTargets],
      ['DELETE', apiPaths.diet.resetTargets],
    ];
    for (const [method, p] of [...patientCalls, ...staffCalls]) {
      const anonymous = await api(t.baseUrl).call(method, p);
      expect(anonymous.status, `${method} ${p}`).toBe(401);
    }
    for (const [method, p] of staffCalls) {
      // A patient's token is no staff login (and the other way round): as if not logged in.
      const answer = await api(t.baseUrl).call(method, p, { token: patient.accessToken });
      expect(answer.status, `${method} ${p}`).toBe(401);
    }
    for (const [method, p] of patientCalls) {
      const answer = await api(t.baseUrl).call(method, p, { token: nurse.accessToken });
      expect(answer.status, `${method} ${p}`).toBe(401);
    }
  });
});

describe('the nurse', () => {
  it("sees a patient's day and week and sets the targets and call-outs; another hospital cannot", async () => {
    const patient = await homePatient({ sex: 'M', birthDate: '1960-01-01' });
    const eaten = lunch();
    await record(patient.accessToken, eaten);
    const nurse = await nurseOf(hospitalIdx);
    const view = await api(t.baseUrl).get<DietDay & { patientName: string }>(apiPaths.diet.getPatientDiet, {
      token: nurse.accessToken,
      query: { patientIdx: patient.idx, date: eaten.eatenAt.slice(0, 10) },
    });
    expect(view.data!.patientName).toBe('이식단');
    expect(view.data!.meals).toHaveLength(1);
    expect(view.data!.targets.source).toBe('KDRI');

    const targets = {
      patientIdx: patient.idx,
      kcal: 1800,
      carbG: 225,
      proteinG: 70,
      fatG: 50,
      sugarG: 50,
      sodiumMg: 2000,
      diabetic: true,
      hypertensive: true,
    };
    const set = await api(t.baseUrl).put<DietTargets>(apiPaths.diet.setTargets, {
      token: nurse.accessToken,
      body: targets,
    });
    expect(set.data).toMatchObject({
      source: 'NURSE',
      kcal: 1800,
      diabetic: true,
      hypertensive: true,
      setByName: '한간호',
    });
    expect((await day(patient.accessToken)).data!.targets).toMatchObject({
      kcal: 1800,
      carbG: 225,
      diabetic: true,
    });

    const bad = await api(t.baseUrl).put(apiPaths.diet.setTargets, {
      token: nurse.accessToken,
      body: { ...targets, kcal: 0, sodiumMg: 999_999 },
    });
    expect(bad.code).toBe(ResultCode.DIET_INVALID);
    expect((bad.data as unknown as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual([
      'kcal',
      'sodiumMg',
    ]);
    expect((await day(patient.accessToken)).data!.targets.kcal).toBe(1800);

    const other = await nurseOf(otherHospitalIdx);
    for (const answer of [
      await api(t.baseUrl).get(apiPaths.diet.getPatientDiet, {
        token: other.accessToken,
        query: { patientIdx: patient.idx },
      }),
      await api(t.baseUrl).put(apiPaths.diet.setTargets, {
        token: other.accessToken,
        body: { ...targets, kcal: 900 },
      }),
      await api(t.baseUrl).delete(apiPaths.diet.resetTargets, {
        token: other.accessToken,
        body: { patientIdx: patient.idx },
      }),
    ])
      expect(answer.code).toBe(ResultCode.NOT_FOUND);
    expect((await day(patient.accessToken)).data!.targets.kcal).toBe(1800);

    const reset = await api(t.baseUrl).delete<DietTargets>(apiPaths.diet.resetTargets, {
      token: nurse.accessToken,
      body: { patientIdx: patient.idx },
    });
    // a man of 66: KDRI 65–74
    expect(reset.data).toMatchObject({ source: 'KDRI', kcal: 2000, diabetic: false });

    const { rows } = await t.app.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE patient_idx = $1 AND action LIKE 'diet.%' ORDER BY idx`,
      [patient.idx],
    );
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['diet.meal.create', 'diet.day.read', 'diet.target.set', 'diet.target.reset']),
    );
  });
});

describe('staff reach only their hospital’s home-care patients (decision 021)', () => {
  it('a same-hospital patient not in home care: every staff call is not found, audited, and changes nothing', async () => {
    const ward = await homePatient({ areas: ['HOSPITAL'] });
    const saved = (
      await record(ward.accessToken, {
        ...lunch(),
        photo: { dataBase64: (await cameraJpeg()).toString('base64') },
      })
    ).data!;
    const nurse = await nurseOf(hospitalIdx);
    const c = api(t.baseUrl);
    const targets = {
      patientIdx: ward.idx,
      kcal: 1800,
      carbG: 225,
      proteinG: 70,
      fatG: 50,
      sugarG: 50,
      sodiumMg: 2000,
      diabetic: true,
      hypertensive: false,
    };
    const calls: [string, () => Promise<{ status: number; code: number }>][] = [
      [
        'getPatientDiet',
        () =>
          c.get(apiPaths.diet.getPatientDiet, { token: nurse.accessToken, query: { patientIdx: ward.idx } }),
      ],
      [
        'getPatientPhoto',
        () =>
          c.get(apiPaths.diet.getPatientPhoto, {
            token: nurse.accessToken,
            query: { patientIdx: ward.idx, idx: saved.idx },
          }),
      ],
      ['setTargets', () => c.put(apiPaths.diet.setTargets, { token: nurse.accessToken, body: targets })],
      [
        'resetTargets',
        () =>
          c.delete(apiPaths.diet.resetTargets, { token: nurse.accessToken, body: { patientIdx: ward.idx } }),
      ],
    ];
    for (const [name, call] of calls) {
      const before = await refusals(ward.idx);
      const answer = await call();
      expect([answer.status, answer.code], name).toEqual([404, ResultCode.NOT_FOUND]);
      expect(await refusals(ward.idx), name).toBe(before + 1);
    }
    expect((await day(ward.accessToken)).data!.targets.source).toBe('KDRI');

    // The same calls for a home-care patient of the hospital are answered.
    const home = await homePatient();
    const ok = await c.get(apiPaths.diet.getPatientDiet, {
      token: nurse.accessToken,
      query: { patientIdx: home.idx },
    });
    expect(ok.code).toBe(ResultCode.SUCCESS);
  });
});

describe('account deletion', () => {
  it("erases the patient's meals and photo files, and nobody else's", async () => {
    const patient = await homePatient();
    const bystander = await homePatient();
    const photo = { dataBase64: (await cameraJpeg()).toString('base64') };
    const mine = (await record(patient.accessToken, { ...lunch(), photo })).data!;
    const theirs = (await record(bystander.accessToken, { ...lunch(), photo })).data!;
    const myFile = await photoPathOf(mine.idx);
    const theirFile = await photoPathOf(theirs.idx);
    const deleted = await api(t.baseUrl).delete(apiPaths.patient.delete, {
      token: patient.accessToken,
      body: { password: patient.password },
    });
    expect(deleted.code).toBe(ResultCode.SUCCESS);
    expect(await meals(patient.idx)).toBe(0);
    expect(await exists(myFile)).toBe(false);
    expect(await meals(bystander.idx)).toBe(1);
    expect(await exists(theirFile)).toBe(true);
    const items = await t.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM diet_meal_item WHERE meal_idx = $1',
      [mine.idx],
    );
    expect(items.rows[0]!.n).toBe(0);
  });
});
