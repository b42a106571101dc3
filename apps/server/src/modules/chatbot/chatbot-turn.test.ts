import { HANDOFF_PHRASE } from '@smartcare/contract/chat';
import { describe, expect, it } from 'vitest';
import { buildKnowledgeIndex } from './chatbot-retrieval.ts';
import {
  asksAboutOwnCare,
  decideChatbotTurn,
  isHandoffRequest,
  quoteOf,
  QUOTE_MAX_CHARS,
} from './chatbot.service.ts';

const index = buildKnowledgeIndex([
  {
    idx: 5,
    kind: 'FAQ',
    category: '교통·주차',
    title: '주차 요금은 얼마인가요?',
    keywords: '주차비, 주차 할인',
    bodyText: '외래 환자는 2시간 무료입니다.',
  },
]);
const fresh = { botActive: true, staffRequestedAt: null };

describe('what the bot does after a patient message', () => {
  it('answers a question it knows, and tells the patient how to reach a person', () => {
    const turn = decideChatbotTurn(fresh, '주차비 얼마예요?', index);
    expect(turn).toMatchObject({ action: 'answer', entryIdx: 5 });
    if (turn.action !== 'answer') return;
    expect(turn.text).toContain('외래 환자는 2시간 무료입니다.');
    expect(turn.text).toContain(HANDOFF_PHRASE);
  });

  it('carries a link to the FAQ entry it quotes, and says where the answer comes from', () => {
    const turn = decideChatbotTurn(fresh, '주차비 얼마예요?', index);
    expect(turn.action === 'answer' && turn.link).toEqual({
      kind: 'FAQ',
      idx: 5,
      title: '주차 요금은 얼마인가요?',
    });
    expect(turn.action === 'answer' && turn.text).toContain('「주차 요금은 얼마인가요?」');
  });

  it('quotes a long body briefly, in whole sentences', () => {
    const long = '외래 환자는 2시간 무료입니다. '.repeat(20).trim();
    const quote = quoteOf(long);
    expect(quote.length).toBeLessThanOrEqual(QUOTE_MAX_CHARS + 2);
    expect(quote).toMatch(/무료입니다\. …$/);
    expect(quoteOf('짧은 답변입니다.')).toBe('짧은 답변입니다.');
  });

  it("hands questions about the patient's own care to staff even when the words match an entry", () => {
    const results = buildKnowledgeIndex([
      {
        idx: 9,
        kind: 'FAQ',
        category: '검사',
        title: '검사 결과는 언제 어떻게 알 수 있나요?',
        keywords: '검사 결과, 결과 확인',
        bodyText: '다음 외래 진료 때 담당 의사가 설명해 드립니다.',
      },
    ]);
    expect(decideChatbotTurn(fresh, '검사 결과 언제 알 수 있어요?', results).action).toBe('answer');
    for (const own of [
      '제 검사 결과 나왔나요',
      '어제 찍은 검사 결과 알려주세요',
      '우리 엄마 검사 결과는요?',
    ]) {
      expect(asksAboutOwnCare(own), own).toBe(true);
      expect(decideChatbotTurn(fresh, own, results).action, own).toBe('fallback');
    }
    for (const general of ['주차비 얼마예요', '엄마 대신 서류 뗄 수 있나요', '약국 어디예요']) {
      expect(asksAboutOwnCare(general), general).toBe(false);
    }
  });

  it('names the button under the conversation in its hint', () => {
    const turn = decideChatbotTurn(fresh, '주차비 얼마예요?', index);
    expect(turn.action === 'answer' && turn.text).toContain(`아래 '${HANDOFF_PHRASE}' 버튼을 눌러 주세요`);
  });

  it('says a staff member will reply when it is not confident, and answers every later message too', () => {
    expect(decideChatbotTurn(fresh, '어제 받은 검사 결과가 궁금해요', index).action).toBe('fallback');
    const alreadyAsked = { botActive: true, staffRequestedAt: new Date() };
    expect(decideChatbotTurn(alreadyAsked, '어제 받은 검사 결과가 궁금해요', index)).toMatchObject({
      action: 'staffWillReply',
      text: expect.stringContaining('담당 직원이 곧 답변드리겠습니다'),
    });
    expect(decideChatbotTurn(alreadyAsked, HANDOFF_PHRASE, index).action).toBe('staffWillReply');
    // …but a question it knows still gets its answer while the patient waits.
    expect(decideChatbotTurn(alreadyAsked, '주차비 얼마예요?', index).action).toBe('answer');
  });

  it('hands the room over at once on the hand-off phrase, even when the words would match an entry', () => {
    expect(decideChatbotTurn(fresh, HANDOFF_PHRASE, index).action).toBe('handoff');
    expect(decideChatbotTurn(fresh, '주차 말고 상담원연결 해주세요', index).action).toBe('handoff');
  });

  it('meets urgent meaning with the emergency guidance, never a generic answer', () => {
    const chest = decideChatbotTurn(fresh, '가슴이 너무 아프고 숨이 차요', index);
    expect(chest).toMatchObject({ action: 'urgent', category: 'CHEST_PAIN' });
    expect(chest.action === 'urgent' && chest.text).toContain('119');
    expect(chest.action === 'urgent' && chest.text).toContain('간호사 호출');
    const selfHarm = decideChatbotTurn(fresh, '죽고 싶어요', index);
    expect(selfHarm).toMatchObject({ action: 'urgent', category: 'SELF_HARM' });
    expect(selfHarm.action === 'urgent' && selfHarm.text).toMatch(/109[\s\S]*119/);
    // Too much medicine: the calls, and first aid's two points (no vomiting, keep the package).
    const overdose = decideChatbotTurn(fresh, '수면제를 한꺼번에 먹었어요', index);
    expect(overdose).toMatchObject({ action: 'urgent', category: 'POISONING' });
    expect(overdose.action === 'urgent' && overdose.text).toContain('119');
    expect(overdose.action === 'urgent' && overdose.text).toContain('간호사 호출');
    expect(overdose.action === 'urgent' && overdose.text).toContain('토하지 마세요');
    expect(overdose.action === 'urgent' && overdose.text).toContain('용기');
    // Even once staff have the room, and even when an FAQ entry would match the words.
    const handedOver = { botActive: false, staffRequestedAt: new Date() };
    expect(decideChatbotTurn(handedOver, '주차하다가 쓰러질 것 같아요', index).action).toBe('urgent');
  });

  it('stays quiet once staff have taken the room', () => {
    const handedOver = { botActive: false, staffRequestedAt: new Date() };
    expect(decideChatbotTurn(handedOver, '주차비 얼마예요?', index).action).toBe('silent');
    expect(decideChatbotTurn(handedOver, HANDOFF_PHRASE, index).action).toBe('silent');
  });

  it('recognises the phrase whatever the spacing and punctuation', () => {
    expect(isHandoffRequest('상담원 연결')).toBe(true);
    expect(isHandoffRequest(' 상담원연결! ')).toBe(true);
    expect(isHandoffRequest('상담 시간')).toBe(false);
  });
});
