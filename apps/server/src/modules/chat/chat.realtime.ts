import type {
  ChatChangeEvent,
  ChatMessage,
  ChatRoomStatus,
  ChatRoomSummary,
  StaffInboxEvent,
} from '@smartcare/contract/chat';
import { topics, type ParsedTopic } from '@smartcare/contract/topics';
import type { BrokerPrincipal } from '../../plugins/broker/broker-acl.ts';
import {
  PublishRefused,
  type ClientPublishResult,
  type RealtimeBroker,
} from '../../plugins/broker/broker.plugin.ts';
import { DomainError } from '../../lib/errors.ts';
import { yieldToEventLoop } from '../../lib/yield.ts';
import type { NotificationService } from '../notification/notification.service.ts';
import type { ChatActor, ChatService, MessageReceipt } from './chat.service.ts';
import type { RoomRecord } from './chat.repository.ts';

const actorOf = (principal: BrokerPrincipal): ChatActor => ({ kind: principal.kind, idx: principal.idx });

function parseJson(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    throw new PublishRefused('payload is not JSON');
  }
}

/** Domain refusals (validation, a finished room) end the publish; anything else is a real failure. */
async function refusingDomainErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) throw new PublishRefused(error.code);
    throw error;
  }
}

/**
 * Everything about one room (what clients publish there, and the server's follow-ups such as
 * the bot's reply) is handled and delivered in one order, so subscribers receive the room's
 * messages in the order they were stored. Rooms do not wait for each other.
 */
const roomKey = (roomIdx: number) => `chat/${roomIdx}`;
const byRoom = (topic: ParsedTopic) => (topic.kind === 'chat' ? roomKey(topic.roomIdx) : topic.kind);

/**
 * At most one inbox run per hospital in this time, under load (see refreshInbox). The first
 * run after a quiet spell goes at once; under load a room's inbox line lags by at most this
 * much (decision 014: 500 ms made summaries half the database's work under load).
 */
export const INBOX_INTERVAL_MS = 1000;

/** Whose inbox a refresh is for: every staff member of the room's hospital, or some of them. */
type InboxAudience = 'everyone' | ReadonlySet<number>;

function widen(pending: InboxAudience | undefined, more: InboxAudience): InboxAudience {
  if (pending === 'everyone' || more === 'everyone') return 'everyone';
  return new Set([...(pending ?? []), ...more]);
}

/** A room whose inbox line is to be refreshed: its number and the hospital whose staff see it. */
type InboxRoom = Pick<RoomRecord, 'idx' | 'hospitalIdx'>;

/**
 * The chat's side of the broker: client publishes on `chat/{room}/message|enter|complete`
 * go through the chat service, and the server announces what changed (spec §4 events).
 */
export function registerChatRealtime(
  broker: RealtimeBroker,
  chat: ChatService,
  notifications?: Pick<NotificationService, 'notify'>,
) {
  /**
   * Each staff member's inbox shows each room as it is now with their own unread count, read
   * fresh (decision 009). A hospital's inbox is refreshed one run at a time, and under load at
   * most one run per INBOX_INTERVAL_MS: every room asked for while a run is going or resting
   * joins the next run, for everyone it was asked for. A run reads its rooms together and
   * sends each staff member ONE packet with every room of theirs that changed (issue 11
   * point 7: one packet per room and member was most of what the consoles received, each a
   * socket write). So the inbox gets fewer packets, never a stale room last, and never two
   * summaries of one room out of order. A staff member's own read is not made to wait.
   */
  const inboxRuns = new Map<
    number,
    {
      pending: Map<number, InboxAudience>;
      waiters: { resolve: () => void; reject: (error: unknown) => void }[];
      /** A refresh that must not wait is pending: no rest before the next run. */
      hurry: boolean;
      /** Ends the rest between runs early. */
      wake: (() => void) | null;
    }
  >();

  async function runInbox(hospitalIdx: number, run: NonNullable<ReturnType<typeof inboxRuns.get>>) {
    try {
      while (run.pending.size > 0) {
        const asked = run.pending;
        const waiters = run.waiters;
        run.pending = new Map();
        run.waiters = [];
        run.hurry = false;
        try {
          // "Everyone" is every member with a console open, asked after the rooms were taken: a
          // hospital has many staff accounts and few online, and each summary reads an unread
          // count for each member it is for (issue 11 point 7: with a roster of 70 the reads
          // grew seventyfold). A console opened later reads its inbox fresh (GET /chat/rooms)
          // after these rooms' changes. Where subscribers of other processes cannot be seen
          // (Redis), hasSubscribers says yes, and every member is read, as before.
          const everyone = [...asked.values()].includes('everyone')
            ? (await chat.hospitalStaff(hospitalIdx)).filter((staffIdx) =>
                broker.hasSubscribers(topics.staffInbox(hospitalIdx, staffIdx)),
              )
            : [];
          // Read in one turn: the service reads rooms asked for together in one statement.
          const found = await Promise.all(
            [...asked].map(([roomIdx, audience]) => {
              const staffIdxs = audience === 'everyone' ? everyone : [...audience];
              return staffIdxs.length > 0 ? chat.inboxSummaries(roomIdx, staffIdxs) : null;
            }),
          );
          const byStaff = new Map<number, ChatRoomSummary[]>();
          for (const summaries of found) {
            for (const { staffIdx, room } of summaries ?? []) {
              const rooms = byStaff.get(staffIdx);
              if (rooms) rooms.push(room);
              else byStaff.set(staffIdx, [room]);
            }
          }
          // One packet at a time, the event loop given back in between: each is a hospital's
          // worth of rooms to serialise and write, and chat messages must not queue behind all.
          // Only for members whose console is still open (one may have closed since the read).
          for (const [staffIdx, rooms] of byStaff) {
            const topic = topics.staffInbox(hospitalIdx, staffIdx);
            if (!broker.hasSubscribers(topic)) continue;
            await yieldToEventLoop();
            await broker.publish(topic, { rooms } satisfies StaffInboxEvent);
          }
          for (const waiter of waiters) waiter.resolve();
        } catch (error) {
          for (const waiter of waiters) waiter.reject(error);
        }
        if (run.hurry) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, INBOX_INTERVAL_MS);
          run.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        run.wake = null;
      }
    } finally {
      inboxRuns.delete(hospitalIdx);
    }
  }

  function refreshInbox(room: InboxRoom, audience: InboxAudience = 'everyone', now = false): Promise<void> {
    let run = inboxRuns.get(room.hospitalIdx);
    const start = !run;
    if (!run) {
      run = { pending: new Map(), waiters: [], hurry: false, wake: null };
      inboxRuns.set(room.hospitalIdx, run);
    }
    run.pending.set(room.idx, widen(run.pending.get(room.idx), audience));
    const done = new Promise<void>((resolve, reject) => run.waiters.push({ resolve, reject }));
    if (start) void runInbox(room.hospitalIdx, run);
    else if (now) {
      run.hurry = true;
      run.wake?.();
    }
    return done;
  }

  async function announceRoom(
    room: RoomRecord,
    event: 'update' | 'create',
    topicRoomIdx = room.idx,
    lastMsg?: ChatMessage,
  ) {
    await broker.publish(topics.chatRoomEvent(topicRoomIdx, event), {
      room: await chat.roomView(room, lastMsg),
    });
  }

  /** `change` (spec §4): only the new status, for listeners that follow nothing else. */
  async function announceStatus(roomIdx: number, before: ChatRoomStatus, after: ChatRoomStatus) {
    if (before === after) return;
    const event: ChatChangeEvent = { roomIdx, status: after };
    await broker.publish(topics.chatRoomEvent(roomIdx, 'change'), event);
  }

  /**
   * Runs `work` in the room's order; the inbox refreshes it asks for start once it is done
   * (or at once when asked so), so the room's next follow-up does not wait for a summary, and
   * a patient's message and the bot's answer to it make one summary run, not two (issue 11
   * point 7: summaries were most of what the staff consoles received, and a read each).
   */
  async function afterward(
    roomIdx: number,
    work: (inbox: (room: InboxRoom, atOnce?: boolean) => Promise<void> | undefined) => Promise<void>,
    /** Given when the room's order is already held for this work (a publish's holdsOrder): lets it go. */
    releaseOrder?: () => void,
  ) {
    const rooms = new Map<number, InboxRoom>();
    const started: Promise<void>[] = [];
    const inbox = (room: InboxRoom, atOnce?: boolean) => {
      if (!atOnce) {
        rooms.set(room.idx, room);
        return undefined;
      }
      const refresh = refreshInbox(room, 'everyone', true);
      started.push(refresh);
      return refresh;
    };
    try {
      if (releaseOrder) await work(inbox);
      else await broker.inOrder(roomKey(roomIdx), () => work(inbox));
    } finally {
      releaseOrder?.();
      await Promise.all([...started, ...[...rooms.values()].map((room) => refreshInbox(room))]);
    }
  }

  function afterMessage(receipt: MessageReceipt, releaseOrder?: () => void) {
    return afterward(
      receipt.room.idx,
      async (inbox) => {
        if (receipt.entered) {
          await broker.publish(topics.chatRoomEvent(receipt.room.idx, 'enter'), {
            roomIdx: receipt.room.idx,
            person: receipt.entered,
          });
        }
        if (receipt.statusChanged)
          await announceRoom(receipt.room, 'update', receipt.room.idx, receipt.message);
        await announceStatus(receipt.room.idx, receipt.previousStatus, receipt.room.status);
        if (receipt.duplicate) return;
        // A new conversation shows in the inbox at once, before the bot's turn (decision 011);
        // later messages are summarised with the bot's answer to them.
        // A room that changed state (handed to staff, urgent) is not made to wait for the rest either.
        const shown = inbox(receipt.room, receipt.movedFrom !== null || receipt.statusChanged);
        // The first summary of a new conversation is read before the bot answers (it shows the
        // room as the patient opened it). A failed read is reported with the other follow-ups
        // (afterward) and never keeps the bot from answering.
        if (receipt.movedFrom !== null) await shown?.catch(() => undefined);
        if (receipt.message.personType === 'PATIENT') await botTurn(receipt, inbox);
        if (receipt.message.personType === 'USER') await notifyPatient(receipt);
      },
      releaseOrder,
    );
  }

  /**
   * Issue 12: a staff answer reaches the patient who is not in that chat (the service skips
   * the notice while the app shows this room). The push says who answered, not what: it may
   * show on a locked screen.
   */
  async function notifyPatient(receipt: MessageReceipt) {
    await notifications?.notify(receipt.room.patientIdx, {
      kind: 'chat',
      title: '상담 채팅',
      body: `${receipt.message.senderName} 님이 답변을 보냈습니다.`,
      deepLink: '#/hospital/consulting/chat',
      data: { roomIdx: receipt.room.idx },
    });
  }

  async function botTurn(
    receipt: MessageReceipt,
    inbox: (room: InboxRoom, atOnce?: boolean) => Promise<void> | undefined,
  ) {
    // Taken with the message when it could be (stored in the same statement), else now.
    const reply =
      receipt.bot !== undefined ? receipt.bot : await chat.botReply(receipt.message, receipt.room);
    if (!reply) return;
    await broker.publish(topics.chatRoomEvent(reply.room.idx, 'message'), reply.message);
    if (reply.roomChanged) await announceRoom(reply.room, 'update', reply.room.idx, reply.message);
    // The bot hands rooms over (decision 011): the status may change with its reply.
    await announceStatus(reply.room.idx, reply.previousStatus, reply.room.status);
    // The bot's answer is the room's last message now; a hand-over (urgent too) shows at once.
    inbox(reply.room, reply.roomChanged);
  }

  broker.handleClientPublishes(
    (topic) => topic.kind === 'chat' && topic.event === 'message',
    async ({ principal, topic, payload }): Promise<ClientPublishResult> => {
      if (topic.kind !== 'chat') throw new PublishRefused('not a chat topic');
      const receipt = await refusingDomainErrors(() =>
        chat.receiveMessage(actorOf(principal), topic.roomIdx, parseJson(payload)),
      );
      const roomIdx = receipt.room.idx;
      // Stored just before the staff member's message: delivered before it, in the same order.
      if (receipt.joinNotice)
        await broker.publish(topics.chatRoomEvent(roomIdx, 'message'), receipt.joinNotice);
      if (receipt.movedFrom !== null) {
        // The client still listens on the old room (its provisional -patientIdx, or the finished
        // one): `create` there tells it where the conversation went (spec §4).
        await announceRoom(receipt.room, 'create', receipt.movedFrom, receipt.message);
      }
      return {
        topic: topics.chatRoomEvent(roomIdx, 'message'),
        payload: receipt.message,
        // The publishing connection follows at once, so it also receives this very message.
        subscribeClientTo: receipt.movedFrom !== null ? [topics.chatRoomAll(roomIdx)] : [],
        // The bot's answer stored with the message follows it before the room's next message,
        // so subscribers still receive the room's messages in the order they were stored.
        holdsOrder: receipt.bot !== undefined,
        afterDelivery: (releaseOrder) =>
          afterMessage(receipt, receipt.bot !== undefined ? releaseOrder : undefined),
      };
    },
    byRoom,
    'chatMessage', // rate limit (issue 10 point 12)
  );

  broker.handleClientPublishes(
    (topic) => topic.kind === 'chat' && topic.event === 'complete',
    async ({ principal, topic }): Promise<ClientPublishResult> => {
      if (topic.kind !== 'chat') throw new PublishRefused('not a chat topic');
      const { room, changed, previousStatus } = await refusingDomainErrors(() =>
        chat.complete(actorOf(principal), topic.roomIdx),
      );
      const roomIdx = room?.idx ?? topic.roomIdx;
      return {
        topic: topics.chatRoomEvent(roomIdx, 'complete'),
        payload: { roomIdx },
        afterDelivery: async () => {
          if (!room || !changed || !previousStatus) return;
          await afterward(room.idx, async (inbox) => {
            await announceRoom(room, 'update');
            await announceStatus(room.idx, previousStatus, room.status);
            inbox(room);
          });
        },
      };
    },
    byRoom,
  );

  broker.handleClientPublishes(
    (topic) => topic.kind === 'chat' && topic.event === 'enter',
    async ({ principal, topic }): Promise<ClientPublishResult> => {
      if (topic.kind !== 'chat') throw new PublishRefused('not a chat topic');
      const entered = await refusingDomainErrors(() => chat.enter(actorOf(principal), topic.roomIdx));
      return {
        topic: topics.chatRoomEvent(entered.room.idx, 'enter'),
        payload: { roomIdx: entered.room.idx, person: entered.person },
        afterDelivery: async () => {
          if (!entered.roomChanged) return;
          await afterward(entered.room.idx, async (inbox) => {
            if (entered.joinNotice)
              await broker.publish(topics.chatRoomEvent(entered.room.idx, 'message'), entered.joinNotice);
            await announceRoom(entered.room, 'update');
            inbox(entered.room);
          });
        },
      };
    },
    byRoom,
  );

  return {
    /** A staff member read a room: their own inbox shows it with their new unread count. */
    readBy: (room: InboxRoom, staffIdx: number) => refreshInbox(room, new Set([staffIdx]), true),
  };
}

export type ChatRealtime = ReturnType<typeof registerChatRealtime>;
