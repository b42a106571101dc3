import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { NotificationService } from '../notification/notification.service.ts';
import type { PeopleService } from '../people/people.service.ts';
import { registerChatRealtime } from './chat.realtime.ts';
import { eraseChatOfPatient } from './chat.erasure.ts';
import { chatRoomOwners, chatTopicAccess } from './chat.access.ts';
import { chatRoutes } from './chat.routes.ts';
import { createChatService, type ChatServiceDeps } from './chat.service.ts';

/** The consulting chat: MQTT publishes through the service, REST for history and the inbox (issue 4). */
export const chatModule: FastifyPluginAsyncZod<{
  chatbot: ChatServiceDeps['chatbot'];
  people: Pick<PeopleService, 'patient' | 'staff'>;
  notifications: Pick<NotificationService, 'notify'>;
}> = async (app, { chatbot, people, notifications }) => {
  const chat = createChatService({
    db: app.db,
    identities: { patient: (idx) => people.patient(idx), staff: (idx) => people.staff(idx) },
    chatbot,
    audit: ({ actor, action, patientIdx, detail }) =>
      app.audit.record({ actorType: actor.kind, actorIdx: actor.idx, action, patientIdx, detail }),
  });
  // Who may subscribe and publish on the chat's topics (the broker knows none of them).
  const access = chatTopicAccess(chatRoomOwners(app.db));
  app.broker.declareTopic('chat', access.chat);
  app.broker.declareTopic('staffInbox', access.staffInbox);
  // A notification that fails is logged: the message itself was stored and delivered.
  const realtime = registerChatRealtime(app.broker, chat, {
    notify: (patientIdx, input) =>
      notifications.notify(patientIdx, input).catch((error: unknown) => {
        app.log.error({ err: error, patientIdx }, 'chat notification failed');
        return null;
      }),
  });
  app.patientErasure.register('chat', eraseChatOfPatient);
  await app.register(chatRoutes, { chat, realtime });
};
