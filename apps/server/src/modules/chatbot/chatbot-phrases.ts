import { HANDOFF_PHRASE } from '@smartcare/contract/chat';
import type { AppLocale } from '@smartcare/contract/result-codes';

export interface ChatbotPhrases {
  botName: string;
  /** Appended to every answer so the patient always knows how to reach a person. */
  answerFooter: string;
  fallback: string;
  handoff: string;
}

/**
 * What the bot says, per app language. The bot speaks the hospital's language (Korean);
 * the other catalogues keep the phrases translatable like every user-facing string.
 */
export const chatbotPhrases: Record<AppLocale, ChatbotPhrases> = {
  'kr-KO': {
    botName: '스마트케어 챗봇',
    answerFooter: `더 궁금하신 점이 있으면 '${HANDOFF_PHRASE}'을 입력해 주세요. 담당 직원이 답변드립니다.`,
    fallback:
      '죄송합니다. 문의하신 내용은 제가 정확히 답변드리기 어려워요. 담당 직원이 확인한 뒤 답변드리겠습니다. 응급 상황이라면 침대의 호출 버튼을 누르거나 119에 연락해 주세요.',
    handoff: '상담원에게 연결해 드릴게요. 잠시만 기다려 주시면 담당 직원이 답변드리겠습니다.',
  },
  'en-US': {
    botName: 'Smart Care chatbot',
    answerFooter: `If you have more questions, type '${HANDOFF_PHRASE}' and a staff member will reply.`,
    fallback:
      "Sorry, I can't answer that reliably. A staff member will check and reply. In an emergency, press the call button at your bed or call 119.",
    handoff: 'I am connecting you to a staff member. Please wait a moment for their reply.',
  },
  'zh-CN': {
    botName: '智能护理聊天机器人',
    answerFooter: `如有其他问题，请输入"${HANDOFF_PHRASE}"，工作人员将为您解答。`,
    fallback:
      '抱歉，这个问题我无法准确回答。工作人员确认后会回复您。如遇紧急情况，请按床边呼叫按钮或拨打119。',
    handoff: '正在为您转接工作人员，请稍候。',
  },
};
