import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  SEED_FILE,
  decodeCsv,
  importFigures,
  parseCsv,
  readOfficial,
  readSeedRows,
  rewriteSeed,
} from '../../../../../scripts/import-food-db.mjs';
import { FOODS } from './diet.food-table.ts';

/**
 * The importer of the official food nutrition database's CSV (decision 025), on small CSVs
 * made here in the official layout: per-100 g figures scaled to the serving, codes kept,
 * unmatched or incomplete rows left as they were, the release date named.
 */
const OFFICIAL_HEADER = [
  '식품코드',
  '식품명',
  '데이터구분명',
  '식품대분류명',
  '영양성분함량기준량',
  '에너지(kcal)',
  '수분(g)',
  '단백질(g)',
  '지방(g)',
  '회분(g)',
  '탄수화물(g)',
  '당류(g)',
  '식이섬유(g)',
  '나트륨(mg)',
  '식품중량',
  '데이터기준일자',
];

interface OfficialRow {
  name: string;
  per100: [kcal: number, carb: number, protein: number, fat: number, sugars: number | '-', sodium: number];
  weight?: string;
  date?: string;
}

let seq = 0;
/** A CSV in the official column layout (extra columns in between, quoted names, CRLF). */
function officialCsv(rows: OfficialRow[]): string {
  const quote = (v: string | number) =>
    /[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v);
  const lines = rows.map(({ name, per100: [kcal, carb, protein, fat, sugars, sodium], weight, date }) =>
    [
      `D101-${String(++seq).padStart(9, '0')}-0001`,
      name,
      '음식',
      '밥류',
      '100g',
      kcal,
      60,
      protein,
      fat,
      1,
      carb,
      sugars,
      0.5,
      sodium,
      weight ?? '',
      date ?? '2024-12-31',
    ]
      .map(quote)
      .join(','),
  );
  return `\uFEFF${[OFFICIAL_HEADER.join(','), ...lines].join('\r\n')}\r\n`;
}

const seedSource = () => readFile(SEED_FILE, 'utf8');

describe('import-food-db', () => {
  it('parses quoted fields, doubled quotes and line breaks', () => {
    expect(parseCsv('a,"b, c","say ""hi"""\r\n"x\ny",2,3\n')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['x\ny', '2', '3'],
    ]);
    expect(decodeCsv(new TextEncoder().encode('\uFEFF식품명\n'))).toBe('식품명\n');
  });

  it('scales per-100 g figures to the serving, keeps codes, leaves the rest as it was', async () => {
    const source = await seedSource();
    const seed = readSeedRows(source);
    expect(seed).toHaveLength(FOODS.length);
    const official = readOfficial(
      officialCsv([
        // 쌀밥 (F001): 100 g figures, a 210 g serving.
        { name: '쌀밥', per100: [143, 31.7, 2.5, 0.3, 0.05, 2], weight: '210g' },
        // Same name with a space and "_": matched; no serving column value → the seed's serving.
        { name: '현미 밥', per100: [150, 32, 3, 1, 0.2, 3] },
        // A figure not analysed ("-"): incomplete, left as it was.
        { name: '잡곡밥', per100: [150, 32, 3, 1, '-', 3], weight: '210g' },
        { name: '어느 식당의 특별한 밥', per100: [200, 40, 4, 2, 1, 300], date: '2025-03-01' },
      ]),
    );
    expect(official.releaseDate).toBe('2025-03-01');
    const result = importFigures(seed, official);
    expect(result.updated).toBe(2);
    expect(result.incomplete).toEqual(['잡곡밥']);
    expect(result.unmatched).toHaveLength(seed.length - 3);
    expect(result.lines).toHaveLength(seed.length);
    expect(result.lines[0]).toBe('F001|밥|쌀밥|210|300|66.6|5.3|0.6|0.1|4');
    const brown = seed.find((row) => row.name === '현미밥')!;
    expect(result.lines[seed.indexOf(brown)]).toBe(
      `${brown.code}|밥|현미밥|${brown.servingG}|315|67.2|6.3|2.1|0.4|6`,
    );
    const mixed = seed.find((row) => row.name === '잡곡밥')!;
    expect(result.lines[seed.indexOf(mixed)]).toBe(mixed.line);

    const rewritten = rewriteSeed(source, result.lines, official.releaseDate);
    expect(rewritten).toContain(
      "FOOD_TABLE_SOURCE = '식품의약품안전처 식품영양성분 데이터베이스 (2025-03-01 기준)'",
    );
    expect(readSeedRows(rewritten).map((row) => row.code)).toEqual(seed.map((row) => row.code));
    // Nothing matched: the file comes back byte for byte.
    expect(rewriteSeed(source, importFigures(seed, { byName: new Map() }).lines, null)).toBe(source);
  });

  it('refuses a CSV without the official columns, naming them', () => {
    expect(() => readOfficial('식품명,에너지(kcal)\n쌀밥,143\n')).toThrow(/식품코드.*영양성분함량기준량/);
  });

  it('runs as a command: prints the table and what it kept, writes nothing without --write', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'food-db-'));
    const csv = path.join(dir, 'official.csv');
    await writeFile(
      csv,
      officialCsv([{ name: '쌀밥', per100: [143, 31.7, 2.5, 0.3, 0.05, 2], weight: '210g' }]),
    );
    const before = await seedSource();
    const script = path.resolve(path.dirname(SEED_FILE), '../../../../../scripts/import-food-db.mjs');
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [script, csv]);
    expect(stdout.split('\n')[0]).toBe('F001|밥|쌀밥|210|300|66.6|5.3|0.6|0.1|4');
    expect(stderr).toMatch(/^1 rows from the CSV/);
    expect(await seedSource()).toBe(before);
  });
});
