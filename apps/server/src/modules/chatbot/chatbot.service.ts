import { HANDOFF_PHRASE } from '@smartcare/contract/chat';
import { DEFAULT_LOCALE } from '@smartcare/contract/result-codes';
import { chatbotPhrases } from './chatbot-phrases.ts';
import { buildKnowledgeIndex, normalizeText, type KnowledgeIndex } from './chatbot-retrieval.ts';
import type { ChatbotRepository } from './chatbot.repository.ts';

/** What the bot does after a patient message. */
export type ChatbotTurn =
  | { action: 'answer'; text: string; entryIdx: number; confidence: number }
  /** Below the threshold: say a staff member will reply, and mark the room as waiting for staff. */
  | { action: 'fallback'; text: string }
  /** The hand-off phrase: the bot leaves the room to staff at once. */
  | { action: 'handoff'; text: string }
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

/** The bot's rules, free of storage: hand-off first, then an answer above the threshold. */
export function decideChatbotTurn(room: BotRoomView, content: string, index: KnowledgeIndex): ChatbotTurn {
  if (!room.botActive) return { action: 'silent' };
  if (isHandoffRequest(content)) return { action: 'handoff', text: phrases.handoff };
  const match = index.answer(content);
  if (match) {
    return {
      action: 'answer',
      text: `${match.entry.answer}\n\n${phrases.answerFooter}`,
      entryIdx: match.entry.idx,
      confidence: match.confidence,
    };
  }
  // Saying "staff will reply" once per wait is enough; repeating it to every follow-up is noise.
  return room.staffRequestedAt ? { action: 'silent' } : { action: 'fallback', text: phrases.fallback };
}

export const CHATBOT_NAME = phrases.botName;

/** Indexes are rebuilt when a hospital's entries change (staff edit them), checked at most this often. */
const FRESHNESS_CHECK_MS = 30_000;

export function createChatbotService(deps: {
  repository: Pick<ChatbotRepository, 'listActiveEntries' | 'entriesVersion'>;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const cache = new Map<number, { version: string; index: KnowledgeIndex; checkedAt: number }>();

  async function indexFor(hospitalIdx: number): Promise<KnowledgeIndex> {
    const cached = cache.get(hospitalIdx);
    if (cached && now() - cached.checkedAt < FRESHNESS_CHECK_MS) return cached.index;
    const version = await deps.repository.entriesVersion(hospitalIdx);
    if (cached && cached.version === version) {
      cached.checkedAt = now();
      return cached.index;
    }
    const index = buildKnowledgeIndex(await deps.repository.listActiveEntries(hospitalIdx));
    cache.set(hospitalIdx, { version, index, checkedAt: now() });
    return index;
  }

  return {
    name: CHATBOT_NAME,
    async turn(hospitalIdx: number, room: BotRoomView, content: string): Promise<ChatbotTurn> {
      if (!room.botActive) return { action: 'silent' };
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
