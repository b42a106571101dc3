/**
 * Urgent meaning in a patient's chat message (domain.md "Urgent words in chat"): triage, not
 * diagnosis. The list was reviewed against domain.md's red flags; each pattern runs on the
 * normalised text (spacing and punctuation removed), so "숨이 안 쉬어져" and "숨이안쉬어져"
 * are the same. It errs towards safety: a negated phrase ("가슴이 아프진 않아요") still
 * triggers, because a missed emergency costs more than a nurse glancing at a flagged room.
 * Decision record 011 lists what deliberately does not trigger.
 */

export const URGENT_CATEGORIES = [
  'POISONING',
  'CHEST_PAIN',
  'BREATHING',
  'FAINTING',
  'BLEEDING',
  'STROKE',
  'SEIZURE',
  'ALLERGIC_REACTION',
  'SELF_HARM',
] as const;
export type UrgentCategory = (typeof URGENT_CATEGORIES)[number];

/** Spacing, punctuation and letter case carry no meaning here; colloquial spelling is kept. */
export function normalizeUrgentText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Medicines a patient may name instead of 약 (insulin is injected: 맞았다, 놓았다). */
const MEDICINE = '(?:약|알약|수면제|안정제|진통제|해열제|타이레놀|인슐린)';
/** Swallowed, in the past: "took" a medicine, "drank" or "swallowed" something. */
const TOOK = '(?:먹었|먹어버|먹은것같|먹은거같|삼켰|삼킨것같|맞았|맞은것같|놓았|놨)';

// Self-harm first: its guidance adds 109, so it wins over a medical pattern in the same text.
const PATTERNS: readonly (readonly [UrgentCategory, RegExp])[] = [
  [
    'SELF_HARM',
    /죽고싶|자해|자살|살기싫|죽어버리|목숨을?끊|사라지고싶|극단적인?선택|손목을?그|손목을?긋|음독|번개탄|목을?매(?:달|려|고|었|았)/,
  ],
  // Too much of a medicine, a second dose, someone else's medicine, or a household poison
  // swallowed (decision 011, amended): "약 먹었어요" alone, or "약을 다 먹었는데 더 받아야
  // 하나요" (the course is finished), is not. Nothing that takes or swallows may come between
  // the medicine and the amount, so "약 먹고 밥을 많이 먹었어요" does not trigger either.
  [
    'POISONING',
    new RegExp(
      [
        `${MEDICINE}[^먹마삼맞]{0,6}(?:너무많이|많이|한꺼번에|한번에|한통|통째로|잔뜩|과다|과량)[^먹마삼맞]{0,3}${TOOK}`,
        `${MEDICINE}[^먹마삼맞]{0,6}(?<!하루에?|매일|아침저녁으로)(?:두번|2번|두배|2배|한번더|또|중복으로|이중으로)[^먹마삼맞]{0,2}${TOOK}`,
        `(?:남의|다른사람|다른환자|옆환자|엉뚱한)[^먹마삼]{0,4}약[^먹마삼]{0,3}${TOOK}`,
        `약[^먹마삼]{0,3}잘못${TOOK}`,
        '과다복용|과량복용|약물중독|약물과다',
        `(?:농약|제초제|살충제|락스|표백제|세제|부동액|쥐약|독극물|독약|메탄올|살균제|건전지|수은)[^먹마삼]{0,3}(?:${TOOK.slice(3, -1)}|마셨|마셔버|마신것같)`,
      ].join('|'),
    ),
  ],
  // "가슴 사진", "가슴 엑스레이 검사" name an examination, not a symptom: a pain word is required.
  [
    'CHEST_PAIN',
    /가슴.{0,8}(아프|아파|아퍼|통증|조여|조이|답답|쥐어짜|찌르|뻐근|짓눌|터질)|흉통|심장.{0,6}(아프|아파|조여|터질|멎)/,
  ],
  [
    'BREATHING',
    /숨.{0,4}(차요|차고|차서|차다|차네|찬다|막히|막혀|못쉬|안쉬|가빠|가쁘|헐떡|넘어가)|숨쉬기.{0,3}(힘들|어렵|곤란|힘드)|숨을?못|호흡.{0,4}(곤란|힘들|힘드|어렵|안돼|안되)/,
  ],
  ['FAINTING', /쓰러(졌|질|져|지|짐)|기절|실신|의식.{0,4}(없|잃|흐려|이상)|정신.{0,3}(없어|잃|못차리|가물)/],
  [
    'BLEEDING',
    /피.{0,4}(안멈|멈추지|멈추질|안그쳐|안그치|많이나|철철|쏟|토했|토해|토하|토함)|각혈|토혈|하혈|출혈.{0,3}(심해|심하|많|안멈)/,
  ],
  [
    'STROKE',
    /(한쪽|반쪽|왼쪽|오른쪽|왼|오른).{0,4}(팔|다리|손|몸|얼굴).{0,5}(힘이없|힘이안|힘이빠|마비|감각이없|안움직|못움직)|말이.{0,3}(어눌|꼬여|꼬이|안나와|이상해|잘안나)|발음이.{0,3}(어눌|이상|꼬)|(얼굴|입).{0,4}(비뚤|돌아갔|처졌)/,
  ],
  ['SEIZURE', /경련|발작|경기(를|해|하)/],
  ['ALLERGIC_REACTION', /(목|혀|입술|얼굴)(이|가)?.{0,3}(부어|붓고|부었|붓는)|아나필락시스/],
];

/** The category of the first urgent pattern found, or null. */
export function detectUrgent(text: string): UrgentCategory | null {
  const normalised = normalizeUrgentText(text);
  for (const [category, pattern] of PATTERNS) if (pattern.test(normalised)) return category;
  return null;
}
