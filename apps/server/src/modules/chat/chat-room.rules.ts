import { nextChatRoomStatus } from '@smartcare/contract/chat-room-status';
import type { ChatRoomStatus, PersonType } from '@smartcare/contract/chat';

/** The parts of a room that messages change (domain.md: waiting since, first reply, last activity). */
export interface RoomState {
  status: ChatRoomStatus;
  botActive: boolean;
  assigneeIdx: number | null;
  waitingSince: Date | null;
  firstReplyAt: Date | null;
  lastActivityAt: Date | null;
  completedAt: Date | null;
  /** When the bot (or the patient, with the hand-off phrase) asked staff to take over. */
  staffRequestedAt: Date | null;
  /** When an urgent patient message flagged the room (decision 011). */
  urgentAt: Date | null;
}

export type MessageOutcome =
  | { kind: 'refused' }
  /** A patient wrote in a finished room: the message belongs in a new room. */
  | { kind: 'newRoom' }
  | { kind: 'accepted'; next: RoomState; statusChanged: boolean };

export function newRoomState(): RoomState {
  return {
    status: 'NONE',
    botActive: true,
    assigneeIdx: null,
    waitingSince: null,
    firstReplyAt: null,
    lastActivityAt: null,
    completedAt: null,
    staffRequestedAt: null,
    urgentAt: null,
  };
}

/**
 * What a message does to its room. The status itself comes from the shared state machine
 * (contract/chat-room-status.ts); this adds the bookkeeping around it.
 */
export function applyMessage(
  room: RoomState,
  sender: { personType: PersonType; idx: number },
  now: Date,
): MessageOutcome {
  const transition = nextChatRoomStatus(room.status, {
    type: 'message',
    personType: sender.personType,
    botHandling: room.botActive,
  });
  if (!transition.accepted) return { kind: 'refused' };
  if (transition.opensNewRoom) return { kind: 'newRoom' };
  const next: RoomState = { ...room, status: transition.status, lastActivityAt: now };
  if (transition.status === 'WAIT' && room.status !== 'WAIT') next.waitingSince = now;
  if (transition.status !== 'WAIT') next.waitingSince = null;
  if (sender.personType === 'USER') {
    // Once staff have spoken the room is theirs: the bot stays quiet (domain.md).
    next.botActive = false;
    next.firstReplyAt = room.firstReplyAt ?? now;
    next.assigneeIdx = room.assigneeIdx ?? sender.idx;
  }
  return { kind: 'accepted', next, statusChanged: next.status !== room.status };
}

/**
 * The room goes to staff (decision 011): the patient asked for them, the bot could not answer,
 * or the message was urgent (then also flagged, once). A finished room stays finished.
 */
export function applyHandOver(room: RoomState, now: Date, urgent: boolean): RoomState {
  const transition = nextChatRoomStatus(room.status, { type: 'handOver' });
  if (!transition.accepted) return room;
  return {
    ...room,
    status: transition.status,
    waitingSince: room.status === 'WAIT' ? room.waitingSince : now,
    staffRequestedAt: room.staffRequestedAt ?? now,
    urgentAt: urgent ? (room.urgentAt ?? now) : room.urgentAt,
  };
}

/** `complete` finishes the room whatever its state; completing twice changes nothing. */
export function applyComplete(room: RoomState, now: Date): { next: RoomState; statusChanged: boolean } {
  if (room.status === 'COMPLETE') return { next: room, statusChanged: false };
  const { status } = nextChatRoomStatus(room.status, { type: 'complete' });
  return {
    next: { ...room, status, completedAt: now, waitingSince: null, lastActivityAt: now },
    statusChanged: true,
  };
}

/** A staff member entering takes the room from the bot and becomes its assignee if it has none. */
export function applyEnter(room: RoomState, staffIdx: number): RoomState {
  return { ...room, botActive: false, assigneeIdx: room.assigneeIdx ?? staffIdx };
}
