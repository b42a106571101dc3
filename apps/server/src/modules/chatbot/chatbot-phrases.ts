import { HANDOFF_PHRASE } from '@smartcare/contract/chat';
import type { AppLocale } from '@smartcare/contract/result-codes';

export interface ChatbotPhrases {
  botName: string;
  /** Issue 14: the first line of an answer, naming the FAQ entry or guide it quotes. */
  answerFromFaq: (question: string) => string;
  answerFromGuide: (title: string) => string;
  /** Appended to every answer so the patient always knows how to reach a person. */
  answerFooter: string;
  fallback: string;
  handoff: string;
  /** Every later message while the room waits for staff gets this, so no message goes unanswered. */
  staffWillReply: string;
  /** The emergency guidance (domain.md): nurse call for inpatients, 119 for everyone. */
  urgent: string;
  /** Thoughts of self-harm: 109 (national suicide prevention line since 2024) and 119. */
  urgentSelfHarm: string;
  /**
   * Too much medicine or something poisonous swallowed: the same calls, and the two things
   * first aid adds — do not make yourself vomit, keep what was taken for the team.
   */
  urgentPoisoning: string;
  /** "{name} {role}가 상담에 참여했습니다", per staff role. */
  staffJoined: (name: string, role: string) => string;
}

const ROLE_NAMES: Record<AppLocale, Record<string, string>> = {
  'kr-KO': { NURSE: '간호사', COUNSELLOR: '상담사', DOCTOR: '의사', ADMIN: '관리자' },
  'en-US': { NURSE: 'nurse', COUNSELLOR: 'counsellor', DOCTOR: 'doctor', ADMIN: 'administrator' },
  'zh-CN': { NURSE: '护士', COUNSELLOR: '咨询师', DOCTOR: '医生', ADMIN: '管理员' },
};

/**
 * What the bot says, per app language. The bot speaks the hospital's language (Korean);
 * the other catalogues keep the phrases translatable like every user-facing string.
 */
export const chatbotPhrases: Record<AppLocale, ChatbotPhrases> = {
  'kr-KO': {
    botName: '스마트케어 챗봇',
    answerFromFaq: (question) => `자주 묻는 질문 「${question}」의 답변이에요.`,
    answerFromGuide: (title) => `「${title}」에서 찾은 내용이에요.`,
    // Names the button the patient sees under the conversation (issue 10 point 4).
    answerFooter: `더 궁금하신 점이 있으면 아래 '${HANDOFF_PHRASE}' 버튼을 눌러 주세요. 담당 직원이 답변드립니다.`,
    fallback:
      '죄송합니다. 문의하신 내용은 제가 정확히 답변드리기 어려워요. 담당 직원이 확인한 뒤 답변드리겠습니다. 응급 상황이라면 침대의 호출 버튼을 누르거나 119에 연락해 주세요.',
    handoff: '상담원에게 연결해 드릴게요. 잠시만 기다려 주시면 담당 직원이 답변드리겠습니다.',
    staffWillReply: '메시지를 담당 직원에게 전달했어요. 담당 직원이 곧 답변드리겠습니다.',
    urgent:
      '응급 상황일 수 있어요. 입원 중이시면 지금 바로 침대의 호출 버튼이나 아래 간호사 호출 버튼을 눌러 주세요. 병원 밖이거나 위급하면 즉시 119에 전화해 주세요. 담당 직원에게도 바로 알렸습니다.',
    urgentPoisoning:
      '응급 상황일 수 있어요. 억지로 토하지 마세요. 입원 중이시면 지금 바로 침대의 호출 버튼이나 아래 간호사 호출 버튼을 눌러 주세요. 병원 밖이거나 숨쉬기 힘들거나 정신이 흐려지면 즉시 119에 전화해 주세요. 드신 약이나 물질의 포장과 용기를 챙겨 두세요. 담당 직원에게도 바로 알렸습니다.',
    urgentSelfHarm:
      '많이 힘드시군요. 혼자 견디지 않으셔도 돼요. 지금 바로 자살예방상담전화 109(24시간)에 전화해 주세요. 위급하면 119에 전화해 주세요. 입원 중이시면 아래 간호사 호출 버튼을 눌러 주세요. 담당 직원에게도 바로 알렸습니다.',
    // Every role name ends in a vowel, so the subject particle is 가.
    staffJoined: (name, role) => `${name} ${ROLE_NAMES['kr-KO'][role] ?? '담당자'}가 상담에 참여했습니다`,
  },
  'en-US': {
    botName: 'Smart Care chatbot',
    answerFromFaq: (question) => `From the FAQ "${question}":`,
    answerFromGuide: (title) => `From the guide "${title}":`,
    answerFooter: `If you have more questions, press the '${HANDOFF_PHRASE}' button below and a staff member will reply.`,
    fallback:
      "Sorry, I can't answer that reliably. A staff member will check and reply. In an emergency, press the call button at your bed or call 119.",
    handoff: 'I am connecting you to a staff member. Please wait a moment for their reply.',
    staffWillReply: 'I have passed your message on. A staff member will reply soon.',
    urgent:
      'This may be an emergency. If you are an inpatient, press the call button at your bed or the nurse call button below now. Outside the hospital or if it is serious, call 119 at once. Staff have been alerted.',
    urgentPoisoning:
      'This may be an emergency. Do not make yourself vomit. If you are an inpatient, press the call button at your bed or the nurse call button below now. Outside the hospital, or if breathing is hard or you feel drowsy or confused, call 119 at once. Keep the package or container of what was taken. Staff have been alerted.',
    urgentSelfHarm:
      'You do not have to go through this alone. Call the suicide prevention line 109 (24 hours) now; in an emergency call 119. If you are an inpatient, press the nurse call button below. Staff have been alerted.',
    staffJoined: (name, role) => `${name} (${ROLE_NAMES['en-US'][role] ?? role}) joined the conversation`,
  },
  'zh-CN': {
    botName: '智能护理聊天机器人',
    answerFromFaq: (question) => `常见问题「${question}」的回答：`,
    answerFromGuide: (title) => `摘自指南「${title}」：`,
    answerFooter: `如有其他问题，请按下方的"${HANDOFF_PHRASE}"按钮，工作人员将为您解答。`,
    fallback:
      '抱歉，这个问题我无法准确回答。工作人员确认后会回复您。如遇紧急情况，请按床边呼叫按钮或拨打119。',
    handoff: '正在为您转接工作人员，请稍候。',
    staffWillReply: '您的消息已转交工作人员，工作人员将尽快回复。',
    urgent:
      '这可能是紧急情况。住院患者请立即按床边呼叫按钮或下方的护士呼叫按钮。在院外或情况危急，请立即拨打119。已通知工作人员。',
    urgentPoisoning:
      '这可能是紧急情况。请不要催吐。住院患者请立即按床边呼叫按钮或下方的护士呼叫按钮。在院外，或出现呼吸困难、意识模糊时，请立即拨打119。请保留所服药物或物质的包装和容器。已通知工作人员。',
    urgentSelfHarm:
      '您不必独自承受。请立即拨打自杀预防热线109（24小时）；紧急情况请拨打119。住院患者请按下方的护士呼叫按钮。已通知工作人员。',
    staffJoined: (name, role) => `${ROLE_NAMES['zh-CN'][role] ?? role}${name}加入了咨询`,
  },
};
