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
import { provisionalRoomIdx } from '@smartcare/contract/topics';
import type { Database, SqlQueryable } from '../../plugins/db/db.plugin.ts';
import { DomainError } from '../../lib/errors.ts';
import type { ChatbotTurn, BotRoomView } from '../chatbot/chatbot.service.ts';
import { applyComplete, applyEnter, applyMessage, newRoomState, type RoomState } from './chat-room.rules.ts';
import { chatRepository as repo, type RoomRecord } from './chat.repository.ts';

export type ChatActor = { kind: 'patient'; idx: number } | { kind: 'staff'; idx: number };

/** Who a person is now, read from the identity tables (names and hospitals change after login). */
export interface ChatIdentities {
  patient(idx: number): Promise<{ idx: number; name: string; chosenHospitalIdx: number | null } | null>;
  staff(idx: number): Promise<{ idx: number; name: string; hospitalIdx: number } | null>;
}

export interface ChatServiceDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  identities: ChatIdentities;
  chatbot: {
    name: string;
    turn(hospitalIdx: number, room: BotRoomView, content: string): Promise<ChatbotTurn>;
  };
  /** Reads of a conversation are health-record access (brief §3). */
  audit(entry: {
    actor: ChatActor;
    action: string;
    patientIdx: number | null;
    detail: Record<string, unknown>;
  }): Promise<void>;
  now?: () => Date;
}

/** A stored message and what it did, for the realtime layer to announce. */
export interface MessageReceipt {
  message: ChatMessage;
  room: RoomRecord;
  /** The room number the sender used when it differs from the message's room (a room was created). */
  movedFrom: number | null;
  duplicate: boolean;
  statusChanged: boolean;
  /** A staff member who joined the room with this message. */
  entered: ChatPerson | null;
}

export interface BotReceipt {
  message: ChatMessage;
  room: RoomRecord;
  roomChanged: boolean;
}

const BOT_IDX = 0;

export function createChatService(deps: ChatServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const botPerson: ChatPerson = { personType: 'CHATBOT', idx: BOT_IDX, name: deps.chatbot.name };

  async function sender(actor: ChatActor) {
    if (actor.kind === 'patient') {
      const patient = await deps.identities.patient(actor.idx);
      if (!patient) throw new DomainError('NOT_LOGGED_IN');
      return {
        personType: 'PATIENT' as PersonType,
        idx: patient.idx,
        name: patient.name,
        hospitalIdx: patient.chosenHospitalIdx,
      };
    }
    const staff = await deps.identities.staff(actor.idx);
    if (!staff) throw new DomainError('NOT_LOGGED_IN');
    return {
      personType: 'USER' as PersonType,
      idx: staff.idx,
      name: staff.name,
      hospitalIdx: staff.hospitalIdx,
    };
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

  /** The room a patient's message goes to: the one named, their open one, or a new one (spec §4). */
  async function patientTargetRoom(
    tx: Pick<SqlQueryable, 'query'>,
    patient: { idx: number; name: string; hospitalIdx: number },
    topicRoomIdx: number,
    at: Date,
  ): Promise<RoomRecord> {
    if (topicRoomIdx > 0) {
      const named = await repo.findRoom(tx, topicRoomIdx, true);
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
    return rooms.map((room) => ({
      idx: room.idx,
      hospitalIdx: room.hospitalIdx,
      patientIdx: room.patientIdx,
      patientName: room.patientName,
      status: room.status,
      persons: persons.get(room.idx) ?? [],
      lastMsg: (room.lastMsgIdx && lastMessages.get(room.lastMsgIdx)) || null,
      botActive: room.botActive,
      assigneeIdx: room.assigneeIdx,
      waitingSince: room.waitingSince?.toISOString() ?? null,
      firstReplyAt: room.firstReplyAt?.toISOString() ?? null,
      lastActivityAt: room.lastActivityAt?.toISOString() ?? null,
      createdAt: room.createdAt.toISOString(),
      completedAt: room.completedAt?.toISOString() ?? null,
    }));
  }

  async function roomView(room: RoomRecord): Promise<ChatRoom & { idx: number }> {
    const [view] = await roomViews(deps.db, [room]);
    return { ...view!, idx: room.idx };
  }

  async function readableRoom(
    actor: ChatActor,
    roomIdx: number,
    hospitalIdx: number,
  ): Promise<RoomRecord | null> {
    if (actor.kind === 'patient' && roomIdx === provisionalRoomIdx(actor.idx)) return null;
    const room = roomIdx > 0 ? await repo.findRoom(deps.db, roomIdx) : null;
    const staffHospital =
      actor.kind === 'staff' ? (await deps.identities.staff(actor.idx))?.hospitalIdx : undefined;
    const allowed =
      room !== null &&
      room.hospitalIdx === hospitalIdx &&
      (actor.kind === 'patient' ? room.patientIdx === actor.idx : room.hospitalIdx === staffHospital);
    if (!allowed) throw new DomainError('FORBIDDEN');
    return room;
  }

  return {
    roomView,

    /**
     * A message published by a patient or staff member: validated, stamped with the sender
     * from the token, stored, and only then handed back for delivery (brief §4).
     */
    async receiveMessage(actor: ChatActor, topicRoomIdx: number, payload: unknown): Promise<MessageReceipt> {
      const body = chatMessagePublishSchema.safeParse(payload);
      if (!body.success) throw new DomainError('VALIDATION_FAILED');
      const who = await sender(actor);
      if (who.personType === 'PATIENT' && who.hospitalIdx === null)
        throw new DomainError('HOSPITAL_NOT_CHOSEN');
      const at = now();

      return deps.db.transaction(async (tx) => {
        if (who.personType === 'PATIENT') await repo.lockPatient(tx, who.idx);
        const earlier = await repo.findByClientMsgId(tx, who, body.data.clientMsgId);
        if (earlier) {
          const room = (await repo.findRoom(tx, earlier.roomIdx))!;
          const movedFrom = topicRoomIdx === room.idx ? null : topicRoomIdx;
          return { message: earlier, room, movedFrom, duplicate: true, statusChanged: false, entered: null };
        }

        let room: RoomRecord;
        let entered: ChatPerson | null = null;
        if (who.personType === 'PATIENT') {
          room = await patientTargetRoom(tx, { ...who, hospitalIdx: who.hospitalIdx! }, topicRoomIdx, at);
        } else {
          const named = topicRoomIdx > 0 ? await repo.findRoom(tx, topicRoomIdx, true) : null;
          if (!named || named.hospitalIdx !== who.hospitalIdx) throw new DomainError('FORBIDDEN');
          room = named;
          const person = { personType: who.personType, idx: who.idx, name: who.name };
          if (room.status !== 'COMPLETE' && (await repo.addPerson(tx, room.idx, person))) entered = person;
        }

        const outcome = applyMessage(room, who, at);
        if (outcome.kind !== 'accepted') throw new DomainError('CHAT_ROOM_COMPLETED');
        const message = await repo.insertMessage(tx, {
          roomIdx: room.idx,
          hospitalIdx: room.hospitalIdx,
          personType: who.personType,
          senderIdx: who.idx,
          senderName: who.name,
          content: body.data.content,
          clientMsgId: body.data.clientMsgId,
          createdAt: at,
        });
        const updated = await repo.updateRoom(tx, room.idx, {
          ...outcome.next,
          lastMsgIdx: message.idx,
          ...(who.personType === 'PATIENT' ? { patientName: who.name } : {}),
        });
        return {
          message,
          room: updated,
          movedFrom: topicRoomIdx === room.idx ? null : topicRoomIdx,
          duplicate: false,
          statusChanged: updated.status !== room.status || room.lastMsgIdx === null,
          entered,
        };
      });
    },

    /** `complete` from either side: the room is finished; a second complete changes nothing. */
    async complete(
      actor: ChatActor,
      topicRoomIdx: number,
    ): Promise<{ room: RoomRecord | null; changed: boolean }> {
      const who = await sender(actor);
      return deps.db.transaction(async (tx) => {
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
        if (!room) return { room: null, changed: false };
        const { next, statusChanged } = applyComplete(room, now());
        return {
          room: statusChanged ? await repo.updateRoom(tx, room.idx, next) : room,
          changed: statusChanged,
        };
      });
    },

    /** A staff member enters a room: added to its persons, the bot steps back. */
    async enter(
      actor: ChatActor,
      roomIdx: number,
    ): Promise<{ room: RoomRecord; person: ChatPerson; added: boolean; roomChanged: boolean }> {
      const who = await sender(actor);
      if (who.personType !== 'USER') throw new DomainError('FORBIDDEN');
      return deps.db.transaction(async (tx) => {
        const room = roomIdx > 0 ? await repo.findRoom(tx, roomIdx, true) : null;
        if (!room || room.hospitalIdx !== who.hospitalIdx) throw new DomainError('FORBIDDEN');
        if (room.status === 'COMPLETE') throw new DomainError('CHAT_ROOM_COMPLETED');
        const person = { personType: who.personType, idx: who.idx, name: who.name };
        const added = await repo.addPerson(tx, room.idx, person);
        const next = applyEnter(room, who.idx);
        const roomChanged = next.botActive !== room.botActive || next.assigneeIdx !== room.assigneeIdx;
        return {
          room: roomChanged ? await repo.updateRoom(tx, room.idx, next) : room,
          person,
          added,
          roomChanged,
        };
      });
    },

    /** The bot's turn after a patient message; null when it stays quiet. */
    async botReply(trigger: ChatMessage): Promise<BotReceipt | null> {
      const before = await repo.findRoom(deps.db, trigger.roomIdx);
      if (!before || before.status === 'COMPLETE' || !before.botActive) return null;
      // Decided outside the transaction: the knowledge lookup uses its own queries.
      const turn = await deps.chatbot.turn(before.hospitalIdx, before, trigger.content);
      if (turn.action === 'silent') return null;
      const at = now();
      return deps.db.transaction(async (tx) => {
        const room = await repo.findRoom(tx, trigger.roomIdx, true);
        // Staff may have stepped in while the bot was thinking.
        if (!room || room.status === 'COMPLETE' || !room.botActive) return null;
        const outcome = applyMessage(room, { personType: 'CHATBOT', idx: BOT_IDX }, at);
        if (outcome.kind !== 'accepted') return null;
        const message = await repo.insertMessage(tx, {
          roomIdx: room.idx,
          hospitalIdx: room.hospitalIdx,
          personType: 'CHATBOT',
          senderIdx: BOT_IDX,
          senderName: deps.chatbot.name,
          content: turn.text,
          clientMsgId: null,
          createdAt: at,
        });
        const next: RoomState = { ...outcome.next };
        if (turn.action === 'fallback' || turn.action === 'handoff')
          next.staffRequestedAt = room.staffRequestedAt ?? at;
        if (turn.action === 'handoff') next.botActive = false;
        const updated = await repo.updateRoom(tx, room.idx, { ...next, lastMsgIdx: message.idx });
        return {
          message,
          room: updated,
          roomChanged:
            updated.botActive !== room.botActive ||
            updated.staffRequestedAt?.getTime() !== room.staffRequestedAt?.getTime(),
        };
      });
    },

    /** `GET /chat/currentRoom`: the open room, else the last finished one, else none yet (spec §3). */
    async currentRoom(patientIdx: number): Promise<ChatRoom> {
      const patient = await deps.identities.patient(patientIdx);
      if (!patient) throw new DomainError('NOT_LOGGED_IN');
      if (patient.chosenHospitalIdx === null) throw new DomainError('HOSPITAL_NOT_CHOSEN');
      const room = await repo.findCurrentRoom(deps.db, patientIdx, patient.chosenHospitalIdx);
      if (room) {
        await deps.audit({
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
      };
    },

    /** `GET /chat/messages`: the same ACL as the topics; the provisional room is simply empty. */
    async messages(actor: ChatActor, query: ChatMessagesQuery): Promise<Page<ChatMessage>> {
      const room = await readableRoom(actor, query.roomIdx, query.hospitalIdx);
      const page = room
        ? await repo.pageMessages(deps.db, room.idx, query.pNum, query.pSize)
        : { dataList: [], totalCount: 0 };
      if (room) {
        await deps.audit({
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
      filter: { status?: ChatRoomStatus | undefined; includeCompleted?: 'true' | 'false' | undefined },
    ): Promise<ChatRoomSummary[]> {
      const staff = await deps.identities.staff(staffIdx);
      if (!staff) throw new DomainError('NOT_LOGGED_IN');
      const rows = await repo.listInbox(deps.db, staff.hospitalIdx, staff.idx, {
        status: filter.status,
        includeCompleted: filter.includeCompleted === 'true' || filter.status === 'COMPLETE',
      });
      const views = await roomViews(
        deps.db,
        rows.map((row) => row.room),
      );
      // The inbox shows every room's last message: one entry per look, not one per room.
      await deps.audit({
        actor: { kind: 'staff', idx: staff.idx },
        action: 'chat.inbox.read',
        patientIdx: null,
        detail: { hospitalIdx: staff.hospitalIdx, roomIdxs: rows.map((row) => row.room.idx) },
      });
      return views.map((view, i) => ({ ...view, idx: rows[i]!.room.idx, unreadCount: rows[i]!.unread }));
    },

    /** The summary the staff inbox topic carries; unread counts patient messages nobody has read. */
    async inboxSummary(room: RoomRecord): Promise<ChatRoomSummary> {
      const view = await roomView(room);
      return { ...view, unreadCount: await repo.unreadByAnyStaff(deps.db, room.idx) };
    },

    async markRead(staffIdx: number, body: { roomIdx: number; lastReadMsgIdx: number }): Promise<void> {
      const staff = await deps.identities.staff(staffIdx);
      const room = await repo.findRoom(deps.db, body.roomIdx);
      if (!staff || !room || room.hospitalIdx !== staff.hospitalIdx) throw new DomainError('FORBIDDEN');
      await repo.markRead(deps.db, room.idx, staff.idx, body.lastReadMsgIdx);
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
