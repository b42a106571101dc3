import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerChatRealtime } from './chat.realtime.ts';
import { chatTopicAccess } from './chat.access.ts';
import { chatRoutes } from './chat.routes.ts';
import type { NotificationService } from '../notification/notification.service.ts';
import type { ChatService } from './chat.service.ts';

/** The consulting chat: MQTT publishes through the service, REST for history and the inbox (issue 4). */
export const chatModule: FastifyPluginAsyncZod<{
  chat: ChatService;
  /** Issue 12: a staff answer is notified to the patient who is not in the chat. */
  notifications: Pick<NotificationService, 'notify'>;
}> = async (app, { chat, notifications }) => {
  // Who may subscribe and publish on the chat's topics (the broker knows none of them).
  const access = chatTopicAccess(chat.roomOwners);
  app.broker.declareTopic('chat', access.chat);
  app.broker.declareTopic('staffInbox', access.staffInbox);
  const realtime = registerChatRealtime(app.broker, chat, notifications);
  app.patientErasure.register('chat', chat.erasePatient);
  await app.register(chatRoutes, { chat, realtime });
};
