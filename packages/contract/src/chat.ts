import { z } from 'zod';
import { pagingQuerySchema } from './paging.ts';
import { int4, int4Id, int4Query, safeText } from './safe-input.ts';

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

/**
 * Issue 14 (decision 023): the hospital FAQ entry or guide a bot answer quotes, opened in the
 * patient app (`/hospital/news/{idx}` for an FAQ entry, `/hospital/guidesearch/{idx}` for a guide).
 */
export const chatMessageLinkSchema = z.object({
  kind: z.enum(['FAQ', 'GUIDE']),
  idx: z.number().int(),
  title: z.string(),
});
export type ChatMessageLink = z.infer<typeof chatMessageLinkSchema>;

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
  /**
   * A message the apps show as a notice rather than a plain bubble (decision 011): the bot's
   * urgent guidance (with 119, and 109 for self-harm) and "a staff member joined".
   */
  notice: z.enum(['URGENT', 'URGENT_SELF_HARM', 'STAFF_JOINED']).nullable().optional(),
  /** Issue 14: the content a bot answer comes from, shown as a button under the bubble. */
  link: chatMessageLinkSchema.nullable().optional(),
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
  /** When a patient message with urgent meaning flagged the room (decision 011); null when never. */
  urgentAt: z.string().nullable().optional(),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;

/** A room as the staff inbox lists it, with the unread count of the staff member it is for (decision 009). */
export const chatRoomSummarySchema = chatRoomSchema.extend({
  idx: z.number().int(),
  unreadCount: z.number().int(),
  /**
   * The patient's message that flagged the room (decision 011, the latest one when several
   * did), so the inbox and the alert say why it is urgent; null when the room never was.
   */
  urgentMessage: z.object({ content: z.string(), createdAt: z.string() }).nullable().optional(),
  /** Who the patient is, so staff tell two patients with the same name apart (issue 10 point 5). */
  patientInfo: z
    .object({
      /** The patient number: the patient's record number in this system. */
      patientNo: z.number().int(),
      age: z.number().int().nullable(),
      sex: z.enum(['M', 'F']).nullable(),
      allergies: z.string(),
      /** What the patient wrote for staff (patients.description). */
      note: z.string(),
      /** Ward and bed of the active admission in the room's hospital (decision 010); null when not admitted there. */
      ward: z.string().nullable(),
      bed: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export type ChatPatientInfo = NonNullable<ChatRoomSummary['patientInfo']>;
export type ChatUrgentMessage = NonNullable<ChatRoomSummary['urgentMessage']>;
export type ChatRoomSummary = z.infer<typeof chatRoomSummarySchema>;

/** `GET /chat/messages` (spec §7): newest page first; each page ordered oldest → newest. */
export const chatMessagesQuerySchema = pagingQuerySchema.extend({
  // Negative while the patient has no room yet (-patientIdx), hence int4 and not an id.
  roomIdx: int4Query(),
  hospitalIdx: int4Query().pipe(z.number().positive()),
});
export type ChatMessagesQuery = z.infer<typeof chatMessagesQuerySchema>;

/**
 * `GET /chat/rooms` (staff inbox): the hospital's rooms, urgent first, then WAIT by waiting
 * time. `BOT` (decision 011) lists the rooms the chatbot is handling ("챗봇 응대 중").
 */
export const chatRoomsQuerySchema = z.strictObject({
  status: z.enum([...CHAT_ROOM_STATUSES, 'BOT']).optional(),
  includeCompleted: z.enum(['true', 'false']).optional(),
});

/** `PUT /chat/markRead` (staff): records what the staff member has seen, for unread counts. */
export const markReadBodySchema = z.strictObject({
  roomIdx: int4Id(),
  lastReadMsgIdx: int4().nonnegative(),
});

/* ---- payloads published by clients (the server validates and re-stamps them, brief §4) ---- */

/** Published to `chat/{roomIdx}/message`. Sender identity is taken from the token, never from here. */
export const chatMessagePublishSchema = z.object({
  clientMsgId: safeText().min(1).max(64),
  content: safeText().trim().min(1).max(2000),
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
/**
 * On `staffInbox/{hospitalIdx}/staff/{staffIdx}`: rooms that changed, each with that member's
 * own unread count. One packet carries every room of one refresh (issue 11 point 7).
 */
export const staffInboxEventSchema = z.object({ rooms: z.array(chatRoomSummarySchema).min(1) });
export type ChatCreateEvent = z.infer<typeof chatCreateEventSchema>;
export type ChatUpdateEvent = z.infer<typeof chatUpdateEventSchema>;
export type ChatChangeEvent = z.infer<typeof chatChangeEventSchema>;
export type ChatEnterEvent = z.infer<typeof chatEnterEventSchema>;
export type ChatCompleteEvent = z.infer<typeof chatCompleteEventSchema>;
export type StaffInboxEvent = z.infer<typeof staffInboxEventSchema>;
