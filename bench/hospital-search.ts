/**
 * Guide and FAQ search on PGlite (issue 14, decision 019): 5,000 published guides and FAQ
 * entries in one hospital, built from the demo content, and the query kinds the patient
 * screen serves — partial word, 초성, spacing, typo, keyword synonym, several words, no hit.
 * Server time per query = the module's search as the service runs it (the version check in
 * the database, then matching, ranking and highlights in memory), measured in process with
 * the HTTP layer left out; the first search of the hospital loads the index and is reported
 * apart. Reference in the same run: a primary-key select of
 * one row of the same table. Goal: p95 ≤ 30 ms per query.
 */
import { performance } from 'node:perf_hooks';
import { SEARCH_RESULTS_MAX } from '@smartcare/contract/hospital-content';
import { DEMO_FAQ, DEMO_GUIDES } from '../apps/server/src/db/demo-hospital-content.ts';
import { hospitalContentRepository as repo } from '../apps/server/src/modules/hospital-content/hospital-content.repository.ts';
import {
  plainTextOf,
  sanitizeRichText,
} from '../apps/server/src/modules/hospital-content/hospital-content.sanitize.ts';
import {
  createSearchIndex,
  searchColumnsOf,
} from '../apps/server/src/modules/hospital-content/hospital-content.search.ts';
import { migrate } from '../apps/server/src/plugins/db/migrate.ts';
import { openPglite, pgliteDatabase } from '../apps/server/src/plugins/db/pglite-database.ts';
import { percentile, ratio, row, writeResult } from './lib/results.ts';

const ENTRIES = Number(process.env.BENCH_SEARCH_ENTRIES ?? 5000);
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 40);
const GOAL_P95_MS = 30;
const QUERIES = ['주차', 'ㅈㅊ', '입원 안내', '면회시산', '주차비', '진단서 발급 비용', '양자역학'];
// Variants read like a large hospital's many buildings and departments.
const PLACES = [
  '본관',
  '별관',
  '암센터',
  '심장센터',
  '어린이병원',
  '재활센터',
  '검진센터',
  '외래동',
  '응급센터',
  '연구동',
];

const pglite = await openPglite(undefined);
const db = pgliteDatabase(pglite);
await migrate(db);
const { idx: hospitalIdx } = await db.one<{ idx: number }>(
  `INSERT INTO hospitals (name, address, phone, areas) VALUES ('벤치병원', '서울', '02-000-0000', '{HOSPITAL}') RETURNING idx`,
);

const sources = [
  ...DEMO_GUIDES.map((g) => ({ ...g, kind: 'GUIDE' as const })),
  ...DEMO_FAQ.map((f) => ({ ...f, kind: 'FAQ' as const })),
];
const started = performance.now();
await db.transaction(async (tx) => {
  for (let i = 0; i < ENTRIES; i++) {
    const source = sources[i % sources.length]!;
    const variant = Math.floor(i / sources.length);
    const place = PLACES[variant % PLACES.length]!;
    const title = variant === 0 ? source.title : `${place} ${source.title} (${variant})`;
    const body = sanitizeRichText(`<p>${place} 기준 안내입니다.</p>${source.body}`);
    const bodyText = plainTextOf(body);
    await repo.seedPublished(
      tx,
      hospitalIdx,
      source.kind,
      {
        category: source.category,
        title,
        body,
        bodyText,
        pinned: false,
        sortOrder: i,
        keywords: source.keywords,
        relatedIdxs: [],
        search: searchColumnsOf(title, source.keywords, bodyText),
      },
      new Date(Date.now() - 86_400_000),
    );
  }
});
await db.exec('ANALYZE hospital_contents');
const loadSeconds = Math.round((performance.now() - started) / 100) / 10;

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** CPU time of this process for one call, ms: what the query costs without other processes' load. */
async function cpuTime(fn: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await fn();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const index = createSearchIndex({
  version: (h) => repo.searchVersion(db, h),
  entries: (h) => repo.searchEntries(db, h),
});
const search = (q: string) => index.search(hospitalIdx, q, SEARCH_RESULTS_MAX);
const firstLoadMs = await time(() => search(QUERIES[0]!));
for (const q of QUERIES) await search(q);

const reference: number[] = [];
for (let i = 0; i < RUNS * QUERIES.length; i++) {
  reference.push(
    await time(() =>
      db.query('SELECT idx, title, body FROM hospital_contents WHERE idx = $1', [1 + (i % ENTRIES)]),
    ),
  );
}
const referenceP95 = percentile(reference, 95);

console.log(
  `${ENTRIES} guides and FAQ entries stored in ${loadSeconds} s; first search (index load) ${firstLoadMs.toFixed(0)} ms; ` +
    `${RUNS} runs per query`,
);
console.log(row('query', 'results', 'p50 ms', 'p95 ms', '× pk select', 'cpu p95 ms'));
const perQuery: Record<string, { results: number; p50Ms: number; p95Ms: number; cpuP95Ms: number }> = {};
const all: number[] = [];
const allCpu: number[] = [];
for (const q of QUERIES) {
  const times: number[] = [];
  const cpu: number[] = [];
  let results = 0;
  for (let i = 0; i < RUNS; i++) {
    times.push(
      await time(async () => {
        results = (await search(q)).length;
      }),
    );
  }
  for (let i = 0; i < RUNS; i++) cpu.push(await cpuTime(() => search(q)));
  allCpu.push(...cpu);
  all.push(...times);
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  const cpuP95 = percentile(cpu, 95);
  perQuery[q] = {
    results,
    p50Ms: Math.round(p50 * 100) / 100,
    p95Ms: Math.round(p95 * 100) / 100,
    cpuP95Ms: Math.round(cpuP95 * 100) / 100,
  };
  console.log(row(q, results, p50.toFixed(2), p95.toFixed(2), ratio(p95, referenceP95), cpuP95.toFixed(2)));
}
const p95All = percentile(all, 95);
console.log(
  row('primary-key select (reference)', 1, percentile(reference, 50).toFixed(2), referenceP95.toFixed(2), 1),
);
console.log(
  `all queries p95 ${p95All.toFixed(2)} ms (goal ≤ ${GOAL_P95_MS} ms: ${p95All <= GOAL_P95_MS ? 'met' : 'NOT met'}), ` +
    `${ratio(p95All, referenceP95)}× the primary-key select`,
);
const cpuP95All = percentile(allCpu, 95);
console.log(
  `all queries CPU time p95 ${cpuP95All.toFixed(2)} ms (this process only; the machine's load left out)`,
);
const file = writeResult('hospital-search', {
  cpuP95AllMs: Math.round(cpuP95All * 100) / 100,
  loadAverage: (await import('node:os')).loadavg()[0],
  entries: ENTRIES,
  runsPerQuery: RUNS,
  p95AllMs: Math.round(p95All * 100) / 100,
  firstSearchWithIndexLoadMs: Math.round(firstLoadMs),
  goalP95Ms: GOAL_P95_MS,
  referencePkSelectP95Ms: Math.round(referenceP95 * 1000) / 1000,
  ratioToReference: ratio(p95All, referenceP95),
  perQuery,
});
console.log(`figures: ${file}`);
await pglite.close();
