import type { ChatbotTurn } from './chatbot.service.ts';

/**
 * The chatbot's evaluation set (issue 14, decision 023): Korean questions as patients type
 * them — spacing left out or added, colloquial forms, typos — each with the titles of the
 * demo content (`db/demo-hospital-content.ts`) that answer it, or `NONE` when the content
 * cannot answer and the bot must hand the question to staff. Where the demo content has both
 * an FAQ entry and a guide on the same thing, either is a right answer.
 *
 * Fixed: change it only with the content it is written against, and never to make a figure
 * pass. Goal: at least 85 % right, at most 3 % wrong and confident.
 */
export const NONE = 'NONE' as const;

const PARKING_FEE = ['주차 요금은 얼마인가요?', '주차 요금 및 할인 안내'];
const PARKING_LOT = ['주차장은 어디에 있나요?', '주차장 이용 안내'];
const VISITING_HOURS = ['면회 시간은 언제인가요?', '면회시간 안내'];
const VISITING_RULES = ['면회 인원과 면회 시 지켜야 할 사항이 있나요?', '면회 수칙'];
const CERTIFICATE = ['진단서는 어떻게 발급받나요?', '진단서·소견서 발급 안내'];
const ADMISSION = ['입원 절차는 어떻게 되나요?', '입원 안내'];
const ADMISSION_ITEMS = ['입원할 때 무엇을 준비해야 하나요?', '입원 준비물'];
const DISCHARGE = ['퇴원 절차는 어떻게 되나요?', '퇴원 안내'];
const DISCHARGE_TIME = ['퇴원은 몇 시에 하나요?', '퇴원 안내'];
const PAYMENT = ['진료비는 어디서 수납하나요?', '진료비 수납 안내'];
const WIFI = ['와이파이를 사용할 수 있나요?', '무선 인터넷(와이파이) 이용 안내'];
const AMENITIES = ['병원 안에 어떤 편의시설이 있나요?', '병원 편의시설 안내', '본관 지하 1층 안내'];
const SHUTTLE = ['셔틀버스는 어디서 타고 언제 운행하나요?', '셔틀버스 운행 안내'];
const ROOM = ['병실을 바꾸거나 1인실로 옮길 수 있나요?', '병실 배정과 병실료 안내'];
const RECORDS = ['의무기록 사본은 어떻게 발급받나요?', '의무기록 사본·영상 CD 발급 안내'];
const HOURS = ['외래 진료 시간과 원무과 운영 시간은 어떻게 되나요?', '외래 진료 시간 안내'];
const BOOKING = ['외래 진료 예약을 변경하거나 취소하려면 어떻게 하나요?', '외래 진료 예약 방법'];
const INTEGRATED = ['간호·간병통합서비스 병동은 무엇인가요?', '간호·간병통합서비스 병동 안내'];
const PRAYER = ['종교 활동을 할 수 있는 곳이 있나요?', '기도실·원목실 안내'];

export const CHATBOT_EVAL_SET: readonly { question: string; expected: readonly string[] | typeof NONE }[] = [
  // parking
  { question: '주차 얼마에요', expected: PARKING_FEE },
  { question: '주차비 할인 돼요?', expected: PARKING_FEE },
  { question: '입원환자도 주차비 내야되나요', expected: PARKING_FEE },
  { question: '주차장어디', expected: PARKING_LOT },
  { question: '주차장 만차면 어디 세워요', expected: PARKING_LOT },
  { question: '발렛 되나요', expected: ['발레파킹 이용 안내', '주차장은 어디에 있나요?'] },
  { question: '장애인 주차 자리 있어요?', expected: ['장애인·임산부 주차 안내'] },
  // visiting
  { question: '면회시간 언제까지', expected: VISITING_HOURS },
  { question: '면회시산 알려주세요', expected: VISITING_HOURS },
  { question: '병문안 몇시까지 가능해요', expected: VISITING_HOURS },
  { question: '애들 데리고 면회 가도 돼요?', expected: VISITING_RULES },
  { question: '중환자실 면회 되나요', expected: ['중환자실 면회 안내'] },
  // admission and discharge
  { question: '입원수속 어떻게 해요', expected: ADMISSION },
  { question: '입원할때 뭐 챙겨가요', expected: ADMISSION_ITEMS },
  { question: '퇴원 몇시에 해요', expected: DISCHARGE_TIME },
  { question: '퇴원수속 어디서 하나요', expected: DISCHARGE },
  { question: '1인실로 옮기고 싶어요', expected: ROOM },
  { question: '간병인 없는 병동 있어요?', expected: INTEGRATED },
  { question: '보호자 상주 되나요', expected: ['보호자가 병실에 상주할 수 있나요?'] },
  // documents
  { question: '진단서떼려면', expected: CERTIFICATE },
  { question: '진단서 뗄려면 어디로 가요', expected: CERTIFICATE },
  { question: '진단서 비용 얼마에요', expected: [...CERTIFICATE, '제증명 수수료 안내'] },
  { question: '의무기록 사본 떼려면', expected: RECORDS },
  { question: 'CT 씨디 받고 싶어요', expected: RECORDS },
  { question: '가족이 대신 서류 발급 가능해요?', expected: ['대리인 발급 시 필요한 서류', ...RECORDS] },
  { question: '실비청구 서류 뭐 필요해요', expected: ['실손보험 청구에 필요한 서류는 무엇인가요?'] },
  { question: '영수증 재발급 돼요', expected: ['진료비 영수증을 다시 받을 수 있나요?'] },
  // payment
  { question: '수납창구 어디에요', expected: PAYMENT },
  { question: '병원비 카드 돼요?', expected: PAYMENT },
  { question: '입원비 중간정산', expected: ['입원비 중간 정산은 어떻게 하나요?'] },
  // daily life
  { question: '밥 언제 나와요', expected: ['식사 시간은 언제인가요?'] },
  { question: '보호자 밥도 신청돼요?', expected: ['보호자 식사나 특별식을 신청할 수 있나요?'] },
  { question: '외박 가능한가요', expected: ['외출이나 외박을 할 수 있나요?'] },
  { question: '담배 어디서 펴요', expected: ['병원에서 담배를 피울 수 있나요?'] },
  { question: '택배받을수있나요', expected: ['입원 중에 택배를 받을 수 있나요?'] },
  { question: '지갑 잃어버렸어요', expected: ['물건을 잃어버렸어요. 분실물은 어디서 찾나요?'] },
  { question: '소등 몇시에요', expected: ['소등 시간과 병동 출입 시간이 정해져 있나요?'] },
  { question: '빨래 어디서 해요', expected: ['세탁실이나 샤워실을 이용할 수 있나요?'] },
  { question: '와이파이 비번 뭐에요', expected: WIFI },
  // facilities and places
  { question: '편의점 있어요?', expected: AMENITIES },
  { question: '카페 몇시까지 해요', expected: ['식당·카페 운영 시간'] },
  { question: '기도실 있나요', expected: PRAYER },
  { question: '휠체어 빌릴수 있나요', expected: ['휠체어·유모차 대여 안내'] },
  { question: '채혈실 어디예요', expected: ['채혈실·검사실 위치'] },
  { question: '피 뽑는데 어디에요', expected: ['채혈실·검사실 위치'] },
  // getting here
  { question: '셔틀 몇분마다 와요', expected: SHUTTLE },
  {
    question: '지하철 몇번출구로 나와요',
    expected: ['지하철로 오시는 길', '병원까지 대중교통으로 어떻게 가나요?'],
  },
  { question: '버스 몇번 타요', expected: ['버스로 오시는 길', '병원까지 대중교통으로 어떻게 가나요?'] },
  // outpatient care
  { question: '토요일에도 진료해요?', expected: HOURS },
  { question: '예약 변경하려면', expected: BOOKING },
  { question: '의뢰서 없이 진료 되나요', expected: ['진료의뢰서가 꼭 필요한가요?'] },
  { question: '피검사 전에 밥 먹어도 돼요?', expected: ['검사 전에 금식해야 하나요?'] },
  { question: '건강검진 예약하려면', expected: ['건강검진센터 안내'] },
  { question: '아기 예방접종 어디서 해요', expected: ['소아청소년과 진료 안내'] },
  // the content cannot answer these: staff must
  { question: '제 검사 결과 나왔나요', expected: NONE },
  { question: '어제 찍은 엑스레이 결과 알려주세요', expected: NONE },
  { question: '내일 제 수술 몇시에요', expected: NONE },
  { question: '제 퇴원날짜 언제로 잡혔어요', expected: NONE },
  { question: '약을 언제 먹어야 하나요', expected: NONE },
  { question: '진통제 좀 더 주실 수 있나요', expected: NONE },
  { question: '우리 엄마 상태 어떤가요', expected: NONE },
  { question: '오늘 날씨 어때요', expected: NONE },
  { question: '주식 추천해 주세요', expected: NONE },
  { question: '로또 번호 알려줘', expected: NONE },
];

/**
 * Held out: written after the rules above were tuned on CHATBOT_EVAL_SET, and run once
 * without changing anything for it. Its figures say how the bot does on phrasings nobody
 * tuned for; they are reported beside the main set's (decision 023) and not asserted at the
 * main set's goal.
 */
export const CHATBOT_HELD_OUT_SET: readonly {
  question: string;
  expected: readonly string[] | typeof NONE;
}[] = [
  { question: '주차 몇시간 무료에요', expected: PARKING_FEE },
  { question: '차 어디다 대요', expected: PARKING_LOT },
  { question: '문병 가능한 시간', expected: VISITING_HOURS },
  { question: '면회 몇명까지 돼요', expected: VISITING_RULES },
  { question: '입원 준비물 뭐에요', expected: ADMISSION_ITEMS },
  { question: '퇴원할때 약은 어떻게 받아요', expected: DISCHARGE },
  { question: '소견서 발급 얼마예요', expected: [...CERTIFICATE, '제증명 수수료 안내'] },
  { question: '진료기록 복사하려면', expected: RECORDS },
  { question: '보험회사 낼 서류', expected: ['실손보험 청구에 필요한 서류는 무엇인가요?'] },
  { question: '와이파이 연결 어떻게 해요', expected: WIFI },
  { question: 'atm 있나요', expected: AMENITIES },
  { question: '커피 마실데 있어요', expected: [...AMENITIES, '식당·카페 운영 시간'] },
  { question: '유모차 빌려주나요', expected: ['휠체어·유모차 대여 안내'] },
  { question: '셔틀버스 타는곳', expected: SHUTTLE },
  {
    question: '지하철역에서 어떻게 가요',
    expected: ['지하철로 오시는 길', '병원까지 대중교통으로 어떻게 가나요?'],
  },
  { question: '점심시간에도 진료해요', expected: HOURS },
  { question: '예약취소 하고싶어요', expected: BOOKING },
  { question: '처음가는데 예약 안해도 돼요?', expected: ['처음 방문하는데 진료 예약 없이 가도 되나요?'] },
  { question: '금식 몇시간 해야돼요', expected: ['검사 전에 금식해야 하나요?'] },
  { question: '흡연구역 있나요', expected: ['병원에서 담배를 피울 수 있나요?'] },
  { question: '분실물 센터 어디', expected: ['물건을 잃어버렸어요. 분실물은 어디서 찾나요?'] },
  { question: '간병비 얼마', expected: INTEGRATED },
  { question: '귀중품 맡길데 있나요', expected: ['귀중품은 어떻게 보관하나요?'] },
  { question: '샤워 할 수 있어요?', expected: ['세탁실이나 샤워실을 이용할 수 있나요?'] },
  { question: '제 혈압 수치 정상인가요', expected: NONE },
  { question: '내 담당 간호사 누구에요', expected: NONE },
  { question: '아버지 수술 잘 끝났나요', expected: NONE },
  { question: '영화 추천해줘', expected: NONE },
  { question: '병원 근처 맛집 알려줘', expected: NONE },
  { question: '항암치료 부작용이 뭐예요', expected: NONE },
];

export interface EvalOutcome {
  question: string;
  expected: readonly string[] | typeof NONE;
  /** The title the bot answered with, or NONE when it handed the question to staff. */
  answered: string;
  verdict: 'right' | 'wrongConfident' | 'missed';
}

/**
 * Right: the expected entry answered, or a hand-over where none was expected. Wrong and
 * confident: an answer from another entry, or any answer where staff should have replied.
 * Missed: a hand-over where the content had the answer (safe, but more work for staff).
 */
export function judge(item: (typeof CHATBOT_EVAL_SET)[number], turn: ChatbotTurn): EvalOutcome {
  const answered = turn.action === 'answer' ? turn.link.title : NONE;
  const verdict =
    item.expected === NONE
      ? answered === NONE
        ? 'right'
        : 'wrongConfident'
      : answered === NONE
        ? 'missed'
        : item.expected.includes(answered)
          ? 'right'
          : 'wrongConfident';
  return { question: item.question, expected: item.expected, answered, verdict };
}
