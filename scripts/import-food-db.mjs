#!/usr/bin/env node
/**
 * `node scripts/import-food-db.mjs <official.csv> [--map map.csv] [--write]`
 *
 * Replaces the figures of the seeded food table (apps/server/src/modules/diet/diet.food-table.ts,
 * decision 025) with those of the official export of 식품의약품안전처 식품영양성분 데이터베이스
 * (the 통합 식품영양성분 DB CSV, "음식" rows), which could not be downloaded where the seed was
 * written. Columns read, by their Korean header (order does not matter):
 *   식품코드, 식품명, 영양성분함량기준량 (e.g. "100g"), 에너지(kcal), 탄수화물(g), 단백질(g),
 *   지방(g), 당류(g), 나트륨(mg); optional 식품중량 / 1회 섭취참고량 (the serving, e.g. "250g";
 *   without them the seed's own serving is kept) and 데이터기준일자 (the release date, named in
 *   the source line).
 * The official figures are per reference amount; they are scaled to the serving. A seed name
 * matches the CSV row of the same 식품명 (spaces and "_" ignored), or the name the --map file
 * (`seed name,official 식품명` per line) gives. Codes (F001…) never change; a seed row without a
 * match, or whose match lacks one of the six figures, keeps its figures and is listed on stderr.
 * The file may be UTF-8 or CP949/EUC-KR (the portal's downloads are). Without --write the new
 * table is printed; with it the seed file is rewritten (then run the food-table test).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SEED_FILE = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../apps/server/src/modules/diet/diet.food-table.ts',
);

const COLUMNS = {
  code: '식품코드',
  name: '식품명',
  reference: '영양성분함량기준량',
  kcal: '에너지(kcal)',
  carbG: '탄수화물(g)',
  proteinG: '단백질(g)',
  fatG: '지방(g)',
  sugarsG: '당류(g)',
  sodiumMg: '나트륨(mg)',
};
const SERVING_COLUMNS = ['1회 섭취참고량', '식품중량'];
const NUTRIENTS = /** @type {const} */ (['kcal', 'carbG', 'proteinG', 'fatG', 'sugarsG', 'sodiumMg']);

/** UTF-8 when the bytes are valid UTF-8, else CP949 (EUC-KR), the portal's usual encoding. */
export function decodeCsv(bytes) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('euc-kr').decode(bytes);
  }
}

/** RFC 4180 CSV: quoted fields with commas, doubled quotes and line breaks. */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      if (row.some((value) => value.trim() !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  row.push(field);
  if (row.some((value) => value.trim() !== '')) rows.push(row);
  return rows;
}

/** "100g", "100 mL", "250" → 100, 100, 250; anything else → null. */
export function gramsOf(value) {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(g|ml|mL|ML)?\s*$/.exec(value ?? '');
  return match ? Number(match[1]) : null;
}

/** A figure: "-" or empty (not analysed) → null; "tr" (trace) → 0. */
function figure(value) {
  const text = (value ?? '').trim().replace(/,/g, '');
  if (text === '' || text === '-') return null;
  if (/^tr$/i.test(text)) return 0;
  const number = Number(text);
  return Number.isFinite(number) && number >= 0 ? number : null;
}

const nameKey = (name) => name.replace(/[\s_]/g, '');

/** The official rows by name key, each with its figures per reference amount and its serving. */
export function readOfficial(text) {
  const [header, ...rows] = parseCsv(text);
  const at = Object.fromEntries(header.map((name, i) => [name.trim(), i]));
  const missing = Object.values(COLUMNS).filter((name) => !(name in at));
  if (missing.length > 0) throw new Error(`the CSV lacks the column(s) ${missing.join(', ')}`);
  const servingAt = SERVING_COLUMNS.map((name) => at[name]).filter((i) => i !== undefined);
  const dateAt = at['데이터기준일자'];
  const byName = new Map();
  let releaseDate = null;
  for (const row of rows) {
    const get = (column) => row[at[COLUMNS[column]]];
    const name = (get('name') ?? '').trim();
    if (!name) continue;
    const reference = gramsOf(get('reference'));
    const serving = servingAt.map((i) => gramsOf(row[i])).find((g) => g !== null && g > 0) ?? null;
    const figures = Object.fromEntries(NUTRIENTS.map((n) => [n, figure(get(n))]));
    if (dateAt !== undefined && row[dateAt] && (!releaseDate || row[dateAt] > releaseDate))
      releaseDate = row[dateAt];
    if (!byName.has(nameKey(name)))
      byName.set(nameKey(name), { code: get('code'), name, reference, serving, figures });
  }
  return { byName, releaseDate };
}

const SEED_ROW =
  /^(F\d{3})\|([^|]+)\|([^|]+)\|([\d.]+)\|([\d.]+)\|([\d.]+)\|([\d.]+)\|([\d.]+)\|([\d.]+)\|([\d.]+)$/;

export function readSeedRows(source) {
  return source
    .split('\n')
    .map((line) => SEED_ROW.exec(line.trim()))
    .filter(Boolean)
    .map((m) => ({
      line: m[0],
      code: m[1],
      category: m[2],
      name: m[3],
      servingG: Number(m[4]),
      figures: m.slice(5).map(Number),
    }));
}

const round1 = (n) => Math.round(n * 10) / 10;

/**
 * The seed rows with the official figures where a match has all six; the lines of the new
 * table and what was left as it was.
 */
export function importFigures(seedRows, official, map = new Map()) {
  const unmatched = [];
  const incomplete = [];
  let updated = 0;
  const lines = seedRows.map((seed) => {
    const wanted = map.get(seed.name) ?? seed.name;
    const match = official.byName.get(nameKey(wanted));
    const keep = () => seed.line;
    if (!match) {
      unmatched.push(seed.name);
      return keep();
    }
    if (match.reference === null || NUTRIENTS.some((n) => match.figures[n] === null)) {
      incomplete.push(seed.name);
      return keep();
    }
    const serving = match.serving ?? seed.servingG;
    const scale = serving / match.reference;
    const f = match.figures;
    updated++;
    return [
      seed.code,
      seed.category,
      seed.name,
      serving,
      Math.round(f.kcal * scale),
      round1(f.carbG * scale),
      round1(f.proteinG * scale),
      round1(f.fatG * scale),
      round1(f.sugarsG * scale),
      Math.round(f.sodiumMg * scale),
    ].join('|');
  });
  return { lines, updated, unmatched, incomplete };
}

/** The seed file with its rows replaced and the source line naming the release. */
export function rewriteSeed(source, lines, releaseDate) {
  const start = source.indexOf('const ROWS = `\n');
  const end = source.indexOf('\n`', start + 1);
  if (start < 0 || end < 0) throw new Error('the seed file has no ROWS block');
  let next = `${source.slice(0, start)}const ROWS = \`\n${lines.join('\n')}${source.slice(end)}`;
  if (releaseDate) {
    next = next.replace(
      /export const FOOD_TABLE_SOURCE = '[^']*';/,
      `export const FOOD_TABLE_SOURCE = '식품의약품안전처 식품영양성분 데이터베이스 (${releaseDate} 기준)';`,
    );
  }
  return next;
}

export function readMap(text) {
  return new Map(
    parseCsv(text)
      .filter((row) => row.length >= 2)
      .map(([seed, official]) => [seed.trim(), official.trim()]),
  );
}

function main(argv) {
  const files = argv.filter((arg) => !arg.startsWith('--'));
  const mapAt = argv.indexOf('--map');
  const mapFile = mapAt >= 0 ? argv[mapAt + 1] : undefined;
  const csvFile = files.find((f) => f !== mapFile);
  if (!csvFile) {
    console.error('usage: node scripts/import-food-db.mjs <official.csv> [--map map.csv] [--write]');
    process.exit(2);
  }
  const official = readOfficial(decodeCsv(readFileSync(csvFile)));
  const map = mapFile ? readMap(decodeCsv(readFileSync(mapFile))) : new Map();
  const seed = readFileSync(SEED_FILE, 'utf8');
  const result = importFigures(readSeedRows(seed), official, map);
  console.error(
    `${result.updated} rows from the CSV; kept as they were: ${result.unmatched.length} without a match, ` +
      `${result.incomplete.length} whose match lacks a figure`,
  );
  if (result.unmatched.length > 0) console.error(`no match: ${result.unmatched.join(', ')}`);
  if (result.incomplete.length > 0) console.error(`incomplete: ${result.incomplete.join(', ')}`);
  if (argv.includes('--write')) {
    writeFileSync(SEED_FILE, rewriteSeed(seed, result.lines, official.releaseDate));
    console.error(`wrote ${SEED_FILE}`);
  } else {
    process.stdout.write(`${result.lines.join('\n')}\n`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main(process.argv.slice(2));
