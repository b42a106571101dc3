import { provisionalRoomIdx } from '@smartcare/contract/topics';
import type { TopicAccess } from '../../plugins/broker/broker-acl.ts';
import type { SqlQueryable } from '../../plugins/db/db.plugin.ts';
import { chatRepository } from './chat.repository.ts';

/** Rooms whose owner the ACL remembers; the oldest looked-up are forgotten first. */
const ROOM_OWNER_CACHE_SIZE = 20_000;

export interface RoomOwners {
  /** The room's owner and hospital, or null when there is no such room. */
  chatRoom(roomIdx: number): Promise<{ patientIdx: number; hospitalIdx: number } | null>;
}

/**
 * Who owns a room, for the chat topics' ACL. Every publish and subscribe asks; a room's
 * patient and hospital never change and a room number is never given again, so a room once
 * found is remembered. A room that is not found is asked again next time (it may be created
 * by then). A room deleted with its patient's account may still be remembered: nothing is
 * published there any more, since every message is checked against the room row itself.
 */
export function chatRoomOwners(db: Pick<SqlQueryable, 'query'>): RoomOwners {
  const owners = new Map<number, { patientIdx: number; hospitalIdx: number }>();
  return {
    async chatRoom(roomIdx) {
      const known = owners.get(roomIdx);
      if (known) return known;
      const owner = await chatRepository.roomOwner(db, roomIdx);
      if (owner) {
        owners.set(roomIdx, owner);
        if (owners.size > ROOM_OWNER_CACHE_SIZE) owners.delete(owners.keys().next().value!);
      }
      return owner;
    },
  };
}

/** Chat events a client may publish; create/update/change/enter events come from the server only. */
const PATIENT_CHAT_PUBLISHES = new Set(['message', 'complete']);
const STAFF_CHAT_PUBLISHES = new Set(['message', 'enter', 'complete']);

/** The chat's topics as declared to the broker: rooms and each staff member's inbox. */
export function chatTopicAccess(rooms: RoomOwners): {
  chat: TopicAccess<'chat'>;
  staffInbox: TopicAccess<'staffInbox'>;
} {
  return {
    chat: {
      async may(principal, action, topic) {
        if (principal.kind === 'patient') {
          if (topic.event === '#' && action === 'publish') return false;
          if (action === 'publish' && !PATIENT_CHAT_PUBLISHES.has(topic.event)) return false;
          // Before a room exists the patient uses -patientIdx (spec §3); only their own.
          if (topic.roomIdx < 0) return topic.roomIdx === provisionalRoomIdx(principal.idx);
          const room = await rooms.chatRoom(topic.roomIdx);
          return room !== null && room.patientIdx === principal.idx;
        }
        if (action === 'publish' && !STAFF_CHAT_PUBLISHES.has(topic.event)) return false;
        if (topic.roomIdx <= 0) return false;
        const room = await rooms.chatRoom(topic.roomIdx);
        return room !== null && room.hospitalIdx === principal.hospitalIdx;
      },
      // A provisional room is -patientIdx (spec §3).
      patientOf: async (topic) =>
        topic.roomIdx < 0 ? -topic.roomIdx : ((await rooms.chatRoom(topic.roomIdx))?.patientIdx ?? null),
      auditStaffSubscribe: true,
    },
    // Written by the server only; each member reads their own inbox (their unread counts).
    staffInbox: {
      may: async (principal, action, topic) =>
        principal.kind === 'staff' &&
        action === 'subscribe' &&
        topic.hospitalIdx === principal.hospitalIdx &&
        topic.staffIdx === principal.idx,
    },
  };
}
