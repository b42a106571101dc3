import type { ChatRoomStatus, PersonType } from './chat.ts';

export type ChatRoomEvent = { type: 'message'; personType: PersonType } | { type: 'complete' };

export interface ChatRoomTransition {
  status: ChatRoomStatus;
  /** True when the event belongs in a new room (a patient writing after COMPLETE). */
  opensNewRoom: boolean;
  /** False when the event is not allowed in this state (staff writing in a finished room). */
  accepted: boolean;
}

/**
 * The chat room's state machine (spec §4, brief §4), the one place these rules live.
 * - NONE → WAIT on the first patient message; the bot alone leaves NONE as it is.
 * - While WAIT or STANDBY: a USER (staff) message → STANDBY, a PATIENT message → WAIT.
 * - CHATBOT messages never change the status.
 * - complete → COMPLETE; a patient message after that opens a new room (which starts as WAIT).
 * - Staff writing first in a NONE room → STANDBY (they spoke last, the room waits for the patient).
 */
export function nextChatRoomStatus(status: ChatRoomStatus, event: ChatRoomEvent): ChatRoomTransition {
  if (event.type === 'complete') {
    return { status: 'COMPLETE', opensNewRoom: false, accepted: true };
  }
  const { personType } = event;
  if (personType === 'CHATBOT') return { status, opensNewRoom: false, accepted: status !== 'COMPLETE' };
  if (status === 'COMPLETE') {
    return personType === 'PATIENT'
      ? { status: 'WAIT', opensNewRoom: true, accepted: true }
      : { status: 'COMPLETE', opensNewRoom: false, accepted: false };
  }
  return { status: personType === 'PATIENT' ? 'WAIT' : 'STANDBY', opensNewRoom: false, accepted: true };
}
