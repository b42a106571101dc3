import { describe, expect, it } from 'vitest';
import {
  buildKnowledgeIndex,
  extractTerms,
  normalizeText,
  type KnowledgeEntry,
} from './chatbot-retrieval.ts';

/** A few entries written the way the hospital content is; the demo content is tested with the database (chatbot-eval.test.ts). */
const entries: KnowledgeEntry[] = [
  {
    idx: 1,
    kind: 'FAQ',
    category: '면회',
    title: '면회 시간은 언제인가요?',
    keywords: '면회 가능 시간, 문병 시간, 병문안 시간',
    bodyText: '평일 오후 6시~8시입니다.',
  },
  {
    idx: 2,
    kind: 'FAQ',
    category: '교통·주차',
    title: '주차 요금은 얼마인가요?',
    keywords: '주차비, 주차 할인, 무료 주차',
    bodyText: '외래 환자는 2시간 무료입니다.',
  },
  {
    idx: 3,
    kind: 'FAQ',
    category: '식사',
    title: '식사 시간은 언제인가요?',
    keywords: '밥 시간, 배식 시간',
    bodyText: '아침 7시 30분, 점심 12시, 저녁 5시 30분입니다.',
  },
  {
    idx: 4,
    kind: 'FAQ',
    category: '증명서·서류',
    title: '진단서는 어떻게 발급받나요?',
    keywords: '진단서 발급, 소견서',
    bodyText: '담당 진료과에 신청해 주세요.',
  },
];
const index = buildKnowledgeIndex(entries);

describe('Korean text into terms', () => {
  it('cuts words into syllable bigrams after dropping particles, not at spaces alone', () => {
    expect(extractTerms('면회시간은').core).toEqual(['면회', '회시', '시간']);
    expect(extractTerms('주차비가 얼마예요?').core).toEqual(['주차', '차비', '얼마']);
  });

  it('joins the two sides of a space so "면회 시간" meets "면회시간"', () => {
    expect(extractTerms('면회 시간').junction).toEqual(['회시']);
  });

  it('drops question words and polite endings that say nothing about the topic', () => {
    expect(extractTerms('어떻게 되나요 알려주세요').core).toEqual([]);
  });

  it('keeps a one-syllable noun once its particle is gone', () => {
    expect(extractTerms('밥은').core).toEqual(['밥']);
  });

  it('normalises width, case and punctuation', () => {
    expect(normalizeText('ＷｉＦｉ 비번?!')).toBe('wifi 비번');
  });
});

describe('answering from the entries', () => {
  it('finds the entry whatever the spacing and the particles', () => {
    expect(index.answer('면회시간이 언제예요?')?.entry.idx).toBe(1);
    expect(index.answer('면회 몇시까지 해요')?.entry.idx).toBe(1);
    expect(index.answer('주차비 얼마예요')?.entry.idx).toBe(2);
    expect(index.answer('밥은 언제 나와요')?.entry.idx).toBe(3);
    expect(index.answer('진단서 떼고 싶어요')?.entry.idx).toBe(4);
  });

  it('reads glued words, colloquial forms and one-jamo typos as the content writes them', () => {
    expect(index.answer('면회시산 알려주세요')?.entry.idx).toBe(1);
    expect(index.answer('주차비얼마')?.entry.idx).toBe(2);
    expect(index.answer('진단서떼려면')?.entry.idx).toBe(4);
    expect(index.answer('면회 몇시까지')?.entry.idx).toBe(1);
    // Stacked endings: "언제까지에요" is 언제 + 까지 + 에요.
    expect(index.answer('면회시간 언제까지에요')?.entry.idx).toBe(1);
  });

  it('answers the entry whose title the question repeats exactly, before a shorter entry on the same topic', () => {
    const both = buildKnowledgeIndex([
      {
        idx: 1,
        kind: 'GUIDE',
        category: '면회',
        title: '면회시간 안내',
        keywords: '면회 시간',
        bodyText: '안내',
      },
      {
        idx: 2,
        kind: 'FAQ',
        category: '면회',
        title: '면회 시간은 언제인가요?',
        keywords: '면회 가능 시간, 문병 시간, 병문안 시간',
        bodyText: '답변',
      },
    ]);
    expect(both.answer('면회 시간은 언제인가요?')).toMatchObject({ entry: { idx: 2 }, confidence: 1 });
    expect(both.answer('면회시간은 언제인가요')?.entry.idx).toBe(2);
  });

  it('does not answer from a word shared by chance when the rest of the question is unknown', () => {
    expect(index.answer('로또 시간 알려줘')).toBeNull();
  });

  it('ranks the entry that shares the rare words above one that shares only "시간"', () => {
    const [best, second] = index.search('식사 시간 알려주세요');
    expect(best?.entry.idx).toBe(3);
    expect(best!.confidence).toBeGreaterThan(second!.confidence);
  });

  it('does not guess when the question is about something else', () => {
    expect(index.answer('오늘 날씨 어때요')).toBeNull();
    expect(index.answer('고양이 사료 추천해 주세요')).toBeNull();
    expect(index.answer('약을 언제 먹어야 하나요')).toBeNull();
  });

  it('gives every match a confidence between 0 and 1', () => {
    for (const match of index.search('면회 주차 식사 진단서')) {
      expect(match.confidence).toBeGreaterThan(0);
      expect(match.confidence).toBeLessThanOrEqual(1);
    }
  });

  it('answers nothing from an empty knowledge base or an empty question', () => {
    expect(buildKnowledgeIndex([]).answer('면회 시간')).toBeNull();
    expect(index.answer('   ')).toBeNull();
  });

  it('answers a question asked again from memory, the same as the search gives (issue 11 point 7)', () => {
    const fresh = buildKnowledgeIndex(entries);
    const first = fresh.answer('주차비 얼마예요');
    expect(first?.entry.idx).toBe(2);
    // The same match object: the search did not run again.
    expect(fresh.answer('주차비 얼마예요')).toBe(first);
    expect(fresh.answer('주차비 얼마예요')).toEqual(fresh.search('주차비 얼마예요', 1)[0]);
    // A stricter threshold is a different question.
    expect(fresh.answer('주차비 얼마예요', 1.01)).toBeNull();
    expect(fresh.answer('밥은 언제 나와요')?.entry.idx).toBe(3);
  });
});
