import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { EditorContent, SearchResult } from '@smartcare/contract/hospital-content';
import { ResultCode } from '@smartcare/contract/result-codes';
import { seedDemoHospitalContent } from '../../db/demo-hospital-content.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { createPeopleService } from '../people/people.service.ts';
import { createHospitalContentService } from './hospital-content.service.ts';
import {
  api,
  createHospital,
  createPatient,
  createStaff,
  loginPatient,
  loginStaff,
} from '../../testing/factories.ts';

/**
 * Search over the demo hospital's real guides and FAQ (decision 019), on the database the
 * tests run on (PGlite here, PostgreSQL in CI with TEST_DATABASE_URL).
 */
let t: TestApp;
let patient: string;
let outsider: string;
let editor: string;
let patientIdx: number;

beforeAll(async () => {
  t = await buildTestApp();
  const hospital = await createHospital(t.app.db, { name: '검색병원', phone: '02-111-2222' });
  await seedDemoHospitalContent(t.app.db, { idx: hospital.idx, name: hospital.name, phone: hospital.phone });
  const account = await createPatient(t.app.db, { choseHospitalIdx: hospital.idx });
  patientIdx = account.idx;
  patient = (await loginPatient(t.baseUrl, account)).accessToken;
  editor = (
    await loginStaff(t.baseUrl, await createStaff(t.app.db, { hospitalIdx: hospital.idx, role: 'ADMIN' }))
  ).accessToken;
  const other = await createHospital(t.app.db, { name: '다른검색병원' });
  outsider = (await loginPatient(t.baseUrl, await createPatient(t.app.db, { choseHospitalIdx: other.idx })))
    .accessToken;
});

afterAll(async () => {
  await t?.close();
});

async function search(keyword: string, token = patient): Promise<SearchResult[]> {
  const response = await api(t.baseUrl).get<SearchResult[]>(apiPaths.hospitalContent.search, {
    token,
    query: { keyword },
  });
  expect(response.code, keyword).toBe(ResultCode.SUCCESS);
  return response.data!;
}
const titles = async (keyword: string) => (await search(keyword)).map((r) => r.title);

describe('guide search', () => {
  it('finds partial words in titles first: 주차 → 주차장, 주차 요금', async () => {
    const results = await search('주차');
    const top = results.slice(0, 6).map((r) => r.title);
    expect(top).toEqual(expect.arrayContaining(['주차장 이용 안내', '주차 요금 및 할인 안내']));
    expect(results[0]!.matchedBy).toBe('TITLE');
    const parkingLot = results.find((r) => r.title === '주차장 이용 안내')!;
    expect(parkingLot.titleHighlights).toEqual([[0, 2]]);
  });

  it('finds by 초성: ㅈㅊ → 주차', async () => {
    const results = await search('ㅈㅊ');
    expect(results.slice(0, 5).map((r) => r.title)).toContain('주차장 이용 안내');
    const hit = results.find((r) => r.title === '주차장 이용 안내')!;
    expect(hit.matchedBy).toBe('CHOSEONG');
    expect(hit.titleHighlights).toEqual([[0, 2]]);
    expect((await search('ㅁㅎㅅㄱ'))[0]!.title).toBe('면회시간 안내');
  });

  it('ignores spacing: 입원 안내 = 입원안내', async () => {
    const spaced = await titles('입원 안내');
    const joined = await titles('입원안내');
    expect(spaced[0]).toBe('입원 안내');
    // The same items match as a whole; words apart may add more further down (all words somewhere).
    expect(joined.slice(0, 2)).toEqual(spaced.slice(0, 2));
    expect(spaced).toEqual(expect.arrayContaining(joined));
    expect(await titles('면회 시간 안내')).toContain('면회시간 안내');
  });

  it('forgives a small typo: 면회시산 → 면회시간', async () => {
    const results = await search('면회시산');
    expect(results.map((r) => r.title)).toContain('면회시간 안내');
    expect(results.find((r) => r.title === '면회시간 안내')!.matchedBy).toBe('TYPO');
    expect(await titles('주차요굼')).toContain('주차 요금 및 할인 안내');
  });

  it('uses the keywords as synonyms', async () => {
    const fee = await search('주차비');
    expect(fee.map((r) => r.title)).toContain('주차 요금 및 할인 안내');
    expect(fee.find((r) => r.title === '주차 요금 및 할인 안내')!.matchedBy).toBe('KEYWORD');
    expect((await titles('발렛')).slice(0, 2)).toContain('발레파킹 이용 안내');
    expect((await titles('병문안')).slice(0, 3)).toContain('면회시간 안내');
    expect((await titles('실비 청구'))[0]).toBe('실손보험 청구에 필요한 서류는 무엇인가요?');
  });

  it('ranks a title over a body, and an exact title over a partial one', async () => {
    const make = async (title: string, body: string) => {
      const created = await api(t.baseUrl).post<EditorContent>(apiPaths.hospitalContent.create, {
        token: editor,
        body: { kind: 'GUIDE', category: '검사 안내', title, body: `<p>${body}</p>` },
      });
      await api(t.baseUrl).put(apiPaths.hospitalContent.publish, {
        token: editor,
        body: { idx: created.data!.idx },
      });
    };
    await make('골밀도 검사 장소', '골밀도 검사는 별관 지하 1층에서 합니다.');
    await make('검사 전 주의사항', '골밀도 검사 당일에는 금속 장신구를 빼 주세요.');
    await make('골밀도', '골밀도 검사 안내입니다.');
    const results = await search('골밀도');
    expect(results.map((r) => r.title)).toEqual(['골밀도', '골밀도 검사 장소', '검사 전 주의사항']);
    expect(results.map((r) => r.matchedBy)).toEqual(['TITLE', 'TITLE', 'BODY']);
    expect(results[2]!.snippetHighlights.length).toBeGreaterThan(0);
    const [start, end] = results[2]!.snippetHighlights[0]!;
    expect(results[2]!.snippet.slice(start, end)).toBe('골밀도');
  });

  it('finds nothing for unrelated words, and nothing of another hospital', async () => {
    expect(await search('양자역학')).toEqual([]);
    expect(await search('주차', outsider)).toEqual([]);
    const bad = await api(t.baseUrl).get(apiPaths.hospitalContent.search, {
      token: patient,
      query: { keyword: ' ' },
    });
    expect(bad.code).toBe(ResultCode.VALIDATION_FAILED);
  });

  it('follows publishing, scheduling and deleting, also in another server process', async () => {
    const created = await api(t.baseUrl).post<EditorContent>(apiPaths.hospitalContent.create, {
      token: editor,
      body: { kind: 'FAQ', category: '편의시설', title: '수유실은 어디에 있나요?', body: '<p>본관 2층</p>' },
    });
    const idx = created.data!.idx;
    const publish = (publishAt?: string) =>
      api(t.baseUrl).put(apiPaths.hospitalContent.publish, { token: editor, body: { idx, publishAt } });
    // The same database seen by a second process with an index of its own.
    const otherProcess = createHospitalContentService({
      db: t.app.db,
      people: createPeopleService({ db: t.app.db }),
    });
    const found = async () => ({
      here: (await titles('수유실')).includes('수유실은 어디에 있나요?'),
      there: (await otherProcess.search(patientIdx, '수유실')).some((r) => r.idx === idx),
    });

    expect(await found()).toEqual({ here: false, there: false });
    await publish(new Date(Date.now() + 1500).toISOString());
    expect(await found()).toEqual({ here: false, there: false });
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(await found()).toEqual({ here: true, there: true });
    await api(t.baseUrl).put(apiPaths.hospitalContent.unpublish, { token: editor, body: { idx } });
    expect(await found()).toEqual({ here: false, there: false });
    await publish();
    expect(await found()).toEqual({ here: true, there: true });
    await api(t.baseUrl).delete(apiPaths.hospitalContent.delete, { token: editor, body: { idx } });
    expect(await found()).toEqual({ here: false, there: false });
  });
});
