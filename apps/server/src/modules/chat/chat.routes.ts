import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiCalls } from '@smartcare/contract/api-calls';
import { ok } from '../../lib/envelope.ts';
import { routeOf } from '../../lib/route-of.ts';
import { patientOf, staffOf } from '../../plugins/auth/auth.plugin.ts';
import type { ChatRealtime } from './chat.realtime.ts';
import type { ChatActor, ChatService } from './chat.service.ts';

const calls = apiCalls.chat;

/** The chat's REST calls (spec §7 and the staff inbox); one service call per handler. */
export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService; realtime: ChatRealtime }> = async (
  app,
  { chat, realtime },
) => {
  app.route({
    ...routeOf(calls.currentRoom, {
      auth: 'patient',
      summary: "The patient's current room (no idx when there is none yet)",
    }),
    handler: async (request) => ok(request, await chat.currentRoom(patientOf(request).idx)),
  });

  app.route({
    ...routeOf(calls.messages, {
      // Patients read their own rooms, staff their hospital's: decided per room in the service.
      auth: 'any',
      summary: 'A page of a room’s messages, newest page first, each page oldest → newest',
    }),
    handler: async (request) => {
      const principal = request.principal!;
      const actor: ChatActor = { kind: principal.principal, idx: principal.idx };
      return ok(request, await chat.messages(actor, request.query));
    },
  });

  app.route({
    ...routeOf(calls.rooms, {
      auth: 'staff',
      summary: 'The staff inbox: WAIT first by waiting time, with unread counts',
    }),
    handler: async (request) => ok(request, await chat.rooms(staffOf(request).idx, request.query)),
  });

  app.route({
    ...routeOf(calls.markRead, {
      auth: 'staff',
      summary: 'Records what the staff member has read in a room',
    }),
    handler: async (request) => {
      const staffIdx = staffOf(request).idx;
      const room = await chat.markRead(staffIdx, request.body);
      // Answered once this member's live inbox (their other tabs too) has the new count. The
      // read itself is stored: a live update that fails is logged, not answered as an error.
      await realtime
        .readBy(room, staffIdx)
        .catch((error: unknown) => request.log.error({ err: error }, 'inbox update after a read failed'));
      return ok(request, {});
    },
  });
};
