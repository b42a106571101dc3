import type { SearchResult } from '@smartcare/contract/hospital-content';
import {
  choseongKey,
  isChoseongQuery,
  jamoTrigrams,
  matchRanges,
  searchKey,
} from '@smartcare/contract/korean-search';
import type { SearchEntry } from './hospital-content.repository.ts';

/** The search keys stored with an item (decision 019), from its title, keywords and plain body. */
export interface SearchColumns {
  searchTitle: string;
  searchKeywords: string;
  searchBody: string;
  choseongTitle: string;
  choseongKeywords: string;
  searchGrams: string[];
}

/** Keywords are written comma separated ("주차비, 주차 요금, 무료 주차"). */
export const keywordsOf = (keywords: string) =>
  keywords
    .split(/[,，、\n]/)
    .map((k) => k.trim())
    .filter((k) => searchKey(k) !== '');

export function searchColumnsOf(title: string, keywords: string, bodyText: string): SearchColumns {
  const words = keywordsOf(keywords);
  return {
    searchTitle: searchKey(title),
    searchKeywords: words.map(searchKey).join('|'),
    searchBody: searchKey(bodyText),
    choseongTitle: choseongKey(title),
    choseongKeywords: words.map(choseongKey).join('|'),
    searchGrams: [...new Set([title, ...words].flatMap(jamoTrigrams))],
  };
}

/** Below this share of the query's jamo trigrams a near spelling is not offered. */
export const TYPO_MIN_SHARE = 0.6;

interface QueryKeys {
  key: string;
  /** The key between keyword separators: a keyword exactly. */
  bar: string;
  byChoseong: boolean;
  /** The keys of each word, when the query has several. */
  words: string[];
  grams: string[];
}

function keysOf(keyword: string): QueryKeys {
  const byChoseong = isChoseongQuery(keyword);
  const words = keyword
    .split(/\s+/)
    .map(searchKey)
    .filter((w) => w !== '');
  return {
    key: searchKey(keyword),
    bar: `|${searchKey(keyword)}|`,
    byChoseong,
    words: words.length > 1 ? words : [],
    grams: byChoseong ? [] : jamoTrigrams(keyword),
  };
}

/**
 * How well an entry answers the query, 0 for not at all. Title exact 100, title starts 90,
 * title contains 80; 초성 of the title 75–65, of a keyword 50; a keyword exactly 60, inside a
 * keyword 50; every word in the title 45, every word somewhere 40; the body 30; otherwise a
 * near spelling of the title or a keyword, 19–25 by the share of the query's jamo trigrams
 * found (at least TYPO_MIN_SHARE).
 */
function scoreOf({ entry, grams, keywordsBar }: IndexedEntry, q: QueryKeys): number {
  const s = entry.search;
  if (q.byChoseong) {
    if (s.choseongTitle === q.key) return 75;
    if (s.choseongTitle.startsWith(q.key)) return 70;
    if (s.choseongTitle.includes(q.key)) return 65;
    return s.choseongKeywords.includes(q.key) ? 50 : 0;
  }
  if (s.searchTitle === q.key) return 100;
  if (s.searchTitle.startsWith(q.key)) return 90;
  if (s.searchTitle.includes(q.key)) return 80;
  if (keywordsBar.includes(q.bar)) return 60;
  if (s.searchKeywords.includes(q.key)) return 50;
  if (q.words.length > 0) {
    if (q.words.every((w) => s.searchTitle.includes(w))) return 45;
    if (
      q.words.every(
        (w) => s.searchTitle.includes(w) || s.searchKeywords.includes(w) || s.searchBody.includes(w),
      )
    )
      return 40;
  }
  if (s.searchBody.includes(q.key)) return 30;
  if (q.grams.length === 0) return 0;
  let shared = 0;
  for (const gram of q.grams) if (grams.has(gram)) shared++;
  const share = shared / q.grams.length;
  return share >= TYPO_MIN_SHARE ? 10 + 15 * share : 0;
}

/** The score bands of scoreOf. */
function matchedBy(score: number): SearchResult['matchedBy'] {
  if (score >= 80 || score === 45) return 'TITLE';
  if (score >= 65) return 'CHOSEONG';
  if (score >= 50) return 'KEYWORD';
  if (score >= 30) return 'BODY';
  return 'TYPO';
}

const SNIPPET_BEFORE = 30;
const SNIPPET_LENGTH = 90;

/** Highlights of the whole query, else of each of its words. */
function rangesIn(text: string, keyword: string): [number, number][] {
  const whole = matchRanges(text, keyword);
  if (whole.length > 0) return whole;
  return keyword
    .split(/\s+/)
    .flatMap((word) => matchRanges(text, word))
    .sort((a, b) => a[0] - b[0]);
}

/** Plain text around the first match in the body, or its beginning. */
function snippetOf(bodyText: string, keyword: string): { snippet: string; highlights: [number, number][] } {
  const first = rangesIn(bodyText, keyword)[0];
  const start = first ? Math.max(0, first[0] - SNIPPET_BEFORE) : 0;
  const end = Math.min(bodyText.length, start + SNIPPET_LENGTH);
  const snippet = `${start > 0 ? '…' : ''}${bodyText.slice(start, end)}${end < bodyText.length ? '…' : ''}`;
  return { snippet, highlights: rangesIn(snippet, keyword) };
}

interface IndexedEntry {
  entry: SearchEntry;
  grams: Set<string>;
  keywordsBar: string;
}

/**
 * Each hospital's guides and FAQ entries held in memory for search (decision 019). Before a
 * search the index asks the database for the hospital's version (count, latest change) and
 * reloads when it moved, so every server process sees the others' edits at once.
 */
export function createSearchIndex(source: {
  version(hospitalIdx: number): Promise<string>;
  entries(hospitalIdx: number): Promise<SearchEntry[]>;
}) {
  const loaded = new Map<number, { version: string; entries: Promise<IndexedEntry[]> }>();

  async function entriesOf(hospitalIdx: number): Promise<IndexedEntry[]> {
    const version = await source.version(hospitalIdx);
    const current = loaded.get(hospitalIdx);
    if (current?.version === version) return current.entries;
    const entries = source.entries(hospitalIdx).then((rows) =>
      rows.map((entry) => ({
        entry,
        grams: new Set(entry.search.searchGrams),
        keywordsBar: `|${entry.search.searchKeywords}|`,
      })),
    );
    loaded.set(hospitalIdx, { version, entries });
    entries.catch(() => loaded.delete(hospitalIdx));
    return entries;
  }

  return {
    /** Published guides and FAQ entries for what the patient typed, best first. */
    async search(
      hospitalIdx: number,
      keyword: string,
      limit: number,
      now = Date.now(),
    ): Promise<SearchResult[]> {
      const q = keysOf(keyword);
      if (q.key === '') return [];
      const scored: { entry: SearchEntry; score: number }[] = [];
      for (const indexed of await entriesOf(hospitalIdx)) {
        if (indexed.entry.publishAt > now) continue;
        const score = scoreOf(indexed, q);
        if (score > 0) scored.push({ entry: indexed.entry, score });
      }
      scored.sort(
        (a, b) =>
          b.score - a.score ||
          (a.entry.kind === b.entry.kind ? 0 : a.entry.kind === 'GUIDE' ? -1 : 1) ||
          a.entry.sortOrder - b.entry.sortOrder ||
          a.entry.idx - b.entry.idx,
      );
      return scored.slice(0, limit).map(({ entry, score }) => {
        const { snippet, highlights } = snippetOf(entry.bodyText, keyword);
        return {
          idx: entry.idx,
          kind: entry.kind,
          category: entry.category,
          title: entry.title,
          snippet,
          matchedBy: matchedBy(score),
          titleHighlights: rangesIn(entry.title, keyword),
          snippetHighlights: highlights,
        };
      });
    },
  };
}

export type SearchIndex = ReturnType<typeof createSearchIndex>;
