import { describe, expect, it } from 'vitest';
import { detectUrgent, type UrgentCategory } from './urgent-phrases.ts';

// The reviewed list (domain.md red flags, issue 10 point 3), with spacing and colloquial variants.
const urgent: [string, UrgentCategory][] = [
  ['가슴이 너무 아프고 숨이 차요', 'CHEST_PAIN'],
  ['가슴 통증이 있어요', 'CHEST_PAIN'],
  ['가슴이 조여요', 'CHEST_PAIN'],
  ['가슴이조여요!!', 'CHEST_PAIN'],
  ['가슴이 답답하고 식은땀이 나요', 'CHEST_PAIN'],
  ['흉통이 심해요', 'CHEST_PAIN'],
  ['숨이 차요', 'BREATHING'],
  ['숨쉬기 힘들어요', 'BREATHING'],
  ['숨 쉬기가 힘들어요', 'BREATHING'],
  ['숨이 안 쉬어져', 'BREATHING'],
  ['숨을 못 쉬겠어요', 'BREATHING'],
  ['숨이 막혀요', 'BREATHING'],
  ['호흡이 곤란해요', 'BREATHING'],
  ['쓰러질 것 같아', 'FAINTING'],
  ['아버지가 쓰러졌어요', 'FAINTING'],
  ['의식이 없어요', 'FAINTING'],
  ['정신이 없어요', 'FAINTING'],
  ['기절할 것 같아요', 'FAINTING'],
  ['피가 안 멈춰요', 'BLEEDING'],
  ['피가 안멈춰요ㅠㅠ', 'BLEEDING'],
  ['피를 토했어요', 'BLEEDING'],
  ['피가 많이 나요', 'BLEEDING'],
  ['말이 어눌해', 'STROKE'],
  ['말이 자꾸 꼬여요', 'STROKE'],
  ['한쪽 팔에 힘이 없어', 'STROKE'],
  ['한쪽 팔다리에 힘이 없어요', 'STROKE'],
  ['오른쪽 다리가 마비됐어요', 'STROKE'],
  ['얼굴이 비뚤어져요', 'STROKE'],
  ['경련을 해요', 'SEIZURE'],
  ['발작이 왔어요', 'SEIZURE'],
  ['목이 부어서 숨쉬기 힘들어요', 'BREATHING'],
  ['입술이 부었어요', 'ALLERGIC_REACTION'],
  ['죽고 싶어요', 'SELF_HARM'],
  ['죽 고 싶 다', 'SELF_HARM'],
  ['자해', 'SELF_HARM'],
  ['자해를 했어요', 'SELF_HARM'],
  ['살기 싫어요', 'SELF_HARM'],
  ['그냥 사라지고 싶어요', 'SELF_HARM'],
  // Self-harm wins over a medical pattern: its guidance adds 109.
  ['가슴이 아프고 죽고 싶어요', 'SELF_HARM'],
  ['번개탄을 피웠어요', 'SELF_HARM'],
  ['음독했어요', 'SELF_HARM'],
  ['목을 매려고 했어요', 'SELF_HARM'],
  // Too much medicine, a second dose, another's medicine, a household poison (decision 011).
  ['약을 너무 많이 먹었어요', 'POISONING'],
  ['약을 평소보다 많이 먹었어요', 'POISONING'],
  ['수면제를 한꺼번에 먹었어요', 'POISONING'],
  ['수면제를 한 통 다 먹었어요', 'POISONING'],
  ['약을 한 번에 다 먹었어요', 'POISONING'],
  ['혈압약을 두 번 먹은 것 같아요', 'POISONING'],
  ['약을 두 번 먹은 것 같아요 어떡하죠', 'POISONING'],
  ['인슐린을 두 번 맞았어요', 'POISONING'],
  ['인슐린을 한 번 더 놨어요', 'POISONING'],
  ['다른 사람 약을 먹었어요', 'POISONING'],
  ['약을 잘못 먹었어요', 'POISONING'],
  ['약을 과다 복용했어요', 'POISONING'],
  ['할머니가 농약을 마셨어요', 'POISONING'],
  ['락스를 삼켰어요', 'POISONING'],
  ['세제를 마셔버렸어요', 'POISONING'],
  ['아이가 건전지를 삼켰어요', 'POISONING'],
];

// Questions that share words with the list but carry no urgent meaning (decision 011).
const notUrgent = [
  '가슴 사진 검사는 언제예요?',
  '가슴 엑스레이 결과 나왔나요?',
  '피검사 결과는 언제 나와요?',
  '피부가 가려워요',
  '정신건강의학과 진료 시간 알려주세요',
  '심장내과 외래는 몇 층이에요?',
  '숨쉬기 운동 방법 알려주세요',
  '배고파 죽겠어요',
  '말이 너무 빨라서 못 알아들었어요',
  '퇴원하면 약은 어떻게 받아요?',
  '면회 시간은 언제예요?',
  '상담원 연결',
  '목요일에 외래 예약했어요',
  // Taking medicine as prescribed, and questions about it.
  '약 먹었어요',
  '진통제 먹었는데 안 나아요',
  '수면제 먹었는데 잠이 안 와요',
  '약을 하루에 몇 번 먹어야 하나요?',
  '약을 두 번 먹어야 하나요?',
  '약을 하루에 두 번 먹었어요',
  '혈압약을 매일 두 번 먹었어요',
  '아침저녁으로 두 번 먹었어요',
  '처방약을 다 먹었는데 더 받아야 하나요?',
  '약을 잘못 먹으면 어떻게 돼요?',
  '약을 먹을 때 물을 많이 마셔야 하나요?',
  '약 먹고 물을 많이 마셨어요',
  '약 먹고 밥을 많이 먹었어요',
  '약국에서 약을 많이 받았어요',
  '약값이 많이 나왔어요',
  '농약 뿌리고 밥 먹었어요',
  '세제로 설거지했어요',
  '넥타이를 목에 매고 출근했어요',
];

describe('detectUrgent', () => {
  it.each(urgent)('"%s" is urgent (%s)', (text, category) => {
    expect(detectUrgent(text)).toBe(category);
  });
  it.each(notUrgent)('"%s" is not urgent', (text) => {
    expect(detectUrgent(text)).toBeNull();
  });
});
