import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AclLookups } from '../../plugins/broker/broker-acl.ts';
import type { SqlQueryable } from '../../plugins/db/db.plugin.ts';
import { registerChatRealtime } from './chat.realtime.ts';
import { eraseChatOfPatient } from './chat.erasure.ts';
import { chatRepository } from './chat.repository.ts';
import { chatRoutes } from './chat.routes.ts';
import { createChatService, type ChatServiceDeps } from './chat.service.ts';

/** What the broker's topic ACL needs to know about rooms and patients. */
export function chatAclLookups(db: Pick<SqlQueryable, 'query'>): AclLookups {
  return {
    chatRoom: (roomIdx) => chatRepository.roomOwner(db, roomIdx),
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
  registerChatRealtime(app.broker, chat);
  app.patientErasure.register('chat', eraseChatOfPatient);
  await app.register(chatRoutes, { chat });
};
