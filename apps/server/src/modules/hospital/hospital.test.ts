import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { Hospital } from '@smartcare/contract/hospital';
import { ResultCode } from '@smartcare/contract/result-codes';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { api, createHospital } from '../../testing/factories.ts';

describe('hospital list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await createHospital(t.app.db, {
      name: '스마트병원 서울본원',
      address: '서울특별시 종로구 대학로 101',
      areas: ['HOSPITAL', 'HOMECARE'],
    });
    await createHospital(t.app.db, {
      name: '스마트병원 부산분원',
      address: '부산광역시 서구 구덕로 179',
      areas: ['HOSPITAL'],
    });
    await createHospital(t.app.db, { name: '100%_회복의원', address: '대전광역시', areas: ['HOMECARE'] });
  });
  afterAll(() => t.close());

  const list = (keyword?: string) =>
    api(t.baseUrl).get<Hospital[]>(apiPaths.hospital.getHospitalList, { query: { keyword } });

  it('lists every hospital without logging in', async () => {
    const response = await list();
    expect(response.code).toBe(ResultCode.SUCCESS);
    expect(response.data!.map((h) => h.name).sort()).toEqual([
      '100%_회복의원',
      '스마트병원 부산분원',
      '스마트병원 서울본원',
    ]);
    expect(response.data!.find((h) => h.name === '스마트병원 부산분원')!.areas).toEqual(['HOSPITAL']);
  });

  it('searches the name and the address', async () => {
    expect((await list('부산')).data!.map((h) => h.name)).toEqual(['스마트병원 부산분원']);
    expect((await list('종로구')).data!.map((h) => h.name)).toEqual(['스마트병원 서울본원']);
    expect((await list('없는병원')).data).toEqual([]);
  });

  it('treats % and _ in a keyword as plain characters', async () => {
    expect((await list('%')).data!.map((h) => h.name)).toEqual(['100%_회복의원']);
    expect((await list('_')).data!.map((h) => h.name)).toEqual(['100%_회복의원']);
  });

  it('refuses unknown query parameters and over-long keywords', async () => {
    expect(
      (await api(t.baseUrl).get(apiPaths.hospital.getHospitalList, { query: { sort: 'name' } })).code,
    ).toBe(ResultCode.VALIDATION_FAILED);
    expect((await list('가'.repeat(51))).code).toBe(ResultCode.VALIDATION_FAILED);
  });
});
