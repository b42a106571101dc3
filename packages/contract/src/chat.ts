import { z } from 'zod';
import { pagingQuerySchema } from './paging.ts';

/** Spec §4: who speaks in a room. USER is hospital staff. */
export const PERSON_TYPES = ['PATIENT', 'USER', 'CHATBOT'] as const;
export const personTypeSchema = z.enum(PERSON_TYPES);
export type PersonType = z.infer<typeof personTypeSchema>;

/** Spec §4: NONE (no room / only the bot spoke), WAIT (patient spoke last), STANDBY (staff spoke last), COMPLETE. */
export const CHAT_ROOM_STATUSES = ['NONE', 'WAIT', 'STANDBY', 'COMPLETE'] as const;
export const chatRoomStatusSchema = z.enum(CHAT_ROOM_STATUSES);
export type ChatRoomStatus = z.infer<typeof chatRoomStatusSchema>;

export const chatPersonSchema = z.object({
  personType: personTypeSchema,
  /** Patient idx, staff idx, or 0 for the chatbot. */
  idx: z.number().int(),
  name: z.string(),
});
export type ChatPerson = z.infer<typeof chatPersonSchema>;

export const chatMessageSchema = z.object({
  idx: z.number().int(),
  roomIdx: z.number().int(),
  hospitalIdx: z.number().int(),
  personType: personTypeSchema,
  senderIdx: z.number().int(),
  senderName: z.string(),
  content: z.string(),
  /** The sender's own id for the message; a resend with the same id is stored once. */
  clientMsgId: z.string().nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatRoomSchema = z.object({
  /** Absent when the patient has no room yet: the app then uses `-patientIdx` (spec §3). */
  idx: z.number().int().optional(),
  hospitalIdx: z.number().int(),
  patientIdx: z.number().int(),
  patientName: z.string(),
  status: chatRoomStatusSchema,
  persons: z.array(chatPersonSchema),
  lastMsg: chatMessageSchema.nullable(),
  /** False once the room was handed to staff: the bot then stays quiet (domain.md). */
  botActive: z.boolean(),
  assigneeIdx: z.number().int().nullable(),
  waitingSince: z.string().nullable(),
  firstReplyAt: z.string().nullable(),
  lastActivityAt: z.string().nullable(),
  createdAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;

/** A room as the staff inbox lists it, with the unread count of the staff member it is for (decision 009). */
export const chatRoomSummarySchema = chatRoomSchema.extend({
  idx: z.number().int(),
  unreadCount: z.number().int(),
});
export type ChatRoomSummary = z.infer<typeof chatRoomSummarySchema>;

/** `GET /chat/messages` (spec §7): newest page first; each page ordered oldest → newest. */
export const chatMessagesQuerySchema = pagingQuerySchema.extend({
  roomIdx: z.coerce.number().int(),
  hospitalIdx: z.coerce.number().int().positive(),
});
export type ChatMessagesQuery = z.infer<typeof chatMessagesQuerySchema>;

/** `GET /chat/rooms` (staff inbox): the hospital's rooms, WAIT first then by waiting time. */
export const chatRoomsQuerySchema = z.strictObject({
  status: chatRoomStatusSchema.optional(),
  includeCompleted: z.enum(['true', 'false']).optional(),
});

/** `PUT /chat/markRead` (staff): records what the staff member has seen, for unread counts. */
export const markReadBodySchema = z.strictObject({
  roomIdx: z.number().int().positive(),
  lastReadMsgIdx: z.number().int().nonnegative(),
});

/* ---- payloads published by clients (the server validates and re-stamps them, brief §4) ---- */

/** Published to `chat/{roomIdx}/message`. Sender identity is taken from the token, never from here. */
export const chatMessagePublishSchema = z.object({
  clientMsgId: z.string().min(1).max(64),
  content: z.string().trim().min(1).max(2000),
});
export type ChatMessagePublish = z.infer<typeof chatMessagePublishSchema>;

/** The phrase (and button) that hands a room from the chatbot to staff at once. */
export const HANDOFF_PHRASE = '상담원 연결';

/** What the server publishes on `chat/{roomIdx}/create`: the room that replaces the negative one. */
export const chatCreateEventSchema = z.object({ room: chatRoomSchema.extend({ idx: z.number().int() }) });
/** On `chat/{roomIdx}/update`: the room after the change. */
export const chatUpdateEventSchema = chatCreateEventSchema;
/**
 * On `chat/{roomIdx}/change`: the room's status changed (published after its `update`).
 * The patient app ignores it (spec §4); it suits listeners that need only the status.
 */
export const chatChangeEventSchema = z.object({ roomIdx: z.number().int(), status: chatRoomStatusSchema });
/** On `chat/{roomIdx}/enter`: the person who joined. */
export const chatEnterEventSchema = z.object({ roomIdx: z.number().int(), person: chatPersonSchema });
/** On `chat/{roomIdx}/complete` as delivered by the server (clients publish `{}`). */
export const chatCompleteEventSchema = z.object({ roomIdx: z.number().int() });
/** On `staffInbox/{hospitalIdx}/staff/{staffIdx}`: a room changed, with that member's own unread count. */
export const staffInboxEventSchema = z.object({ room: chatRoomSummarySchema });
export type ChatCreateEvent = z.infer<typeof chatCreateEventSchema>;
export type ChatUpdateEvent = z.infer<typeof chatUpdateEventSchema>;
export type ChatChangeEvent = z.infer<typeof chatChangeEventSchema>;
export type ChatEnterEvent = z.infer<typeof chatEnterEventSchema>;
export type ChatCompleteEvent = z.infer<typeof chatCompleteEventSchema>;
export type StaffInboxEvent = z.infer<typeof staffInboxEventSchema>;
