import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { createHospital } from '../../testing/factories.ts';
import { buildKnowledgeIndex, type KnowledgeIndex } from './chatbot-retrieval.ts';
import { chatbotRepository } from './chatbot.repository.ts';
import { createChatbotService } from './chatbot.service.ts';

/**
 * The FAQ and guide content every hospital starts with (migration 050), read from the real
 * database, and the questions patients actually type answered from it.
 */
let t: TestApp;
let hospitalIdx: number;
let index: KnowledgeIndex;

beforeAll(async () => {
  t = await buildTestApp();
  hospitalIdx = (await createHospital(t.app.db, { name: '시드병원' })).idx;
  index = buildKnowledgeIndex(await chatbotRepository.listActiveEntries(t.app.db, hospitalIdx));
});

afterAll(async () => {
  await t?.close();
});

describe('the seed content', () => {
  it('gives each new hospital its own editable copy of at least 30 Korean entries', async () => {
    expect(index.size).toBeGreaterThanOrEqual(30);
    const other = await createHospital(t.app.db, { name: '두번째병원' });
    const { rows } = await t.app.db.query<{ hospital_idx: number; count: number }>(
      `SELECT hospital_idx, count(*)::int AS count FROM faq_entries WHERE hospital_idx = ANY($1::int[]) GROUP BY hospital_idx`,
      [[hospitalIdx, other.idx]],
    );
    expect(rows.map((row) => row.count)).toEqual([index.size, index.size]);
  });

  it('covers what a Korean hospital is asked about', async () => {
    const { rows } = await t.app.db.query<{ question: string }>(
      'SELECT question FROM faq_entries WHERE hospital_idx = $1',
      [hospitalIdx],
    );
    const questions = rows.map((row) => row.question).join('\n');
    for (const topic of [
      '면회',
      '주차',
      '입원',
      '퇴원',
      '진단서',
      '식사',
      '보호자',
      '외출',
      '수납',
      '보험',
      '와이파이',
      '편의시설',
      '셔틀',
      '담배',
      '택배',
      '분실물',
    ]) {
      expect(questions, topic).toContain(topic);
    }
  });
});

describe('answering patients from the seed', () => {
  // What patients type, with the entry that should answer it.
  const asked: [string, string][] = [
    ['면회시간이 언제예요?', '면회 시간은 언제인가요?'],
    ['병문안 몇시까지 돼요', '면회 시간은 언제인가요?'],
    ['주차비 얼마예요', '주차 요금은 얼마인가요?'],
    ['주차장 어디 있어요', '주차장은 어디에 있나요?'],
    ['입원 수속 어떻게 해요', '입원 절차는 어떻게 되나요?'],
    ['입원할때 뭐 가져가요', '입원할 때 무엇을 준비해야 하나요?'],
    ['퇴원 몇시에 해요', '퇴원은 몇 시에 하나요?'],
    ['진단서 발급받으려면 어떻게 해야 하나요', '진단서는 어떻게 발급받나요?'],
    ['실비 청구하려는데요', '실손보험 청구에 필요한 서류는 무엇인가요?'],
    ['밥은 언제 나와요', '식사 시간은 언제인가요?'],
    ['보호자도 밥 먹을 수 있나요', '보호자 식사나 특별식을 신청할 수 있나요?'],
    ['외박 가능한가요', '외출이나 외박을 할 수 있나요?'],
    ['수납 창구 어디예요', '진료비는 어디서 수납하나요?'],
    ['와이파이 비번 뭐예요', '와이파이를 사용할 수 있나요?'],
    ['편의점 있나요', '병원 안에 어떤 편의시설이 있나요?'],
    ['셔틀버스 시간표', '셔틀버스는 어디서 타고 언제 운행하나요?'],
    ['흡연실 어디에요', '병원에서 담배를 피울 수 있나요?'],
    ['택배 받을 수 있어요?', '입원 중에 택배를 받을 수 있나요?'],
    ['지갑을 잃어버렸어요', '물건을 잃어버렸어요. 분실물은 어디서 찾나요?'],
    ['보호자 상주 가능한가요', '보호자가 병실에 상주할 수 있나요?'],
    ['1인실로 옮기고 싶어요', '병실을 바꾸거나 1인실로 옮길 수 있나요?'],
  ];
  it.each(asked)('"%s" → %s', (question, expected) => {
    expect(index.answer(question)?.entry.question).toBe(expected);
  });

  // Nothing in the seed answers these: the bot must hand them to staff.
  it.each([
    '오늘 날씨 어때요',
    '주식 추천해 주세요',
    '배가 너무 아파요',
    '어제 찍은 엑스레이 결과 알려주세요',
    '약을 언제 먹어야 하나요',
  ])('"%s" → no answer', (question) => {
    expect(index.answer(question)).toBeNull();
  });
});

describe('the chatbot service over the database', () => {
  it('picks up an entry staff added, without a restart', async () => {
    let clock = 0;
    const service = createChatbotService({ db: t.app.db, now: () => clock });
    const room = { botActive: true, staffRequestedAt: null };
    expect((await service.turn(hospitalIdx, room, '반려동물 동반 가능한가요')).action).toBe('fallback');
    await t.app.db.query(
      `INSERT INTO faq_entries (hospital_idx, kind, category, question, keywords, answer)
       VALUES ($1, 'FAQ', '입원 생활', '반려동물을 데려와도 되나요?', '반려동물 동반, 애완동물, 강아지',
               '안내견을 제외한 반려동물은 병원에 들어올 수 없습니다.')`,
      [hospitalIdx],
    );
    // Within the freshness window the cached index answers; after it, the new entry does.
    clock += 1_000;
    expect((await service.turn(hospitalIdx, room, '반려동물 동반 가능한가요')).action).toBe('fallback');
    clock += 60_000;
    expect(await service.turn(hospitalIdx, room, '반려동물 동반 가능한가요')).toMatchObject({
      action: 'answer',
    });
  });
});
