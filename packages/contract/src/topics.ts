/**
 * MQTT topic names (spec §7, brief §4). Builders and a parser, so no topic string is
 * assembled by hand anywhere else. Zod-free on purpose: the patient app imports this.
 */
export const CHAT_TOPIC_ROOT = 'chat';
export const CHAT_EVENTS = ['create', 'change', 'update', 'enter', 'message', 'complete'] as const;
export type ChatEvent = (typeof CHAT_EVENTS)[number];

export type ParsedTopic =
  | { kind: 'chat'; roomIdx: number; event: ChatEvent | '#' }
  | { kind: 'nurseCalling'; hospitalIdx: number }
  | { kind: 'nurseCallingPatient'; hospitalIdx: number; patientIdx: number }
  | { kind: 'staffInbox'; hospitalIdx: number; staffIdx: number }
  // issue 12: the in-app notice
  | { kind: 'notificationPatient'; patientIdx: number }
  // issue 13: urgent vital-sign alerts for the hospital's home-care staff
  | { kind: 'homeCareAlert'; hospitalIdx: number }
  // issue 17 — telemedicine: signalling of one visit per side, its status, the hospital's day
  | { kind: 'telemedicineSignal'; visitIdx: number; from: TelemedicineSignalSide }
  | { kind: 'telemedicineVisit'; visitIdx: number }
  | { kind: 'telemedicineQueue'; hospitalIdx: number };

// issue 17 — telemedicine: the two sides of a call; each publishes on its own and subscribes to the other's
export const TELEMEDICINE_SIGNAL_SIDES = ['patient', 'staff'] as const;
export type TelemedicineSignalSide = (typeof TELEMEDICINE_SIGNAL_SIDES)[number];

export type TopicKind = ParsedTopic['kind'];
/** The fields of one kind's topic (without `kind`). */
export type TopicFields<K extends TopicKind> = Omit<Extract<ParsedTopic, { kind: K }>, 'kind'>;

/** One level of a topic: a literal word, an integer field or a field out of a fixed set. */
type Segment = string | { field: string; int: true } | { field: string; oneOf: readonly string[] };
const int = (field: string): Segment => ({ field, int: true });
const oneOf = (field: string, values: readonly string[]): Segment => ({ field, oneOf: values });

/**
 * Every topic (spec §7, brief §4), one entry each: its levels in order. Parsing and building
 * both read this table, so adding a topic is one entry here (plus its payload schema in
 * `topic-payloads.ts` and its access rules in the module that owns it, on the server).
 */
export const TOPIC_TABLE: { readonly [K in TopicKind]: readonly Segment[] } = {
  /** Every event of one room; patients publish messages, the server everything else. */
  chat: [CHAT_TOPIC_ROOT, int('roomIdx'), oneOf('event', [...CHAT_EVENTS, '#'])],
  /** Patients publish calls here; staff of the hospital subscribe to the board. */
  nurseCalling: ['nurseCalling', int('hospitalIdx')],
  /** Status of one patient's calls, for that patient only. */
  nurseCallingPatient: ['nurseCalling', int('hospitalIdx'), 'patient', int('patientIdx')],
  /**
   * One staff member's inbox: summaries of their hospital's rooms with that member's own
   * unread count (decision 009), so the live inbox and `GET /chat/rooms` mean the same.
   */
  staffInbox: ['staffInbox', int('hospitalIdx'), 'staff', int('staffIdx')],
  /** Issue 12: each new notification of one patient, live to their open app (the spec names none). */
  notificationPatient: ['notification', 'patient', int('patientIdx')],
  /** Issue 13: urgent home readings and their acknowledgements, for the hospital's staff only. */
  homeCareAlert: ['homeCareAlert', int('hospitalIdx')],
  // issue 17 — telemedicine
  /** WebRTC signalling of one visit, by sender; the visit's patient and clinician only, never stored. */
  telemedicineSignal: ['telemedicine', int('visitIdx'), 'signal', oneOf('from', TELEMEDICINE_SIGNAL_SIDES)],
  /** The visit's status and queue place; the server publishes, the patient and the hospital's staff read. */
  telemedicineVisit: ['telemedicine', int('visitIdx'), 'status'],
  /** Something changed in the hospital's telemedicine day; the server publishes, its staff read. */
  telemedicineQueue: ['telemedicineQueue', int('hospitalIdx')],
};

const INT = /^-?\d{1,12}$/;
const KINDS = Object.keys(TOPIC_TABLE) as TopicKind[];

/** The topic of one kind with these fields, by its table entry. */
export function topicOf<K extends TopicKind>(kind: K, fields: TopicFields<K>): string {
  const values = fields as unknown as Record<string, string | number>;
  return TOPIC_TABLE[kind]
    .map((segment) => (typeof segment === 'string' ? segment : String(values[segment.field])))
    .join('/');
}

export const topics = {
  /** Subscribe: every event of one room (spec §7). */
  chatRoomAll: (roomIdx: number) => topicOf('chat', { roomIdx, event: '#' }),
  chatRoomEvent: (roomIdx: number, event: ChatEvent) => topicOf('chat', { roomIdx, event }),
  nurseCalling: (hospitalIdx: number) => topicOf('nurseCalling', { hospitalIdx }),
  nurseCallingPatient: (hospitalIdx: number, patientIdx: number) =>
    topicOf('nurseCallingPatient', { hospitalIdx, patientIdx }),
  staffInbox: (hospitalIdx: number, staffIdx: number) => topicOf('staffInbox', { hospitalIdx, staffIdx }),
  // issue 12
  notificationPatient: (patientIdx: number) => topicOf('notificationPatient', { patientIdx }),
  // issue 13
  homeCareAlert: (hospitalIdx: number) => topicOf('homeCareAlert', { hospitalIdx }),
  // issue 17 — telemedicine
  telemedicineSignal: (visitIdx: number, from: TelemedicineSignalSide) =>
    topicOf('telemedicineSignal', { visitIdx, from }),
  telemedicineVisit: (visitIdx: number) => topicOf('telemedicineVisit', { visitIdx }),
  telemedicineQueue: (hospitalIdx: number) => topicOf('telemedicineQueue', { hospitalIdx }),
} as const;

function match(kind: TopicKind, parts: readonly string[]): ParsedTopic | null {
  const pattern = TOPIC_TABLE[kind];
  if (parts.length !== pattern.length) return null;
  const parsed: Record<string, string | number> = { kind };
  for (const [i, segment] of pattern.entries()) {
    const part = parts[i]!;
    if (typeof segment === 'string') {
      if (part !== segment) return null;
    } else if ('int' in segment) {
      if (!INT.test(part)) return null;
      parsed[segment.field] = Number(part);
    } else {
      if (!segment.oneOf.includes(part)) return null;
      parsed[segment.field] = part;
    }
  }
  return parsed as unknown as ParsedTopic;
}

/**
 * Parses a concrete topic or a subscription filter by the table; anything else (other
 * wildcards included: only a table entry's own `#` level parses) is null.
 */
export function parseTopic(topic: string): ParsedTopic | null {
  const parts = topic.split('/');
  for (const kind of KINDS) {
    const parsed = match(kind, parts);
    if (parsed) return parsed;
  }
  return null;
}

/** The room number a patient uses before the server has created a real room (spec §3). */
export function provisionalRoomIdx(patientIdx: number): number {
  return -patientIdx;
}

/** WebSocket path of the embedded broker on the server's own port. */
export const MQTT_PATH = '/mqtt';

// Publish refusals (issue 10 point 12)
/**
 * The broker tells one connection here that a publish of its was refused while the connection
 * stays open (a rate limit; MQTT 3.1.1 has no negative PUBACK). Sent to that connection only:
 * nothing subscribes to it, and no client may publish or subscribe to it.
 */
export const PUBLISH_REFUSED_TOPIC = '$smartcare/refused';

export interface PublishRefusal {
  /** The topic the refused publish was sent to. */
  topic: string;
  /** The result code (RATE_LIMITED), whose description the apps show. */
  code: number;
  /** The refused chat message's id, when it had one: the app marks that message. */
  clientMsgId?: string;
  /** The refused nurse call's id, when it had one. */
  clientCallId?: string;
  /** When a new try may succeed. */
  retryAfterS: number;
}
