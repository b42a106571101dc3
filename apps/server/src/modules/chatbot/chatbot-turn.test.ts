import { HANDOFF_PHRASE } from '@smartcare/contract/chat';
import { describe, expect, it } from 'vitest';
import { buildKnowledgeIndex } from './chatbot-retrieval.ts';
import { decideChatbotTurn, isHandoffRequest } from './chatbot.service.ts';

const index = buildKnowledgeIndex([
  {
    idx: 5,
    category: '교통·주차',
    question: '주차 요금은 얼마인가요?',
    keywords: '주차비, 주차 할인',
    answer: '외래 환자는 2시간 무료입니다.',
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

  it('says a staff member will reply when it is not confident, once per wait', () => {
    expect(decideChatbotTurn(fresh, '어제 받은 검사 결과가 궁금해요', index).action).toBe('fallback');
    const alreadyAsked = { botActive: true, staffRequestedAt: new Date() };
    expect(decideChatbotTurn(alreadyAsked, '어제 받은 검사 결과가 궁금해요', index).action).toBe('silent');
    // …but a question it knows still gets its answer while the patient waits.
    expect(decideChatbotTurn(alreadyAsked, '주차비 얼마예요?', index).action).toBe('answer');
  });

  it('hands the room over at once on the hand-off phrase, even when the words would match an entry', () => {
    expect(decideChatbotTurn(fresh, HANDOFF_PHRASE, index).action).toBe('handoff');
    expect(decideChatbotTurn(fresh, '주차 말고 상담원연결 해주세요', index).action).toBe('handoff');
  });

  it('stays quiet once the room was handed to staff', () => {
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
