import { HANDOFF_PHRASE } from '@smartcare/contract/chat';
import { DEFAULT_LOCALE } from '@smartcare/contract/result-codes';
import { detectUrgent, type UrgentCategory } from '@smartcare/contract/urgent-phrases';
import { chatbotPhrases } from './chatbot-phrases.ts';
import { buildKnowledgeIndex, normalizeText, type KnowledgeIndex } from './chatbot-retrieval.ts';
import type { SqlQueryable } from '../../plugins/db/database.ts';
import { chatbotRepository as repo } from './chatbot.repository.ts';

/** What the bot does after a patient message. */
export type ChatbotTurn =
  /** Urgent meaning: the emergency guidance at once, the room to staff and flagged (decision 011). */
  | { action: 'urgent'; text: string; category: UrgentCategory }
  | { action: 'answer'; text: string; entryIdx: number; confidence: number }
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
 * The bot's rules, free of storage: urgent meaning first (even after staff took the room: the
 * guidance and the flag must not wait for a busy nurse), then hand-off, then an answer above
 * the threshold. Every patient message gets a reply until staff take the room (issue 10 point 3).
 */
export function decideChatbotTurn(room: BotRoomView, content: string, index: KnowledgeIndex): ChatbotTurn {
  const category = detectUrgent(content);
  if (category) {
    const text = category === 'SELF_HARM' ? phrases.urgentSelfHarm : phrases.urgent;
    return { action: 'urgent', text, category };
  }
  if (!room.botActive) return { action: 'silent' };
  if (isHandoffRequest(content)) {
    return room.staffRequestedAt
      ? { action: 'staffWillReply', text: phrases.staffWillReply }
      : { action: 'handoff', text: phrases.handoff };
  }
  const match = index.answer(content);
  if (match) {
    return {
      action: 'answer',
      text: `${match.entry.answer}\n\n${phrases.answerFooter}`,
      entryIdx: match.entry.idx,
      confidence: match.confidence,
    };
  }
  // The long apology once per wait; after that a short line, so no message goes unanswered.
  return room.staffRequestedAt
    ? { action: 'staffWillReply', text: phrases.staffWillReply }
    : { action: 'fallback', text: phrases.fallback };
}

export const CHATBOT_NAME = phrases.botName;

/** Indexes are rebuilt when a hospital's entries change (staff edit them), checked at most this often. */
const FRESHNESS_CHECK_MS = 30_000;

export function createChatbotService(deps: { db: Pick<SqlQueryable, 'query'>; now?: () => number }) {
  const now = deps.now ?? Date.now;
  const cache = new Map<number, { version: string; index: KnowledgeIndex; checkedAt: number }>();

  async function indexFor(hospitalIdx: number): Promise<KnowledgeIndex> {
    const cached = cache.get(hospitalIdx);
    if (cached && now() - cached.checkedAt < FRESHNESS_CHECK_MS) return cached.index;
    const version = await repo.entriesVersion(deps.db, hospitalIdx);
    if (cached && cached.version === version) {
      cached.checkedAt = now();
      return cached.index;
    }
    const index = buildKnowledgeIndex(await repo.listActiveEntries(deps.db, hospitalIdx));
    cache.set(hospitalIdx, { version, index, checkedAt: now() });
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
