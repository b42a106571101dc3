import type { ChatMessageLink } from '@smartcare/contract/chat';
import { HANDOFF_PHRASE } from '@smartcare/contract/chat';
import { DEFAULT_LOCALE } from '@smartcare/contract/result-codes';
import { detectUrgent, type UrgentCategory } from '@smartcare/contract/urgent-phrases';
import type { HospitalContentService } from '../hospital-content/hospital-content.service.ts';
import { chatbotPhrases } from './chatbot-phrases.ts';
import {
  buildKnowledgeIndex,
  normalizeText,
  type KnowledgeEntry,
  type KnowledgeIndex,
} from './chatbot-retrieval.ts';

/** What the bot does after a patient message. */
export type ChatbotTurn =
  /** Urgent meaning: the emergency guidance at once, the room to staff and flagged (decision 011). */
  | { action: 'urgent'; text: string; category: UrgentCategory }
  /** A published FAQ entry or guide answers it: a short quote and a link that opens it (decision 023). */
  | { action: 'answer'; text: string; entryIdx: number; confidence: number; link: ChatMessageLink }
  /** Below the threshold: say a staff member will reply, and mark the room as waiting for staff. */
  | { action: 'fallback'; text: string }
  /** The hand-off phrase: the bot leaves the room to staff at once. */
  | { action: 'handoff'; text: string }
  /** The room already waits for staff and the bot has no answer: "a staff member will reply". */
  | { action: 'staffWillReply'; text: string }
  /** Staff have taken the room: their reply is the answer. */
  | { action: 'silent' };

export interface BotRoomView {
  botActive: boolean;
  /** Set once the bot already told the patient that staff will reply. */
  staffRequestedAt: Date | null;
}

const phrases = chatbotPhrases[DEFAULT_LOCALE];
const normalizedHandoff = normalizeText(HANDOFF_PHRASE).replaceAll(' ', '');

/** The hand-off button sends the phrase itself; typed variants ("상담원연결", "상담원 연결 해주세요") count too. */
export function isHandoffRequest(content: string): boolean {
  return normalizeText(content).replaceAll(' ', '').includes(normalizedHandoff);
}

/**
 * Questions about the patient's own care — their results, their operation, their medicine,
 * their discharge date, their symptoms — are never answered from general content, even when the words match
 * an FAQ entry ("제 검사 결과 나왔나요" is not "how are results given out"): staff answer
 * them (decision 023). Matched on the text with spacing removed.
 */
const OWN_CARE: RegExp[] = [
  // my / our family member's … result, state, operation, medicine, diagnosis, dates
  /(^|[^가-힣])(제|내|저의|나의|저희|우리)(엄마|아빠|어머니|아버지|어머님|아버님|남편|아내|와이프|아들|딸|애|아이|할머니|할아버지)?(검사|결과|수치|상태|수술|시술|처방|약|진단|병명|퇴원날|퇴원일|퇴원날짜|입원기간|담당|주치의|교수|치료|혈압|혈당|몸)/,
  /(엄마|아빠|어머니|아버지|어머님|아버님|남편|아내|와이프|할머니|할아버지)(검사|결과|상태|수술|처방|약|진단|병명)/,
  // a result "came out", "is it out yet"
  /결과(가|는)?(나왔|나와|언제나와|나올까|어때|어떻게나왔|괜찮)/,
  // what was taken or done yesterday, today …
  /(어제|오늘|아까|지난주|그저께|엊그제)(찍은|받은|한|했던|검사한)/,
  // how and when to take medicine, and asking for more of it
  /약(을|은|는)?(언제|어떻게|몇알|몇번|얼마나|하루에)?(먹|복용|드셔|바꿔|더주|더받|늘려|줄여)/,
  /(진통제|수면제|해열제|항생제|수액)(를|좀)?(더|또|맞|놔|주실|주세요|줄수)/,
  /주사(를|좀)?(더|또|놔)/,
  // a measurement of theirs: "수치가 정상인가요", "혈당이 높아요"
  /(수치|혈압|혈당|체온|염증|간수치|콜레스테롤)(가|이|는|은)?(정상|괜찮|높|낮|올라|떨어|나쁘|좋아)/,
  // symptoms: how the patient feels is for staff, never a guide ("수술 후 통증이 심해요")
  /(통증|아파|아프|아픈|쑤셔|쑤시|저려|저리|어지러|메스꺼|토했|토하|구토|설사|변비|가려|부었|부어|붓고|열이|열나|오한|기침|가래|숨쉬|잠이안|못자|잠을못)/,
];

export function asksAboutOwnCare(content: string): boolean {
  const text = normalizeText(content).replaceAll(' ', '');
  return OWN_CARE.some((pattern) => pattern.test(text));
}

/** The quote stays short: whole sentences up to about this many characters. */
export const QUOTE_MAX_CHARS = 160;

/** The first sentences of an entry's plain text, cut at a sentence end when it can be. */
export function quoteOf(bodyText: string, max = QUOTE_MAX_CHARS): string {
  const text = bodyText.replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const sentences = text.match(/[^.!?。]+[.!?。]+(\s|$)|[^.!?。]+$/g) ?? [text];
  let quote = '';
  for (const sentence of sentences) {
    if ((quote + sentence).trim().length > max) break;
    quote += sentence;
  }
  quote = quote.trim();
  if (quote === '') quote = text.slice(0, max).trim();
  return `${quote} …`;
}

/**
 * The bot's rules, free of storage: urgent meaning first (even after staff took the room: the
 * guidance and the flag must not wait for a busy nurse), then hand-off, then questions about
 * the patient's own care (staff), then an answer above the threshold. Every patient message
 * gets a reply until staff take the room (issue 10 point 3).
 */
export function decideChatbotTurn(room: BotRoomView, content: string, index: KnowledgeIndex): ChatbotTurn {
  const category = detectUrgent(content);
  if (category) {
    const text =
      category === 'SELF_HARM'
        ? phrases.urgentSelfHarm
        : category === 'POISONING'
          ? phrases.urgentPoisoning
          : phrases.urgent;
    return { action: 'urgent', text, category };
  }
  if (!room.botActive) return { action: 'silent' };
  if (isHandoffRequest(content)) {
    return room.staffRequestedAt
      ? { action: 'staffWillReply', text: phrases.staffWillReply }
      : { action: 'handoff', text: phrases.handoff };
  }
  const match = asksAboutOwnCare(content) ? null : index.answer(content);
  if (match) {
    const { entry } = match;
    const intro =
      entry.kind === 'FAQ' ? phrases.answerFromFaq(entry.title) : phrases.answerFromGuide(entry.title);
    return {
      action: 'answer',
      text: `${intro}\n${quoteOf(entry.bodyText)}\n\n${phrases.answerFooter}`,
      entryIdx: entry.idx,
      confidence: match.confidence,
      link: { kind: entry.kind, idx: entry.idx, title: entry.title },
    };
  }
  // The long apology once per wait; after that a short line, so no message goes unanswered.
  return room.staffRequestedAt
    ? { action: 'staffWillReply', text: phrases.staffWillReply }
    : { action: 'fallback', text: phrases.fallback };
}

export const CHATBOT_NAME = phrases.botName;

/** What the bot reads: the hospital's published FAQ entries and guides (issue 14). */
export type ChatbotKnowledgeSource = Pick<HospitalContentService, 'knowledgeVersion' | 'knowledgeEntries'>;

/**
 * The bot of every hospital, answering from that hospital's published FAQ entries and guides.
 * Each turn reads the hospital's content version (one primary-key read, decision 023): an
 * edit, a publish or an unpublish is answered from the next message on. A scheduled item
 * joins the index when its time comes.
 */
export function createChatbotService(deps: { content: ChatbotKnowledgeSource; now?: () => number }) {
  const now = deps.now ?? Date.now;
  const cache = new Map<number, { version: string; index: Promise<KnowledgeIndex>; validUntil: number }>();

  async function indexFor(hospitalIdx: number): Promise<KnowledgeIndex> {
    const version = await deps.content.knowledgeVersion(hospitalIdx);
    const at = now();
    const cached = cache.get(hospitalIdx);
    if (cached && cached.version === version && at < cached.validUntil) return cached.index;
    const index = deps.content.knowledgeEntries(hospitalIdx).then((rows) => {
      const due = rows.filter((row) => row.publishAt <= at);
      const next = Math.min(...rows.filter((row) => row.publishAt > at).map((row) => row.publishAt));
      const entry = cache.get(hospitalIdx);
      if (entry?.index === index) entry.validUntil = next;
      return buildKnowledgeIndex(
        due.map((row): KnowledgeEntry => ({
          idx: row.idx,
          kind: row.kind,
          category: row.category,
          title: row.title,
          keywords: row.keywords,
          bodyText: row.bodyText,
        })),
      );
    });
    cache.set(hospitalIdx, { version, index, validUntil: Infinity });
    index.catch(() => {
      if (cache.get(hospitalIdx)?.index === index) cache.delete(hospitalIdx);
    });
    return index;
  }

  return {
    name: CHATBOT_NAME,
    staffJoined: phrases.staffJoined,
    async turn(hospitalIdx: number, room: BotRoomView, content: string): Promise<ChatbotTurn> {
      return decideChatbotTurn(room, content, await indexFor(hospitalIdx));
    },
    /** The rules with the hospital's index loaded: a decision that needs no I/O. */
    async decider(hospitalIdx: number): Promise<(room: BotRoomView, content: string) => ChatbotTurn> {
      const index = await indexFor(hospitalIdx);
      return (room, content) => decideChatbotTurn(room, content, index);
    },
  };
}

export type ChatbotService = ReturnType<typeof createChatbotService>;
