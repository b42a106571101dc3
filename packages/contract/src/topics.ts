/**
 * MQTT topic names (spec §7, brief §4). Builders and a parser, so no topic string is
 * assembled by hand anywhere else. Zod-free on purpose: the patient app imports this.
 */
export const CHAT_TOPIC_ROOT = 'chat';
export const CHAT_EVENTS = ['create', 'change', 'update', 'enter', 'message', 'complete'] as const;
export type ChatEvent = (typeof CHAT_EVENTS)[number];

export const topics = {
  /** Subscribe: every event of one room (spec §7). */
  chatRoomAll: (roomIdx: number) => `${CHAT_TOPIC_ROOT}/${roomIdx}/#`,
  chatRoomEvent: (roomIdx: number, event: ChatEvent) => `${CHAT_TOPIC_ROOT}/${roomIdx}/${event}`,
  /** Patients publish calls here; staff of the hospital subscribe to the board. */
  nurseCalling: (hospitalIdx: number) => `nurseCalling/${hospitalIdx}`,
  /** Status of one patient's calls, for that patient only. */
  nurseCallingPatient: (hospitalIdx: number, patientIdx: number) =>
    `nurseCalling/${hospitalIdx}/patient/${patientIdx}`,
  /**
   * One staff member's inbox: summaries of their hospital's rooms with that member's own
   * unread count (decision 009), so the live inbox and `GET /chat/rooms` mean the same.
   */
  staffInbox: (hospitalIdx: number, staffIdx: number) => `staffInbox/${hospitalIdx}/staff/${staffIdx}`,
} as const;

export type ParsedTopic =
  | { kind: 'chat'; roomIdx: number; event: ChatEvent | '#' }
  | { kind: 'nurseCalling'; hospitalIdx: number }
  | { kind: 'nurseCallingPatient'; hospitalIdx: number; patientIdx: number }
  | { kind: 'staffInbox'; hospitalIdx: number; staffIdx: number };

const INT = /^-?\d{1,12}$/;

/** Parses a concrete topic or a subscription filter; anything else (other wildcards included) is null. */
export function parseTopic(topic: string): ParsedTopic | null {
  const parts = topic.split('/');
  if (parts[0] === CHAT_TOPIC_ROOT && parts.length === 3 && INT.test(parts[1]!)) {
    const event = parts[2]!;
    if (event === '#' || (CHAT_EVENTS as readonly string[]).includes(event)) {
      return { kind: 'chat', roomIdx: Number(parts[1]), event: event as ChatEvent | '#' };
    }
    return null;
  }
  if (parts[0] === 'nurseCalling' && INT.test(parts[1] ?? '')) {
    if (parts.length === 2) return { kind: 'nurseCalling', hospitalIdx: Number(parts[1]) };
    if (parts.length === 4 && parts[2] === 'patient' && INT.test(parts[3]!)) {
      return { kind: 'nurseCallingPatient', hospitalIdx: Number(parts[1]), patientIdx: Number(parts[3]) };
    }
    return null;
  }
  if (
    parts[0] === 'staffInbox' &&
    parts.length === 4 &&
    INT.test(parts[1]!) &&
    parts[2] === 'staff' &&
    INT.test(parts[3]!)
  ) {
    return { kind: 'staffInbox', hospitalIdx: Number(parts[1]), staffIdx: Number(parts[3]) };
  }
  return null;
}

/** The room number a patient uses before the server has created a real room (spec §3). */
export function provisionalRoomIdx(patientIdx: number): number {
  return -patientIdx;
}

/** WebSocket path of the embedded broker on the server's own port. */
export const MQTT_PATH = '/mqtt';
