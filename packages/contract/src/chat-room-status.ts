import type { ChatRoomStatus, PersonType } from './chat.ts';

export type ChatRoomEvent =
  /** `botHandling`: the chatbot is still answering in this room (no staff member has taken it). */
  | { type: 'message'; personType: PersonType; botHandling: boolean }
  /** The patient asked for staff, the bot could not answer, or the message was urgent. */
  | { type: 'handOver' }
  | { type: 'complete' };

export interface ChatRoomTransition {
  status: ChatRoomStatus;
  /** True when the event belongs in a new room (a patient writing after COMPLETE). */
  opensNewRoom: boolean;
  /** False when the event is not allowed in this state (staff writing in a finished room). */
  accepted: boolean;
}

/**
 * The chat room's state machine (spec §4, brief §4 as decision 011 reads it), the one place
 * these rules live.
 * - A room the bot is handling stays NONE: a patient message there is the bot's to answer and
 *   does not enter the staff waiting queue.
 * - handOver (staff asked for, no answer, urgent) → WAIT from NONE, WAIT or STANDBY.
 * - A patient message in NONE without the bot (staff entered but have not written) → WAIT.
 * - While WAIT or STANDBY: a USER (staff) message → STANDBY, a PATIENT message → WAIT.
 * - CHATBOT messages never change the status.
 * - complete → COMPLETE; a patient message after that opens a new room (which starts as NONE,
 *   with the bot).
 * - Staff writing first in a NONE room → STANDBY (they spoke last, the room waits for the patient).
 */
export function nextChatRoomStatus(status: ChatRoomStatus, event: ChatRoomEvent): ChatRoomTransition {
  if (event.type === 'complete') {
    return { status: 'COMPLETE', opensNewRoom: false, accepted: true };
  }
  if (event.type === 'handOver') {
    return status === 'COMPLETE'
      ? { status, opensNewRoom: false, accepted: false }
      : { status: 'WAIT', opensNewRoom: false, accepted: true };
  }
  const { personType, botHandling } = event;
  if (personType === 'CHATBOT') return { status, opensNewRoom: false, accepted: status !== 'COMPLETE' };
  if (status === 'COMPLETE') {
    return personType === 'PATIENT'
      ? { status: 'NONE', opensNewRoom: true, accepted: true }
      : { status: 'COMPLETE', opensNewRoom: false, accepted: false };
  }
  if (personType === 'USER') return { status: 'STANDBY', opensNewRoom: false, accepted: true };
  return { status: status === 'NONE' && botHandling ? 'NONE' : 'WAIT', opensNewRoom: false, accepted: true };
}
