import {
  chatMessagePublishSchema,
  type ChatMessage,
  type ChatMessagesQuery,
  type ChatPerson,
  type ChatRoom,
  type ChatRoomStatus,
  type ChatRoomSummary,
  type PersonType,
} from '@smartcare/contract/chat';
import type { Page } from '@smartcare/contract/paging';
import type { Audit } from '../../plugins/audit.plugin.ts';
import { provisionalRoomIdx } from '@smartcare/contract/topics';
import type { Database, SqlQueryable } from '../../plugins/db/db.plugin.ts';
import { AccessRefused, DomainError } from '../../lib/errors.ts';
import { yieldToEventLoop } from '../../lib/yield.ts';
import type { ChatbotTurn, BotRoomView } from '../chatbot/chatbot.service.ts';
import type { PeopleService } from '../people/people.service.ts';
import {
  applyComplete,
  applyEnter,
  applyHandOver,
  applyMessage,
  newRoomState,
  type RoomState,
} from './chat-room.rules.ts';
import {
  chatRepository as repo,
  type LockedRoomFacts,
  type NewMessage,
  type RoomRecord,
} from './chat.repository.ts';
import { chatRoomOwners } from './chat.access.ts';
import { createRoomWriteBatch, type RoomWritePlan } from './room-write-batch.ts';

export type ChatActor = { kind: 'patient'; idx: number } | { kind: 'staff'; idx: number };

export interface ChatServiceDeps {
  db: Pick<Database, 'query' | 'transaction' | 'exclusive'>;
  /** Issue 16 — ratings: told once a room has just completed (the patient is invited to rate it). */
  onCompleted?: (roomIdx: number) => Promise<void>;
  /** Who a person is now (names and hospitals change after login). */
  people: Pick<PeopleService, 'patient' | 'staff' | 'activeStaffOf'>;
  chatbot: {
    name: string;
    /**
     * The bot's rules for one hospital with its knowledge loaded. Deciding needs no I/O, so
     * it can run on the room row while it is locked.
     */
    decider(hospitalIdx: number): Promise<BotDecider>;
    /** The patient's notice that a staff member joined ("이간호 간호사가 상담에 참여했습니다"). */
    staffJoined(name: string, role: string): string;
  };
  /** Reads of a conversation are health-record access (brief §3). */
  audit: Pick<Audit, 'record'>;
  now?: () => Date;
}

/** A stored message and what it did, for the realtime layer to announce. */
export interface MessageReceipt {
  message: ChatMessage;
  room: RoomRecord;
  /** The room number the sender used when it differs from the message's room (a room was created). */
  movedFrom: number | null;
  duplicate: boolean;
  /** The room's status before this message (NONE for a room it opened). */
  previousStatus: ChatRoomStatus;
  /** The room needs an `update`: its status changed, or it got its first message. */
  statusChanged: boolean;
  /** A staff member who joined the room with this message. */
  entered: ChatPerson | null;
  /** The "joined" notice stored just before this message, when a staff member joined with it. */
  joinNotice: ChatMessage | null;
  /**
   * The bot's turn, decided on the locked room and stored in the same statement as the
   * message (issue 11 point 7): its answer, or null when it stays quiet. Absent when the
   * turn was not taken with the message (a new room, the bot's rules not yet at hand): the
   * realtime layer then asks for it after delivering the message (botReply).
   */
  bot?: BotReceipt | null;
}

export interface BotReceipt {
  message: ChatMessage;
  room: RoomRecord;
  roomChanged: boolean;
  previousStatus: ChatRoomStatus;
}

const BOT_IDX = 0;

/**
 * The text as the database will hold it: UTF-8 has no lone surrogates, and both drivers
 * encode one as U+FFFD. Doing it first lets the delivered copy equal the stored one without
 * reading the message back.
 */
const asStored = (text: string) => text.replace(/\p{Cs}/gu, '\uFFFD');

/** The delivered form of a message just stored: exactly what was written, with its new idx. */
function storedMessage(idx: number, message: NewMessage): ChatMessage {
  return {
    idx,
    roomIdx: message.roomIdx,
    hospitalIdx: message.hospitalIdx,
    personType: message.personType,
    senderIdx: message.senderIdx,
    senderName: message.senderName,
    content: message.content,
    clientMsgId: message.clientMsgId,
    createdAt: message.createdAt.toISOString(),
    notice: message.notice ?? null,
    link: message.link ?? null,
  };
}

/** The bot's rules for one hospital with its knowledge loaded (ChatServiceDeps.chatbot.decider). */
type BotDecider = (room: BotRoomView, content: string) => ChatbotTurn;

/** The bot's message and the room state it leads to, before it is stored. */
interface BotWrite {
  message: NewMessage;
  state: RoomState;
  receipt(idx: number): BotReceipt;
}

/**
 * The bot's answer to `content` on `room` as it stands (locked), and the room state it leads
 * to; null when the bot stays quiet. Needs no I/O: it runs inside a room's group.
 */
function botWrite(
  room: RoomRecord | null,
  content: string,
  decide: BotDecider,
  at: Date,
  botName: string,
): BotWrite | null {
  if (!room || room.status === 'COMPLETE') return null;
  const turn = decide(room, content);
  if (turn.action === 'silent') return null;
  const outcome = applyMessage(room, { personType: 'CHATBOT', idx: BOT_IDX }, at);
  if (outcome.kind !== 'accepted') return null;
  // Decision 011: only these take the room out of the bot's hands into the waiting queue.
  const handsOver = turn.action === 'urgent' || turn.action === 'fallback' || turn.action === 'handoff';
  const next: RoomState = handsOver
    ? applyHandOver(outcome.next, at, turn.action === 'urgent')
    : { ...outcome.next };
  const newMessage: NewMessage = {
    roomIdx: room.idx,
    hospitalIdx: room.hospitalIdx,
    personType: 'CHATBOT' as const,
    senderIdx: BOT_IDX,
    senderName: botName,
    content: asStored(turn.text),
    clientMsgId: null,
    createdAt: at,
    notice: turn.action === 'urgent' ? (turn.category === 'SELF_HARM' ? 'URGENT_SELF_HARM' : 'URGENT') : null,
    // Issue 14: an answer carries the FAQ entry or guide it quotes.
    link: turn.action === 'answer' ? turn.link : null,
  };
  return {
    message: newMessage,
    state: next,
    receipt(idx) {
      const updated: RoomRecord = { ...room, ...next, lastMsgIdx: idx };
      return {
        message: storedMessage(idx, newMessage),
        room: updated,
        previousStatus: room.status,
        roomChanged:
          updated.status !== room.status ||
          updated.botActive !== room.botActive ||
          updated.urgentAt?.getTime() !== room.urgentAt?.getTime() ||
          updated.staffRequestedAt?.getTime() !== room.staffRequestedAt?.getTime(),
      };
    },
  };
}

type RoomSummaryRow = NonNullable<ReturnType<Awaited<ReturnType<typeof repo.roomSummaries>>['get']>>;

/**
 * Inbox summaries asked for while a read is running are read together next, one statement
 * for all rooms with the same audience (decision 014): under load the rooms' summary runs
 * (chat.realtime.ts) come in waves, and one statement per room was a cost per message.
 */
/**
 * At most this many rooms per summary statement: a statement holds the embedded database's
 * one session, and every chat message waiting to be stored waits behind it (issue 11 point 7:
 * one read of 200 rooms took 10–24 ms on PGlite, the longest stall of the busy phase).
 */
export const SUMMARY_ROOMS_PER_READ = 20;

function summaryReader(db: Pick<SqlQueryable, 'query'>) {
  let queue: {
    roomIdx: number;
    staffIdxs: number[];
    resolve(found: RoomSummaryRow | null): void;
    reject(error: unknown): void;
  }[] = [];
  let reading = false;

  async function drain() {
    try {
      while (queue.length > 0) {
        const asked = queue;
        queue = [];
        const byAudience = new Map<string, typeof asked>();
        for (const request of asked) {
          const key = request.staffIdxs.join(',');
          byAudience.set(key, [...(byAudience.get(key) ?? []), request]);
        }
        await Promise.all(
          [...byAudience.values()].map(async (group) => {
            try {
              const rooms = [...new Set(group.map((request) => request.roomIdx))];
              const found: Awaited<ReturnType<typeof repo.roomSummaries>> = new Map();
              // One after another, giving the event loop back in between: without that the
              // whole read is one chain of promises, and no chat message is even read from
              // its socket until it ends (issue 11 point 7: a 20–25 ms stall every second).
              for (let start = 0; start < rooms.length; start += SUMMARY_ROOMS_PER_READ) {
                if (start > 0) await yieldToEventLoop();
                const part = rooms.slice(start, start + SUMMARY_ROOMS_PER_READ);
                for (const [roomIdx, row] of await repo.roomSummaries(db, part, group[0]!.staffIdxs))
                  found.set(roomIdx, row);
              }
              for (const request of group) request.resolve(found.get(request.roomIdx) ?? null);
            } catch (error) {
              for (const request of group) request.reject(error);
            }
          }),
        );
      }
    } finally {
      reading = false;
    }
  }

  return {
    read(roomIdx: number, staffIdxs: number[]): Promise<RoomSummaryRow | null> {
      return new Promise((resolve, reject) => {
        queue.push({ roomIdx, staffIdxs, resolve, reject });
        if (!reading) {
          reading = true;
          setImmediate(() => void drain());
        }
      });
    },
  };
}

export function createChatService(deps: ChatServiceDeps) {
  const now = deps.now ?? (() => new Date());
  /** Messages and the bot's replies are written in groups (decision 014). */
  const batch = createRoomWriteBatch(deps.db);
  const summaries = summaryReader(deps.db);
  const botPerson: ChatPerson = { personType: 'CHATBOT', idx: BOT_IDX, name: deps.chatbot.name };
  /**
   * Who owns each room, remembered (rooms never move): the topics' ACL asks it on every
   * publish, and a patient's message asks it whose bot answers there.
   */
  const roomOwners = chatRoomOwners(deps.db);
  const audit = (entry: {
    actor: ChatActor;
    action: string;
    patientIdx: number | null;
    detail: Record<string, unknown>;
  }) =>
    deps.audit.record({
      actorType: entry.actor.kind,
      actorIdx: entry.actor.idx,
      action: entry.action,
      patientIdx: entry.patientIdx,
      detail: entry.detail,
    });

  async function sender(actor: ChatActor) {
    if (actor.kind === 'patient') {
      const patient = await deps.people.patient(actor.idx);
      if (!patient) throw new DomainError('NOT_LOGGED_IN');
      return {
        personType: 'PATIENT' as PersonType,
        idx: patient.idx,
        name: patient.name,
        hospitalIdx: patient.chosenHospitalIdx,
        role: '',
      };
    }
    const staff = await deps.people.staff(actor.idx);
    if (!staff) throw new DomainError('NOT_LOGGED_IN');
    return {
      personType: 'USER' as PersonType,
      idx: staff.idx,
      name: staff.name,
      hospitalIdx: staff.hospitalIdx,
      role: staff.role ?? '',
    };
  }

  /**
   * Stores the patient's notice that a staff member joined (issue 10 point 4). A notice is a
   * CHATBOT message: it changes no status, only the room's last message.
   */
  async function storeJoinNotice(
    tx: Pick<SqlQueryable, 'query'>,
    room: RoomRecord,
    staff: { name: string; role: string },
    at: Date,
  ): Promise<{ message: ChatMessage; room: RoomRecord }> {
    const notice: NewMessage = {
      roomIdx: room.idx,
      hospitalIdx: room.hospitalIdx,
      personType: 'CHATBOT',
      senderIdx: BOT_IDX,
      senderName: deps.chatbot.name,
      content: asStored(deps.chatbot.staffJoined(staff.name, staff.role)),
      clientMsgId: null,
      createdAt: at,
      notice: 'STAFF_JOINED',
    };
    const idx = await repo.storeMessage(tx, notice, room);
    return { message: storedMessage(idx, notice), room: { ...room, lastMsgIdx: idx } };
  }

  async function openNewRoom(
    tx: Pick<SqlQueryable, 'query'>,
    patient: { idx: number; name: string },
    hospitalIdx: number,
    at: Date,
  ) {
    const room = await repo.insertRoom(tx, {
      hospitalIdx,
      patientIdx: patient.idx,
      patientName: patient.name,
      state: newRoomState(),
      createdAt: at,
    });
    await repo.addPerson(tx, room.idx, { personType: 'PATIENT', idx: patient.idx, name: patient.name });
    // The bot is in every new room until staff take over (brief §4).
    await repo.addPerson(tx, room.idx, botPerson);
    return room;
  }

  /**
   * The room a patient's message goes to: the one named (already read and locked), their
   * open one, or a new one (spec §4).
   */
  async function patientTargetRoom(
    tx: Pick<SqlQueryable, 'query'>,
    patient: { idx: number; name: string; hospitalIdx: number },
    topicRoomIdx: number,
    named: RoomRecord | null,
    at: Date,
  ): Promise<RoomRecord> {
    if (topicRoomIdx > 0) {
      if (!named || named.patientIdx !== patient.idx) throw new DomainError('FORBIDDEN');
      if (named.status !== 'COMPLETE') return named;
    } else if (topicRoomIdx !== provisionalRoomIdx(patient.idx)) {
      throw new DomainError('FORBIDDEN');
    }
    // A finished or provisional room: continue in the open room (another device may have
    // opened it), or open a new one in the chosen hospital.
    return (
      (await repo.findOpenRoom(tx, patient.idx, patient.hospitalIdx)) ??
      (await openNewRoom(tx, patient, patient.hospitalIdx, at))
    );
  }

  async function roomViews(db: Pick<SqlQueryable, 'query'>, rooms: RoomRecord[]): Promise<ChatRoom[]> {
    const persons = await repo.listPersons(
      db,
      rooms.map((room) => room.idx),
    );
    const lastMessages = await repo.findMessages(
      db,
      rooms.flatMap((room) => (room.lastMsgIdx ? [room.lastMsgIdx] : [])),
    );
    return rooms.map((room) =>
      viewOf(
        room,
        persons.get(room.idx) ?? [],
        (room.lastMsgIdx && lastMessages.get(room.lastMsgIdx)) || null,
      ),
    );
  }

  function viewOf(
    room: RoomRecord,
    persons: ChatPerson[],
    lastMsg: ChatMessage | null,
  ): ChatRoom & { idx: number } {
    return {
      idx: room.idx,
      hospitalIdx: room.hospitalIdx,
      patientIdx: room.patientIdx,
      patientName: room.patientName,
      status: room.status,
      persons,
      lastMsg,
      botActive: room.botActive,
      assigneeIdx: room.assigneeIdx,
      waitingSince: room.waitingSince?.toISOString() ?? null,
      firstReplyAt: room.firstReplyAt?.toISOString() ?? null,
      lastActivityAt: room.lastActivityAt?.toISOString() ?? null,
      createdAt: room.createdAt.toISOString(),
      completedAt: room.completedAt?.toISOString() ?? null,
      urgentAt: room.urgentAt?.toISOString() ?? null,
    };
  }

  /**
   * The room as its live events show it. `lastMsg` is the message the caller just stored,
   * when it is the room's last one: it need not be read back.
   */
  async function roomView(room: RoomRecord, lastMsg?: ChatMessage): Promise<ChatRoom & { idx: number }> {
    if (lastMsg === undefined || lastMsg.idx !== room.lastMsgIdx) {
      const [view] = await roomViews(deps.db, [room]);
      return { ...view!, idx: room.idx };
    }
    const persons = await repo.listPersons(deps.db, [room.idx]);
    return viewOf(room, persons.get(room.idx) ?? [], lastMsg);
  }

  async function readableRoom(
    actor: ChatActor,
    roomIdx: number,
    hospitalIdx: number,
  ): Promise<RoomRecord | null> {
    if (actor.kind === 'patient' && roomIdx === provisionalRoomIdx(actor.idx)) return null;
    const room = roomIdx > 0 ? await repo.findRoom(deps.db, roomIdx) : null;
    const staffHospital =
      actor.kind === 'staff' ? (await deps.people.staff(actor.idx))?.hospitalIdx : undefined;
    const allowed =
      room !== null &&
      room.hospitalIdx === hospitalIdx &&
      (actor.kind === 'patient' ? room.patientIdx === actor.idx : room.hospitalIdx === staffHospital);
    if (!allowed) throw new AccessRefused(room?.patientIdx ?? null);
    return room;
  }

  /** A message through its own transaction: new rooms, joins, refusals, resends elsewhere. */
  async function receiveAlone(
    actor: ChatActor,
    topicRoomIdx: number,
    content: string,
    clientMsgId: string,
    at: Date,
  ): Promise<MessageReceipt> {
    const who = await sender(actor);
    if (who.personType === 'PATIENT' && who.hospitalIdx === null)
      throw new DomainError('HOSPITAL_NOT_CHOSEN');
    return deps.db.transaction(async (tx) => {
      if (who.personType === 'PATIENT') await repo.lockPatient(tx, who.idx);
      // The named room (locked) and an earlier copy of this message come back together.
      const found =
        topicRoomIdx > 0 ? await repo.lockRoomAndFindEarlier(tx, topicRoomIdx, who, clientMsgId) : null;
      const named = found?.room ?? null;
      const earlier = found ? found.earlier : await repo.findByClientMsgId(tx, who, clientMsgId);
      if (earlier) {
        const room = earlier.roomIdx === named?.idx ? named : (await repo.findRoom(tx, earlier.roomIdx))!;
        const movedFrom = topicRoomIdx === room.idx ? null : topicRoomIdx;
        return {
          message: earlier,
          room,
          movedFrom,
          duplicate: true,
          previousStatus: room.status,
          statusChanged: false,
          entered: null,
          joinNotice: null,
        };
      }

      let room: RoomRecord;
      let entered: ChatPerson | null = null;
      let joinNotice: ChatMessage | null = null;
      if (who.personType === 'PATIENT') {
        room = await patientTargetRoom(
          tx,
          { ...who, hospitalIdx: who.hospitalIdx! },
          topicRoomIdx,
          named,
          at,
        );
      } else {
        if (!named || named.hospitalIdx !== who.hospitalIdx) throw new DomainError('FORBIDDEN');
        room = named;
        const person = { personType: who.personType, idx: who.idx, name: who.name };
        if (room.status !== 'COMPLETE' && (await repo.addPerson(tx, room.idx, person))) {
          entered = person;
          ({ message: joinNotice, room } = await storeJoinNotice(tx, room, who, at));
        }
      }

      const outcome = applyMessage(room, who, at);
      if (outcome.kind !== 'accepted') throw new DomainError('CHAT_ROOM_COMPLETED');
      const patientName = who.personType === 'PATIENT' ? who.name : room.patientName;
      const newMessage = {
        roomIdx: room.idx,
        hospitalIdx: room.hospitalIdx,
        personType: who.personType,
        senderIdx: who.idx,
        senderName: who.name,
        content,
        clientMsgId,
        createdAt: at,
      };
      const idx = await repo.storeMessage(tx, newMessage, { ...outcome.next, patientName });
      const updated: RoomRecord = { ...room, ...outcome.next, lastMsgIdx: idx, patientName };
      return {
        message: storedMessage(idx, newMessage),
        room: updated,
        movedFrom: topicRoomIdx === room.idx ? null : topicRoomIdx,
        duplicate: false,
        previousStatus: room.status,
        statusChanged: updated.status !== room.status || room.lastMsgIdx === null,
        entered,
        joinNotice,
      };
    });
  }

  /**
   * A message to a room that exists, decided on the locked room with its group (decision
   * 014). Only the everyday case is stored here: the sender's own open room (a patient) or
   * a room the staff member is already in, no earlier copy elsewhere. Everything else goes
   * through receiveAlone, which decides it exactly as before.
   */
  function planMessage(
    facts: LockedRoomFacts | null,
    personType: PersonType,
    content: string,
    clientMsgId: string,
    at: Date,
    /** The bot's rules for the room's hospital, when the bot's turn is to be taken here. */
    decide: BotDecider | null,
  ): RoomWritePlan<MessageReceipt> {
    const who = facts?.sender;
    if (!facts || !who) return { kind: 'alone' };
    const room = facts.room;
    if (personType === 'PATIENT') {
      if (who.hospitalIdx === null || room.patientIdx !== who.idx || room.status === 'COMPLETE')
        return { kind: 'alone' };
    } else if (room.hospitalIdx !== who.hospitalIdx || room.status === 'COMPLETE' || !facts.inRoom) {
      return { kind: 'alone' };
    }
    if (facts.earlier) {
      if (facts.earlier.roomIdx !== room.idx) return { kind: 'alone' };
      return {
        kind: 'answer',
        value: {
          message: facts.earlier,
          room,
          movedFrom: null,
          duplicate: true,
          previousStatus: room.status,
          statusChanged: false,
          entered: null,
          joinNotice: null,
        },
      };
    }
    const outcome = applyMessage(room, { personType, idx: who.idx }, at);
    if (outcome.kind !== 'accepted') return { kind: 'alone' };
    const patientName = personType === 'PATIENT' ? who.name : room.patientName;
    const message: NewMessage = {
      roomIdx: room.idx,
      hospitalIdx: room.hospitalIdx,
      personType,
      senderIdx: who.idx,
      senderName: who.name,
      content,
      clientMsgId,
      createdAt: at,
    };
    const own = { message, state: { ...outcome.next, patientName } };
    const after: RoomRecord = { ...room, ...outcome.next, patientName };
    // The bot's turn on the room as this message leaves it, stored right after it in the same
    // statement: its own group was a third of the database's work per message (issue 11 point 7).
    const reply =
      decide && personType === 'PATIENT' ? botWrite(after, content, decide, now(), deps.chatbot.name) : null;
    return {
      kind: 'store',
      writes: reply ? [own, { message: reply.message, state: { ...reply.state, patientName } }] : [own],
      receipt([idx, replyIdx]) {
        const updated: RoomRecord = { ...after, lastMsgIdx: idx! };
        return {
          message: storedMessage(idx!, message),
          room: updated,
          movedFrom: null,
          duplicate: false,
          previousStatus: room.status,
          statusChanged: updated.status !== room.status || room.lastMsgIdx === null,
          entered: null,
          joinNotice: null,
          ...(decide ? { bot: reply ? reply.receipt(replyIdx!) : null } : {}),
        };
      },
    };
  }

  return {
    roomView,
    roomOwners,

    /**
     * A message published by a patient or staff member: validated, stamped with the sender
     * from the token, stored, and only then handed back for delivery (brief §4).
     */
    async receiveMessage(actor: ChatActor, topicRoomIdx: number, payload: unknown): Promise<MessageReceipt> {
      const body = chatMessagePublishSchema.safeParse(payload);
      if (!body.success) throw new DomainError('VALIDATION_FAILED');
      const at = now();
      const content = asStored(body.data.content);
      const { clientMsgId } = body.data;
      const alone = () => receiveAlone(actor, topicRoomIdx, content, clientMsgId, at);
      // Before a room exists the message opens one: that takes its own transaction.
      if (topicRoomIdx <= 0) return alone();
      const personType: PersonType = actor.kind === 'patient' ? 'PATIENT' : 'USER';
      // A patient's message gets the bot's turn in its own group, with the rules of the room's
      // hospital (remembered per room; the group checks it again on the locked row).
      const hospitalIdx =
        personType === 'PATIENT' ? (await roomOwners.chatRoom(topicRoomIdx))?.hospitalIdx : undefined;
      const decide = hospitalIdx === undefined ? null : await deps.chatbot.decider(hospitalIdx);
      return batch.write<MessageReceipt>({
        roomIdx: topicRoomIdx,
        sender: { personType, idx: actor.idx },
        clientMsgId,
        alone,
        plan: (facts) =>
          planMessage(
            facts,
            personType,
            content,
            clientMsgId,
            at,
            // Rooms never change hospital; the check costs nothing and keeps it so.
            facts?.room.hospitalIdx === hospitalIdx ? decide : null,
          ),
      });
    },

    /** Issue 16 — ratings: one room as stored (its status, patient, hospital and assignee). */
    room(roomIdx: number): Promise<RoomRecord | null> {
      return repo.findRoom(deps.db, roomIdx);
    },

    /** Issue 16 — ratings: the patient's rooms completed since `since`, newest first. */
    completedRoomsOf(patientIdx: number, since: Date): Promise<RoomRecord[]> {
      return repo.completedRoomsOf(deps.db, patientIdx, since);
    },

    /** `complete` from either side: the room is finished; a second complete changes nothing. */
    async complete(
      actor: ChatActor,
      topicRoomIdx: number,
    ): Promise<{ room: RoomRecord | null; changed: boolean; previousStatus: ChatRoomStatus | null }> {
      const who = await sender(actor);
      const result = await deps.db.transaction(async (tx) => {
        let room: RoomRecord | null;
        if (actor.kind === 'patient' && topicRoomIdx === provisionalRoomIdx(actor.idx)) {
          room = who.hospitalIdx === null ? null : await repo.findOpenRoom(tx, actor.idx, who.hospitalIdx);
        } else {
          room = topicRoomIdx > 0 ? await repo.findRoom(tx, topicRoomIdx, true) : null;
          const owns =
            room &&
            (actor.kind === 'patient' ? room.patientIdx === actor.idx : room.hospitalIdx === who.hospitalIdx);
          if (!owns) throw new DomainError('FORBIDDEN');
        }
        if (!room) return { room: null, changed: false, previousStatus: null };
        const { next, statusChanged } = applyComplete(room, now());
        return {
          room: statusChanged ? await repo.updateRoom(tx, room.idx, next) : room,
          changed: statusChanged,
          previousStatus: room.status,
        };
      });
      if (result.changed && result.room?.status === 'COMPLETE') await deps.onCompleted?.(result.room.idx);
      return result;
    },

    /** A staff member enters a room: added to its persons, the bot steps back. */
    async enter(
      actor: ChatActor,
      roomIdx: number,
    ): Promise<{
      room: RoomRecord;
      person: ChatPerson;
      added: boolean;
      roomChanged: boolean;
      joinNotice: ChatMessage | null;
    }> {
      const who = await sender(actor);
      if (who.personType !== 'USER') throw new DomainError('FORBIDDEN');
      return deps.db.transaction(async (tx) => {
        const room = roomIdx > 0 ? await repo.findRoom(tx, roomIdx, true) : null;
        if (!room || room.hospitalIdx !== who.hospitalIdx) throw new DomainError('FORBIDDEN');
        if (room.status === 'COMPLETE') throw new DomainError('CHAT_ROOM_COMPLETED');
        const person = { personType: who.personType, idx: who.idx, name: who.name };
        const added = await repo.addPerson(tx, room.idx, person);
        const notice = added ? await storeJoinNotice(tx, room, who, now()) : null;
        const next = applyEnter(notice?.room ?? room, who.idx);
        const roomChanged =
          notice !== null || next.botActive !== room.botActive || next.assigneeIdx !== room.assigneeIdx;
        return {
          room: roomChanged ? await repo.updateRoom(tx, room.idx, next) : room,
          person,
          added,
          roomChanged,
          joinNotice: notice?.message ?? null,
        };
      });
    },

    /**
     * The bot's turn after a patient message; null when it stays quiet. `seen` is the room as
     * the message's own transaction left it.
     */
    async botReply(trigger: ChatMessage, seen: RoomRecord): Promise<BotReceipt | null> {
      // Once the bot has stepped aside it answers only urgent meaning, and a finished room stays
      // finished: quiet on what the message saw is quiet now.
      if (seen.status === 'COMPLETE') return null;
      const decide = await deps.chatbot.decider(seen.hospitalIdx);
      if (decide(seen, trigger.content).action === 'silent') return null;
      const at = now();
      // Decided again on the locked row: staff may have stepped in, or the bot may already
      // have said that staff will reply, while this turn waited.
      const planFor = (room: RoomRecord | null) =>
        botWrite(room, trigger.content, decide, at, deps.chatbot.name);
      return batch.write<BotReceipt | null>({
        roomIdx: trigger.roomIdx,
        sender: { personType: 'CHATBOT', idx: BOT_IDX },
        clientMsgId: null,
        plan(facts) {
          const write = planFor(facts?.room ?? null);
          return write
            ? { kind: 'store', writes: [write], receipt: ([idx]) => write.receipt(idx!) }
            : { kind: 'answer', value: null };
        },
        alone: () =>
          deps.db.transaction(async (tx) => {
            const write = planFor(await repo.findRoom(tx, trigger.roomIdx, true));
            return write ? write.receipt(await repo.storeMessage(tx, write.message, write.state)) : null;
          }),
      });
    },

    /** `GET /chat/currentRoom`: the open room, else the last finished one, else none yet (spec §3). */
    async currentRoom(patientIdx: number): Promise<ChatRoom> {
      const patient = await deps.people.patient(patientIdx);
      if (!patient) throw new DomainError('NOT_LOGGED_IN');
      if (patient.chosenHospitalIdx === null) throw new DomainError('HOSPITAL_NOT_CHOSEN');
      const room = await repo.findCurrentRoom(deps.db, patientIdx, patient.chosenHospitalIdx);
      if (room) {
        await audit({
          actor: { kind: 'patient', idx: patientIdx },
          action: 'chat.room.read',
          patientIdx,
          detail: { roomIdx: room.idx },
        });
        return roomView(room);
      }
      return {
        hospitalIdx: patient.chosenHospitalIdx,
        patientIdx,
        patientName: patient.name,
        status: 'NONE',
        persons: [],
        lastMsg: null,
        botActive: true,
        assigneeIdx: null,
        waitingSince: null,
        firstReplyAt: null,
        lastActivityAt: null,
        createdAt: null,
        completedAt: null,
        urgentAt: null,
      };
    },

    /** `GET /chat/messages`: the same ACL as the topics; the provisional room is simply empty. */
    async messages(actor: ChatActor, query: ChatMessagesQuery): Promise<Page<ChatMessage>> {
      const room = await readableRoom(actor, query.roomIdx, query.hospitalIdx);
      const page = room
        ? await repo.pageMessages(deps.db, room.idx, query.pNum, query.pSize)
        : { dataList: [], totalCount: 0 };
      if (room) {
        await audit({
          actor,
          action: 'chat.messages.read',
          patientIdx: room.patientIdx,
          detail: { roomIdx: room.idx, pNum: query.pNum, pSize: query.pSize },
        });
      }
      return { ...page, pNum: query.pNum, pSize: query.pSize };
    },

    /** `GET /chat/rooms`: the staff member's hospital inbox with their own unread counts. */
    async rooms(
      staffIdx: number,
      filter: {
        status?: ChatRoomStatus | 'BOT' | undefined;
        includeCompleted?: 'true' | 'false' | undefined;
      },
    ): Promise<ChatRoomSummary[]> {
      const staff = await deps.people.staff(staffIdx);
      if (!staff) throw new DomainError('NOT_LOGGED_IN');
      const rows = await repo.listInbox(deps.db, staff.hospitalIdx, staff.idx, {
        status: filter.status,
        includeCompleted: filter.includeCompleted === 'true' || filter.status === 'COMPLETE',
      });
      const views = await roomViews(
        deps.db,
        rows.map((row) => row.room),
      );
      // The inbox shows every room's last message: a read of each listed patient's
      // conversation, recorded with that patient (issue 10 point 18), grouped per patient.
      const byPatient = new Map<number, typeof rows>();
      for (const row of rows)
        byPatient.set(row.room.patientIdx, [...(byPatient.get(row.room.patientIdx) ?? []), row]);
      await Promise.all(
        [...byPatient].map(([patientIdx, theirs]) =>
          audit({
            actor: { kind: 'staff', idx: staff.idx },
            action: 'chat.inbox.read',
            patientIdx,
            detail: { hospitalIdx: staff.hospitalIdx, roomIdxs: theirs.map((row) => row.room.idx) },
          }),
        ),
      );
      return views.map((view, i) => ({
        ...view,
        idx: rows[i]!.room.idx,
        unreadCount: rows[i]!.unread,
        patientInfo: rows[i]!.patientInfo,
        urgentMessage: rows[i]!.urgentMessage,
      }));
    },

    /**
     * What each staff member's inbox topic carries for a room, as the room is now: the same
     * summary with that member's own unread count (as `GET /chat/rooms` counts it), for each of
     * `staffIdxs` who is an active staff member of the room's hospital; null once the room is gone.
     */
    async inboxSummaries(
      roomIdx: number,
      staffIdxs: number[],
    ): Promise<{ staffIdx: number; room: ChatRoomSummary }[] | null> {
      const found = await summaries.read(roomIdx, staffIdxs);
      if (!found) return null;
      const view = viewOf(found.room, found.persons, found.lastMsg);
      return found.unread.map(({ staffIdx, unread }) => ({
        staffIdx,
        room: {
          ...view,
          unreadCount: unread,
          patientInfo: found.patientInfo,
          urgentMessage: found.urgentMessage,
        },
      }));
    },

    /** Every active staff member of the hospital: whose inbox a change of its rooms may reach. */
    hospitalStaff: (hospitalIdx: number): Promise<number[]> => deps.people.activeStaffOf(hospitalIdx),

    /** Records the read; answers the room (for the reader's live inbox). */
    async markRead(
      staffIdx: number,
      body: { roomIdx: number; lastReadMsgIdx: number },
    ): Promise<Pick<RoomRecord, 'idx' | 'hospitalIdx'>> {
      const staff = await deps.people.staff(staffIdx);
      const room = await repo.findRoom(deps.db, body.roomIdx);
      if (!staff || !room || room.hospitalIdx !== staff.hospitalIdx)
        throw new AccessRefused(room?.patientIdx ?? null);
      await repo.markRead(deps.db, room.idx, staff.idx, body.lastReadMsgIdx);
      return { idx: room.idx, hospitalIdx: room.hospitalIdx };
    },

    /**
     * Account deletion (PIPA Art. 21): the patient's consultation chats go with the account, as
     * the app's deletion page promises. The audit log keeps only ids, never content.
     */
    async erasePatient(tx: Pick<SqlQueryable, 'query'>, patientIdx: number): Promise<void> {
      await repo.deleteRoomsOfPatient(tx, patientIdx);
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
