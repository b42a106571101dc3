import { disassemble } from 'es-hangul';

/**
 * Korean-aware retrieval over a hospital's published FAQ entries and guides (issue 14,
 * decision 023).
 *
 * Korean glues particles and endings to words ("면회시간은", "주차비가"), so splitting on
 * spaces alone finds almost nothing. Each word is stripped of a common trailing particle,
 * a few colloquial forms are read as the word the content uses ("떼려면" → 발급, "비번" →
 * 비밀번호), a word glued to the next ("주차장어디") is cut where the content's own words
 * end, and a word the content does not know is read as the nearest word it does know when
 * only one jamo differs ("면회시산" → 면회시간). The words are cut into syllable bigrams; a
 * bigram across a word gap is added too, so "면회 시간" and "면회시간" meet. Entries (title
 * and keywords) are ranked with BM25; the confidence is the share of the question's
 * information (IDF mass) that the best entry covers.
 */

export interface KnowledgeEntry {
  idx: number;
  kind: 'FAQ' | 'GUIDE';
  category: string;
  /** The FAQ question or the guide's title. */
  title: string;
  /** Other ways patients ask the same thing, comma separated. */
  keywords: string;
  /** Plain text (no HTML): the FAQ answer or the guide's body. */
  bodyText: string;
}

export interface KnowledgeMatch {
  entry: KnowledgeEntry;
  /** BM25 score, used for ranking only. */
  score: number;
  /** 0–1: how much of the question the entry covers. Compare with the threshold. */
  confidence: number;
}

/** Below this confidence the bot does not guess: it says a staff member will reply. */
export const ANSWER_CONFIDENCE_THRESHOLD = 0.45;

/** Question words and polite endings carry no topic; dropped as whole words. */
const FILLER_WORDS = new Set([
  '어떻게',
  '어떡해',
  '어떡하나요',
  '언제',
  '언제인가요',
  '언제예요',
  '어디',
  '어디서',
  '어디에',
  '어디인가요',
  '어디예요',
  '어디에서',
  '무엇',
  '무엇인가요',
  '뭐',
  '뭔가요',
  '뭐예요',
  '뭐에요',
  '얼마나',
  '왜',
  '혹시',
  '좀',
  '제가',
  '저는',
  '저',
  '우리',
  '되나요',
  '돼요',
  '되요',
  '되는지',
  '하나요',
  '해요',
  '하면',
  '하는',
  '해야',
  '하려면',
  '있나요',
  '있어요',
  '있는지',
  '있습니까',
  '있을까요',
  '없나요',
  '인가요',
  '입니다',
  '이에요',
  '예요',
  '알려',
  '알려주세요',
  '알려줘',
  '주세요',
  '궁금해요',
  '궁금합니다',
  '궁금한데요',
  '문의',
  '문의드립니다',
  '문의합니다',
  '질문',
  '가능한가요',
  '가능해요',
  '가능할까요',
  '싶어요',
  '싶습니다',
  '싶은데요',
  '수',
  '할',
  '안녕하세요',
  '감사합니다',
  '네',
  '그리고',
  '그럼',
  '그런데',
  '받나요',
  '하죠',
  '되죠',
  '건가요',
  '할까요',
  '드려요',
  '해주세요',
  '가나요',
  '오나요',
  '방법',
  '방법은',
  '받을',
  '받으려면',
  // issue 14: more endings and helpers patients type (decision 023)
  '까지',
  '부터',
  '마다',
  '데리고',
  '데려가도',
  '데려와도',
  '같이',
  '함께',
  '가도',
  '와도',
  '가면',
  '오면',
  '타요',
  '타나요',
  '뭘',
  '필요해요',
  '필요한가요',
  '돼',
  '나와요',
  '하나',
  '해도',
]);

/** A glued leftover that starts with one of these is an ending, not a topic ("받을수있나요"). */
const FILLER_PREFIXES = [
  '받을',
  '받고',
  '있나',
  '있어',
  '없나',
  '되나',
  '돼요',
  '되요',
  '가능',
  '할수',
  '하나',
  '해요',
  '싶어',
  '알려',
];

/** Trailing particles and endings, longest first; stripped once when a 2-syllable stem remains. */
const TRAILING_PARTICLES = [
  '하려는데요',
  '하려는데',
  '하려고요',
  '하려고',
  '하려면',
  '하는데',
  '에서는',
  '으로는',
  '이라도',
  '인가요',
  '인데요',
  '이에요',
  '입니다',
  '에서',
  '는데',
  '으로',
  '이랑',
  '한테',
  '까지',
  '부터',
  '처럼',
  '보다',
  '하고',
  '이나',
  '은요',
  '는요',
  '예요',
  '에요',
  '나요',
  '가요',
  '할때',
  '해도',
  '은',
  '는',
  '이',
  '가',
  '을',
  '를',
  '에',
  '의',
  '도',
  '만',
  '로',
  '와',
  '과',
  '요',
];

/** NFKC, lower case, letters/digits/Hangul only, single spaces. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Colloquial forms patients type, read as the word hospital content uses. Applied to the
 * question and to the entries alike, so a keyword written colloquially still meets.
 */
const COLLOQUIAL: [RegExp, string][] = [
  // 서류를 "떼다" is to have it issued
  [/(떼|뗄|뗐)[가-힣]*/g, ' 발급 '],
  // 담배를 "펴다" is to smoke
  [/(^|\s)(펴|피워|피우)[가-힣]*/g, '$1피울 '],
  [/비번/g, '비밀번호 '],
  [/와이파이|와파|wi-?fi/g, '와이파이 '],
  [/몇\s?시/g, '시간 '],
  [/(^|\s)(애들|애기들|애기|아이들|꼬마)/g, '$1어린이 '],
  [/주차권|주차료/g, '주차 요금 '],
  [/병원비|입원비/g, '진료비 '],
  [/(^|\s)(실비|실손)/g, '$1실손보험 '],
  [/(^|\s)피\s?(뽑|검사)/g, '$1채혈 $2'],
  [/씨디/g, 'cd '],
  [/몇\s?분\s?(마다|간격|에 한 ?대)/g, '배차 간격 '],
  [/버스\s?몇\s?번|몇\s?번\s?버스/g, '버스 노선 '],
];

function colloquial(text: string): string {
  let out = text;
  for (const [pattern, replacement] of COLLOQUIAL) out = out.replace(pattern, replacement);
  return out.replace(/\s+/g, ' ').trim();
}

/** These may leave a one-syllable noun behind ("밥은" → "밥"); the rest need two syllables. */
const SHORT_STEM_PARTICLES = new Set(['은', '는', '을', '를', '도', '만', '의', '는데']);

function stripOne(word: string): string {
  for (const particle of TRAILING_PARTICLES) {
    const minStem = SHORT_STEM_PARTICLES.has(particle) ? 1 : 2;
    if (word.length - particle.length >= minStem && word.endsWith(particle))
      return word.slice(0, -particle.length);
  }
  return word;
}

/** Endings stack ("언제까지에요" → 언제까지 → 언제): stripped until a filler or nothing more is left. */
function stripParticle(word: string): string {
  let current = word;
  for (let i = 0; i < 3; i++) {
    const next = stripOne(current);
    if (next === current || FILLER_WORDS.has(next)) return next;
    current = next;
  }
  return current;
}

function contentWords(text: string): string[] {
  return wordsOf(text).map((w) => w.word);
}

/**
 * A verb or adjective as patients end a question ("가져가도", "맞을수있나요", "써도되요"):
 * hospital content names things with nouns, so such a word the content does not know says
 * how the patient asks, not what about.
 */
const PREDICATE_ENDING =
  /(아도|어도|여도|해도|가도|와도|려면|으면|하면|나요|까요|어요|아요|해요|돼요|되요|세요|죠|싶어|싶은데|는지|ㄹ까|을까|을래|할래|습니까|ㅂ니까|니까|는데요|던데요?)$/;

function wordsOf(text: string): { word: string; predicate: boolean }[] {
  return colloquial(normalizeText(text))
    .split(' ')
    .filter((word) => word.length > 0 && !FILLER_WORDS.has(word))
    .map((raw) => ({ word: stripParticle(raw), predicate: PREDICATE_ENDING.test(raw) }))
    .filter(({ word }) => !FILLER_WORDS.has(word));
}

/** The words of the content, for cutting glued words and reading typos. */
export interface Vocabulary {
  words: ReadonlySet<string>;
  /**
   * Words of two syllables or more by each of their one-syllable-masked forms ("면회?간"): a
   * one-jamo typo changes one syllable, so its near words are found in a few look-ups.
   */
  masked: ReadonlyMap<string, readonly string[]>;
  /** Jamo of the words, computed when first compared. */
  jamoOf(word: string): string;
  /** Bigrams the content holds, and its one-syllable words ("밥", "꽃"). */
  bigrams: ReadonlySet<string>;
}

const MAX_VOCABULARY_WORD = 8;

function bigramsOf(word: string): string[] {
  const chars = Array.from(word);
  if (chars.length === 1) return [word];
  const out: string[] = [];
  for (let k = 0; k + 1 < chars.length; k++) out.push(chars[k]! + chars[k + 1]!);
  return out;
}

/** Levenshtein distance, stopping early above `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      rowMin = Math.min(rowMin, current[j]!);
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * A word the content does not know, read as the content's words: cut where known words end
 * ("주차장어디" → 주차장, 어디; "진단서발급" → 진단서, 발급), else the one known word a jamo
 * away ("면회시산" → 면회시간). Unknown leftovers stay as they are.
 */
function readWord(word: string, vocabulary: Vocabulary): string[] {
  if (vocabulary.words.has(word)) return [word];
  const chars = Array.from(word);
  if (chars.length >= 3) {
    const pieces: string[] = [];
    let rest = '';
    let known = 0;
    for (let i = 0; i < chars.length;) {
      let found = '';
      for (let len = Math.min(MAX_VOCABULARY_WORD, chars.length - i); len >= 2; len--) {
        const candidate = chars.slice(i, i + len).join('');
        if (vocabulary.words.has(candidate)) {
          found = candidate;
          break;
        }
      }
      if (found) {
        if (rest) pieces.push(rest);
        rest = '';
        pieces.push(found);
        known += Array.from(found).length;
        i += Array.from(found).length;
      } else {
        rest += chars[i];
        i++;
      }
    }
    if (rest) pieces.push(rest);
    if (known >= 2 && pieces.length > 1) {
      return pieces
        .map(stripParticle)
        .filter(
          (piece) =>
            vocabulary.words.has(piece) ||
            (Array.from(piece).length > 1 &&
              !FILLER_WORDS.has(piece) &&
              !FILLER_PREFIXES.some((prefix) => piece.startsWith(prefix))),
        );
    }
  }
  if (chars.length >= 2 && bigramsOf(word).some((gram) => !vocabulary.bigrams.has(gram))) {
    const jamo = vocabulary.jamoOf(word);
    let best: string | null = null;
    let ambiguous = false;
    for (let p = 0; p < chars.length; p++) {
      for (const candidate of vocabulary.masked.get(maskedAt(chars, p)) ?? []) {
        if (candidate === best || editDistance(jamo, vocabulary.jamoOf(candidate), 1) > 1) continue;
        if (best !== null) ambiguous = true;
        best = candidate;
      }
    }
    if (best && !ambiguous) return [best];
  }
  return [word];
}

const MASK = '\u0001';
const maskedAt = (chars: readonly string[], p: number) =>
  chars.slice(0, p).join('') + MASK + chars.slice(p + 1).join('');

export function buildVocabulary(texts: readonly string[]): Vocabulary {
  return vocabularyOf(texts.map(contentWords));
}

function vocabularyOf(wordLists: readonly (readonly string[])[]): Vocabulary {
  const words = new Set<string>();
  const oneSyllable = new Set<string>();
  for (const list of wordLists) {
    for (const word of list) {
      if (Array.from(word).length >= 2) words.add(word);
      else oneSyllable.add(word);
    }
    // A phrase written with spaces ("주차 요금") is a word too when glued ("주차요금").
    for (let i = 0; i + 1 < list.length; i++) {
      const joined = list[i]! + list[i + 1]!;
      if (Array.from(joined).length <= MAX_VOCABULARY_WORD) words.add(joined);
    }
  }
  const masked = new Map<string, string[]>();
  const bigrams = new Set<string>();
  for (const word of words) {
    const chars = Array.from(word);
    for (let p = 0; p < chars.length; p++) {
      const key = maskedAt(chars, p);
      const list = masked.get(key);
      if (list) list.push(word);
      else masked.set(key, [word]);
    }
    for (const gram of bigramsOf(word)) bigrams.add(gram);
  }
  for (const word of oneSyllable) bigrams.add(word);
  const jamo = new Map<string, string>();
  const jamoOf = (word: string) => {
    let value = jamo.get(word);
    if (value === undefined) {
      value = disassemble(word);
      jamo.set(word, value);
    }
    return value;
  };
  return { words, masked, jamoOf, bigrams };
}

export interface Terms {
  /** Syllable bigrams inside words (a one-syllable word stands for itself). */
  core: string[];
  /** Bigrams across a word gap: they count when matched, and are not held against a question when unknown. */
  junction: string[];
}

/** The terms of a text, with repeats (term frequency matters for BM25); a question is read with the content's vocabulary. */
export function extractTerms(text: string, vocabulary?: Vocabulary): Terms {
  const plain = wordsOf(text);
  if (!vocabulary) return termsOfWords(plain.map(({ word }) => word));
  return termsOfWords(
    plain.flatMap(({ word, predicate }) => {
      const read = readWord(word, vocabulary);
      // Unknown as a whole, not cut into known words nor read as a typo: a predicate says
      // nothing about the topic, and a lone unknown syllable is a verb stem or an ending.
      const unread = read.length === 1 && read[0] === word && !vocabulary.words.has(word);
      const lone = Array.from(word).length === 1 && !vocabulary.bigrams.has(word);
      if (unread && (predicate || lone)) return [];
      return read;
    }),
  );
}

function termsOfWords(words: readonly string[]): Terms {
  const core: string[] = [];
  const junction: string[] = [];
  words.forEach((word, i) => {
    const chars = Array.from(word);
    if (chars.length === 1) core.push(word);
    for (let k = 0; k + 1 < chars.length; k++) core.push(chars[k]! + chars[k + 1]!);
    const next = words[i + 1];
    if (next) junction.push(chars[chars.length - 1]! + Array.from(next)[0]!);
  });
  return { core, junction };
}

const K1 = 1.2;
const B = 0.75;
/**
 * A word the content does not know weighs as much as its rarest word: a question about
 * something else ("로또 번호") must not be answered from the one word it shares ("번호").
 */
const UNKNOWN_TERM_WEIGHT = 1;
/** The confidence of a small knowledge base is weighed as if it held this many entries. */
const MIN_COLLECTION = 50;

interface Posting {
  /** The entry's position in the index. */
  doc: number;
  tf: number;
}

export interface KnowledgeIndex {
  readonly size: number;
  /** Best matches first; empty when nothing shares a term with the question. */
  search(question: string, limit?: number): KnowledgeMatch[];
  /** The best match when its confidence reaches the threshold, else null. */
  answer(question: string, threshold?: number): KnowledgeMatch | null;
}

/** Letters and digits only: spacing and punctuation do not make a title different. */
const compact = (text: string) => normalizeText(text).replaceAll(' ', '');

/** What an entry is indexed by: its title and keywords (one keyword per comma). */
const textOf = (entry: KnowledgeEntry) => `${entry.title} ${entry.keywords.replace(/[,，、\n]/g, ' ')}`;

export function buildKnowledgeIndex(entries: readonly KnowledgeEntry[]): KnowledgeIndex {
  // The title and the other phrasings describe the entry. The body's wording would pull
  // in every entry that merely mentions "병동", and a category such as "입원·퇴원" would
  // make every discharge entry an admission entry too.
  const wordLists = entries.map((entry) => contentWords(textOf(entry)));
  const vocabulary = vocabularyOf(wordLists);
  // An inverted index: a question's terms reach only the entries that hold them.
  const postings = new Map<string, Posting[]>();
  const lengths: number[] = [];
  wordLists.forEach((words, doc) => {
    const { core, junction } = termsOfWords(words);
    const termFrequency = new Map<string, number>();
    for (const term of [...core, ...junction]) termFrequency.set(term, (termFrequency.get(term) ?? 0) + 1);
    for (const [term, tf] of termFrequency) {
      const list = postings.get(term);
      if (list) list.push({ doc, tf });
      else postings.set(term, [{ doc, tf }]);
    }
    lengths.push(core.length + junction.length);
  });
  const documentFrequency = new Map<string, number>();
  for (const [term, list] of postings) documentFrequency.set(term, list.length);
  const count = entries.length;
  const averageLength = lengths.reduce((sum, length) => sum + length, 0) / Math.max(count, 1);
  const idf = (term: string) => {
    const df = documentFrequency.get(term) ?? 0;
    return Math.log(1 + (count - df + 0.5) / (df + 0.5));
  };
  // The confidence weighs terms as if the hospital had at least MIN_COLLECTION entries: with
  // a handful of entries every known term would weigh next to nothing against an unknown one.
  const coverageCount = Math.max(count, MIN_COLLECTION);
  const weightOf = (term: string) => {
    const df = documentFrequency.get(term) ?? 0;
    return Math.log(1 + (coverageCount - df + 0.5) / (df + 0.5));
  };
  const unknownWeight = weightOf('\u0000') * UNKNOWN_TERM_WEIGHT;

  function search(question: string, limit = 5): KnowledgeMatch[] {
    const { core, junction } = extractTerms(question, vocabulary);
    const coreSet = new Set(core);
    const junctionSet = new Set(junction.filter((term) => !coreSet.has(term)));
    const queryTerms = [...coreSet, ...junctionSet];
    if (queryTerms.length === 0 || count === 0) return [];

    let questionMass = 0;
    for (const term of coreSet) questionMass += documentFrequency.has(term) ? weightOf(term) : unknownWeight;
    for (const term of junctionSet) if (documentFrequency.has(term)) questionMass += weightOf(term);
    if (questionMass === 0) return [];

    const scored = new Map<number, { score: number; covered: number }>();
    for (const term of queryTerms) {
      const list = postings.get(term);
      if (!list) continue;
      const weight = idf(term);
      const coverage = weightOf(term);
      for (const { doc, tf } of list) {
        const into = scored.get(doc) ?? { score: 0, covered: 0 };
        into.covered += coverage;
        into.score += (weight * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * lengths[doc]!) / averageLength));
        scored.set(doc, into);
      }
    }
    const matches: KnowledgeMatch[] = [];
    for (const [doc, { score, covered }] of scored) {
      if (score > 0)
        matches.push({ entry: entries[doc]!, score, confidence: Math.min(1, covered / questionMass) });
    }
    // A question typed (or pasted) exactly as an entry's title is that entry, whatever BM25 says.
    const asked = compact(question);
    for (const match of matches) if (compact(match.entry.title) === asked) match.confidence = 1;
    const exact = (match: KnowledgeMatch) => (compact(match.entry.title) === asked ? 1 : 0);
    matches.sort((a, b) => exact(b) - exact(a) || b.score - a.score || b.confidence - a.confidence);
    return matches.slice(0, limit);
  }

  // The index never changes, so neither does its answer to a question: patients ask the same
  // few things, and each bot turn asks twice (before and after its room is locked). A bounded
  // memo of recent answers keeps the search off the message path (issue 11 point 7).
  const answers = new Map<string, KnowledgeMatch | null>();
  return {
    size: count,
    search,
    answer(question, threshold = ANSWER_CONFIDENCE_THRESHOLD) {
      const key = question.length <= ANSWER_MEMO_MAX_QUESTION ? `${threshold} ${question}` : null;
      if (key !== null && answers.has(key)) return answers.get(key)!;
      const best = search(question, 1)[0];
      const answer = best && best.confidence >= threshold ? best : null;
      if (key !== null) {
        if (answers.size >= ANSWER_MEMO_SIZE) answers.delete(answers.keys().next().value!);
        answers.set(key, answer);
      }
      return answer;
    },
  };
}

/** Questions remembered per index (the oldest forgotten first), and the longest remembered. */
const ANSWER_MEMO_SIZE = 512;
const ANSWER_MEMO_MAX_QUESTION = 300;
