/**
 * Korean-aware retrieval over a hospital's FAQ and guide entries (brief §4).
 *
 * Korean glues particles and endings to words ("면회시간은", "주차비가"), so splitting on
 * spaces alone finds almost nothing. Each word is stripped of a common trailing particle,
 * then cut into syllable bigrams; a bigram across a word gap is added too, so "면회 시간"
 * and "면회시간" meet. Entries are ranked with BM25; the confidence is the share of the
 * question's information (IDF mass) that the best entry covers.
 */

export interface KnowledgeEntry {
  idx: number;
  category: string;
  question: string;
  /** Other ways patients ask the same thing, comma separated. */
  keywords: string;
  answer: string;
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
]);

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

/** These may leave a one-syllable noun behind ("밥은" → "밥"); the rest need two syllables. */
const SHORT_STEM_PARTICLES = new Set(['은', '는', '을', '를', '도', '만', '의']);

function stripParticle(word: string): string {
  for (const particle of TRAILING_PARTICLES) {
    const minStem = SHORT_STEM_PARTICLES.has(particle) ? 1 : 2;
    if (word.length - particle.length >= minStem && word.endsWith(particle))
      return word.slice(0, -particle.length);
  }
  return word;
}

function contentWords(text: string): string[] {
  return normalizeText(text)
    .split(' ')
    .filter((word) => word.length > 0 && !FILLER_WORDS.has(word))
    .map(stripParticle);
}

export interface Terms {
  /** Syllable bigrams inside words (a one-syllable word stands for itself). */
  core: string[];
  /** Bigrams across a word gap: they count when matched, and are not held against a question when unknown. */
  junction: string[];
}

/** The terms of a text, with repeats (term frequency matters for BM25). */
export function extractTerms(text: string): Terms {
  const words = contentWords(text);
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
/** An unknown word in a question is usually an ending we did not strip; it weighs less than a known rare one. */
const UNKNOWN_TERM_WEIGHT = 0.6;

interface IndexedEntry {
  entry: KnowledgeEntry;
  termFrequency: Map<string, number>;
  length: number;
}

export interface KnowledgeIndex {
  readonly size: number;
  /** Best matches first; empty when nothing shares a term with the question. */
  search(question: string, limit?: number): KnowledgeMatch[];
  /** The best match when its confidence reaches the threshold, else null. */
  answer(question: string, threshold?: number): KnowledgeMatch | null;
}

export function buildKnowledgeIndex(entries: readonly KnowledgeEntry[]): KnowledgeIndex {
  const indexed: IndexedEntry[] = entries.map((entry) => {
    // The question and its other phrasings describe the entry. The answer's wording would pull
    // in every entry that merely mentions "병동", and a category such as "입원·퇴원" would
    // make every discharge entry an admission entry too.
    const { core, junction } = extractTerms(`${entry.question} ${entry.keywords.replaceAll(',', ' ')}`);
    const termFrequency = new Map<string, number>();
    for (const term of [...core, ...junction]) termFrequency.set(term, (termFrequency.get(term) ?? 0) + 1);
    return { entry, termFrequency, length: core.length + junction.length };
  });
  const documentFrequency = new Map<string, number>();
  for (const doc of indexed) {
    for (const term of doc.termFrequency.keys())
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const count = indexed.length;
  const averageLength = indexed.reduce((sum, doc) => sum + doc.length, 0) / Math.max(count, 1);
  const idf = (term: string) => {
    const df = documentFrequency.get(term) ?? 0;
    return Math.log(1 + (count - df + 0.5) / (df + 0.5));
  };
  const unknownIdf = idf('\u0000') * UNKNOWN_TERM_WEIGHT;

  function search(question: string, limit = 5): KnowledgeMatch[] {
    const { core, junction } = extractTerms(question);
    const coreSet = new Set(core);
    const junctionSet = new Set(junction.filter((term) => !coreSet.has(term)));
    const queryTerms = [...coreSet, ...junctionSet];
    if (queryTerms.length === 0 || count === 0) return [];

    let questionMass = 0;
    for (const term of coreSet) questionMass += documentFrequency.has(term) ? idf(term) : unknownIdf;
    for (const term of junctionSet) if (documentFrequency.has(term)) questionMass += idf(term);
    if (questionMass === 0) return [];

    const matches: KnowledgeMatch[] = [];
    for (const doc of indexed) {
      let score = 0;
      let covered = 0;
      for (const term of queryTerms) {
        const tf = doc.termFrequency.get(term);
        if (!tf) continue;
        const weight = idf(term);
        covered += weight;
        score += (weight * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / averageLength));
      }
      if (score > 0)
        matches.push({ entry: doc.entry, score, confidence: Math.min(1, covered / questionMass) });
    }
    matches.sort((a, b) => b.score - a.score || b.confidence - a.confidence);
    return matches.slice(0, limit);
  }

  return {
    size: count,
    search,
    answer(question, threshold = ANSWER_CONFIDENCE_THRESHOLD) {
      const best = search(question, 1)[0];
      return best && best.confidence >= threshold ? best : null;
    },
  };
}
