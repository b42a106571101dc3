import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { Content, NoticeSummary } from '@smartcare/contract/hospital-content';
import type { Page } from '@smartcare/contract/paging';
import { sanitizeRichText } from '../modules/hospital-content/hospital-content.sanitize.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { api, createHospital, createPatient, loginPatient } from '../testing/factories.ts';
import { DEMO_FAQ, DEMO_GUIDES, DEMO_NOTICES, seedDemoHospitalContent } from './demo-hospital-content.ts';

describe('demo hospital information', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('has at least 10 notices, 40 FAQ entries and 40 guides, in Korean, inside the rich-text allow-list', () => {
    expect(DEMO_NOTICES.length).toBeGreaterThanOrEqual(10);
    expect(DEMO_FAQ.length).toBeGreaterThanOrEqual(40);
    expect(DEMO_GUIDES.length).toBeGreaterThanOrEqual(40);
    for (const entry of [...DEMO_NOTICES, ...DEMO_FAQ, ...DEMO_GUIDES]) {
      expect(entry.title, entry.title).toMatch(/[가-힣]/);
      expect(entry.body, entry.title).not.toMatch(/lorem|ipsum|TODO|○/i);
      // What the demo shows is what an editor could have written: the sanitiser keeps it whole.
      const normalise = (html: string) => html.replace(/\s+/g, ' ').replace(/ \/>/g, '>').trim();
      expect(normalise(sanitizeRichText(entry.body)), entry.title).toBe(normalise(entry.body));
    }
    const titles = DEMO_GUIDES.map((g) => g.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('publishes it once per hospital, with related guides linked and the hospital named', async () => {
    const hospital = await createHospital(t.app.db, { name: '데모병원', phone: '02-000-1234' });
    await seedDemoHospitalContent(t.app.db, {
      idx: hospital.idx,
      name: hospital.name,
      phone: hospital.phone,
    });
    await seedDemoHospitalContent(t.app.db, {
      idx: hospital.idx,
      name: hospital.name,
      phone: hospital.phone,
    });
    const counts = await t.app.db.query<{ kind: string; n: number }>(
      `SELECT kind, count(*)::int AS n FROM hospital_contents WHERE hospital_idx = $1 GROUP BY kind ORDER BY kind`,
      [hospital.idx],
    );
    expect(counts.rows).toEqual([
      { kind: 'FAQ', n: DEMO_FAQ.length },
      { kind: 'GUIDE', n: DEMO_GUIDES.length },
      { kind: 'NOTICE', n: DEMO_NOTICES.length },
    ]);

    const token = (
      await loginPatient(t.baseUrl, await createPatient(t.app.db, { choseHospitalIdx: hospital.idx }))
    ).accessToken;
    const notices = await api(t.baseUrl).get<Page<NoticeSummary>>(apiPaths.hospitalContent.getNoticeList, {
      token,
      query: { pSize: 3 },
    });
    expect(notices.data!.dataList.slice(0, 2).every((n) => n.pinned)).toBe(true);
    expect(notices.data!.totalCount).toBe(DEMO_NOTICES.length);

    const guides = await api(t.baseUrl).get<Content[]>(apiPaths.hospitalContent.getGuideList, { token });
    const parking = guides.data!.find((g) => g.title === '주차장 이용 안내')!;
    const related = guides.data!.filter((g) => parking.relatedIdxs.includes(g.idx)).map((g) => g.title);
    expect(related.sort()).toEqual(['장애인·임산부 주차 안내', '주차 요금 및 할인 안내']);
    const byCar = guides.data!.find((g) => g.title === '자가용으로 오시는 길')!;
    expect(byCar.body).toContain('“데모병원”');
    expect(JSON.stringify(guides.data)).not.toMatch(/\{병원\}|\{전화\}/);
  });
});
