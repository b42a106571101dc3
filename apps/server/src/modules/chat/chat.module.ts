import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AclLookups } from '../../plugins/broker/broker-acl.ts';
import type { SqlQueryable } from '../../plugins/db/db.plugin.ts';
import { registerChatRealtime } from './chat.realtime.ts';
import { eraseChatOfPatient } from './chat.erasure.ts';
import { chatRepository } from './chat.repository.ts';
import { chatRoutes } from './chat.routes.ts';
import { createChatService, type ChatServiceDeps } from './chat.service.ts';

/** Rooms whose owner the ACL remembers; the oldest looked-up are forgotten first. */
const ROOM_OWNER_CACHE_SIZE = 20_000;

/**
 * What the broker's topic ACL needs to know about rooms and patients. Every publish and
 * subscribe asks who owns a room; a room's patient and hospital never change and a room
 * number is never given again, so a room once found is remembered. A room that is not
 * found is asked again next time (it may be created by then). A room deleted with its
 * patient's account may still be remembered: nothing is published there any more, since
 * every message is checked against the room row itself.
 */
export function chatAclLookups(db: Pick<SqlQueryable, 'query'>): AclLookups {
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
    chosenHospital: async (patientIdx) =>
      (await chatRepository.findPatient(db, patientIdx))?.chosenHospitalIdx ?? null,
  };
}

/** The consulting chat: MQTT publishes through the service, REST for history and the inbox (issue 4). */
export const chatModule: FastifyPluginAsyncZod<{ chatbot: ChatServiceDeps['chatbot'] }> = async (
  app,
  { chatbot },
) => {
  const chat = createChatService({
    db: app.db,
    identities: {
      patient: (idx) => chatRepository.findPatient(app.db, idx),
      staff: (idx) => chatRepository.findStaff(app.db, idx),
    },
    chatbot,
    audit: ({ actor, action, patientIdx, detail }) =>
      app.audit.record({ actorType: actor.kind, actorIdx: actor.idx, action, patientIdx, detail }),
  });
  const realtime = registerChatRealtime(app.broker, chat);
  app.patientErasure.register('chat', eraseChatOfPatient);
  await app.register(chatRoutes, { chat, realtime });
};
