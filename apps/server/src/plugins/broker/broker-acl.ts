import { parseTopic, provisionalRoomIdx, type ParsedTopic } from '@smartcare/contract/topics';

/** Who is on the other end of an MQTT connection, from the access token (brief §4). */
export type BrokerPrincipal =
  | { kind: 'patient'; idx: number; loginId: string }
  | { kind: 'staff'; idx: number; loginId: string; hospitalIdx: number };

export type TopicAction = 'subscribe' | 'publish';

/** Facts the ACL needs from storage; passed in so the rules stay testable. */
export interface AclLookups {
  /** The room's owner and hospital, or null when there is no such room. */
  chatRoom(roomIdx: number): Promise<{ patientIdx: number; hospitalIdx: number } | null>;
  /** The hospital the patient has chosen now (it may change after login). */
  chosenHospital(patientIdx: number): Promise<number | null>;
}

/** Chat events a client may publish; create/update/change/enter events come from the server only. */
const PATIENT_CHAT_PUBLISHES = new Set(['message', 'complete']);
const STAFF_CHAT_PUBLISHES = new Set(['message', 'enter', 'complete']);

/**
 * May this principal subscribe to / publish on this topic? Anything `parseTopic` cannot
 * read is refused, so `#`, `chat/#`, `chat/+/message` or `nurseCalling/+` never reach
 * across patients or hospitals.
 */
export async function isTopicAllowed(
  principal: BrokerPrincipal,
  action: TopicAction,
  topic: string,
  lookups: AclLookups,
): Promise<boolean> {
  const parsed = parseTopic(topic);
  if (!parsed) return false;
  return principal.kind === 'patient'
    ? patientMay(principal.idx, action, parsed, lookups)
    : staffMay(principal.hospitalIdx, principal.idx, action, parsed, lookups);
}

async function patientMay(
  patientIdx: number,
  action: TopicAction,
  topic: ParsedTopic,
  lookups: AclLookups,
): Promise<boolean> {
  switch (topic.kind) {
    case 'chat': {
      if (topic.event === '#' && action === 'publish') return false;
      if (action === 'publish' && !PATIENT_CHAT_PUBLISHES.has(topic.event)) return false;
      // Before a room exists the patient uses -patientIdx (spec §3); only their own.
      if (topic.roomIdx < 0) return topic.roomIdx === provisionalRoomIdx(patientIdx);
      const room = await lookups.chatRoom(topic.roomIdx);
      return room !== null && room.patientIdx === patientIdx;
    }
    case 'nurseCalling':
      // The board lists every patient's calls: a patient may only post to it, never read it.
      return action === 'publish' && topic.hospitalIdx === (await lookups.chosenHospital(patientIdx));
    case 'nurseCallingPatient':
      return (
        action === 'subscribe' &&
        topic.patientIdx === patientIdx &&
        topic.hospitalIdx === (await lookups.chosenHospital(patientIdx))
      );
    case 'staffInbox':
      return false;
  }
}

async function staffMay(
  hospitalIdx: number,
  staffIdx: number,
  action: TopicAction,
  topic: ParsedTopic,
  lookups: AclLookups,
): Promise<boolean> {
  switch (topic.kind) {
    case 'chat': {
      if (action === 'publish' && !STAFF_CHAT_PUBLISHES.has(topic.event)) return false;
      if (topic.roomIdx <= 0) return false;
      const room = await lookups.chatRoom(topic.roomIdx);
      return room !== null && room.hospitalIdx === hospitalIdx;
    }
    // Calls are acknowledged and completed over REST (validated, audited); the board and the
    // inbox are written by the server only. Each member reads their own inbox (their unread counts).
    case 'nurseCalling':
      return action === 'subscribe' && topic.hospitalIdx === hospitalIdx;
    case 'staffInbox':
      return action === 'subscribe' && topic.hospitalIdx === hospitalIdx && topic.staffIdx === staffIdx;
    case 'nurseCallingPatient':
      return false;
  }
}
