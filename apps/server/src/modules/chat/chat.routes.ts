import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '@smartcare/contract/api-paths';
import {
  chatMessageSchema,
  chatMessagesQuerySchema,
  chatRoomSchema,
  chatRoomsQuerySchema,
  chatRoomSummarySchema,
  markReadBodySchema,
} from '@smartcare/contract/chat';
import { emptyDataSchema, envelopeSchema } from '@smartcare/contract/envelope';
import { pageSchema } from '@smartcare/contract/paging';
import { ok } from '../../lib/envelope.ts';
import { patientOf, staffOf } from '../../plugins/auth/auth.plugin.ts';
import type { ChatRealtime } from './chat.realtime.ts';
import type { ChatActor, ChatService } from './chat.service.ts';

const security = [{ bearerAuth: [] }];

/** The chat's REST calls (spec §7 and the staff inbox); one service call per handler. */
export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService; realtime: ChatRealtime }> = async (
  app,
  { chat, realtime },
) => {
  app.get(
    apiPaths.chat.currentRoom,
    {
      config: { auth: 'patient' },
      schema: {
        tags: ['chat'],
        summary: "The patient's current room (no idx when there is none yet)",
        security,
        response: { 200: envelopeSchema(chatRoomSchema) },
      },
    },
    async (request) => ok(request, await chat.currentRoom(patientOf(request).idx)),
  );

  app.get(
    apiPaths.chat.messages,
    {
      // Patients read their own rooms, staff their hospital's: decided per room in the service.
      config: { auth: 'any' },
      schema: {
        tags: ['chat'],
        summary: 'A page of a room’s messages, newest page first, each page oldest → newest',
        security,
        querystring: chatMessagesQuerySchema,
        response: { 200: envelopeSchema(pageSchema(chatMessageSchema)) },
      },
    },
    async (request) => {
      const principal = request.principal!;
      const actor: ChatActor = { kind: principal.principal, idx: principal.idx };
      return ok(request, await chat.messages(actor, request.query));
    },
  );

  app.get(
    apiPaths.chat.rooms,
    {
      config: { auth: 'staff' },
      schema: {
        tags: ['chat'],
        summary: 'The staff inbox: WAIT first by waiting time, with unread counts',
        security,
        querystring: chatRoomsQuerySchema,
        response: { 200: envelopeSchema(z.array(chatRoomSummarySchema)) },
      },
    },
    async (request) => ok(request, await chat.rooms(staffOf(request).idx, request.query)),
  );

  app.put(
    apiPaths.chat.markRead,
    {
      config: { auth: 'staff' },
      schema: {
        tags: ['chat'],
        summary: 'Records what the staff member has read in a room',
        security,
        body: markReadBodySchema,
        response: { 200: envelopeSchema(emptyDataSchema) },
      },
    },
    async (request) => {
      const staffIdx = staffOf(request).idx;
      await chat.markRead(staffIdx, request.body);
      // Answered once this member's live inbox (their other tabs too) has the new count. The
      // read itself is stored: a live update that fails is logged, not answered as an error.
      await realtime
        .readBy(request.body.roomIdx, staffIdx)
        .catch((error: unknown) => request.log.error({ err: error }, 'inbox update after a read failed'));
      return ok(request, {});
    },
  );
};
