import { disassemble, getChoseong } from 'es-hangul';

/**
 * How hospital information is matched in Korean (decision 019): the same keys are computed
 * when an item is saved and when a patient types, so the database only compares strings and
 * arrays — no extension, no dependence on the database's locale.
 */

/** Spacing and punctuation do not count: "입원 안내" and "입원안내" are the same key. */
export function searchKey(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** The initial consonants of the Hangul syllables, spacing removed: 주차 요금 → ㅈㅊㅇㄱ. */
export function choseongKey(text: string): string {
  return getChoseong(searchKey(text));
}

/** A query typed as initial consonants only (ㅈㅊ), which matches by 초성. */
export function isChoseongQuery(query: string): boolean {
  return /^[ㄱ-ㅎ]+$/.test(searchKey(query));
}

/**
 * Trigrams of the letters decomposed into jamo: one mistyped consonant or vowel (면회시산 for
 * 면회시간) leaves most of them in place, where whole syllables would share almost none.
 */
export function jamoTrigrams(text: string): string[] {
  const jamo = disassemble(searchKey(text));
  if (jamo.length < 3) return jamo.length > 0 ? [jamo] : [];
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= jamo.length; i++) grams.add(jamo.slice(i, i + 3));
  return [...grams];
}

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
const CHOSEONG = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';

/** The comparable form of one character ('' when it does not count), as searchKey makes it. */
function keyOfChar(ch: string, byChoseong: boolean): string {
  const code = ch.charCodeAt(0);
  if (code >= HANGUL_FIRST && code <= HANGUL_LAST) {
    return byChoseong ? CHOSEONG[Math.floor((code - HANGUL_FIRST) / 588)]! : ch;
  }
  if (code < 0x80) return /[0-9a-z]/i.test(ch) ? (byChoseong ? '' : ch.toLowerCase()) : '';
  const key = searchKey(ch);
  return byChoseong ? (/^[ㄱ-ㅎ]$/.test(key) ? key : '') : key;
}

/**
 * Where `query` occurs in `text`, ignoring spacing and punctuation (and by 초성 for a
 * 초성 query): [start, end) ranges of `text`, for highlighting. Called for every result on
 * every keystroke, hence the per-character fast path.
 */
export function matchRanges(text: string, query: string): [number, number][] {
  const byChoseong = isChoseongQuery(query);
  const wanted = searchKey(query);
  if (wanted === '') return [];
  // The comparable characters of `text` and the index each came from.
  let haystack = '';
  const from: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const key = keyOfChar(text[i]!, byChoseong);
    // One text character gives at most one compared character here (hospital text: Hangul,
    // Latin, digits); a longer key (rare case folding) is left out of highlighting.
    if (key.length !== 1) continue;
    haystack += key;
    from.push(i);
  }
  const ranges: [number, number][] = [];
  let at = haystack.indexOf(wanted);
  while (at !== -1) {
    ranges.push([from[at]!, from[at + wanted.length - 1]! + 1]);
    at = haystack.indexOf(wanted, at + wanted.length);
  }
  return ranges;
}
