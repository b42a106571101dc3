/**
 * The chat and nurse-call words the patient app needs at run time, zod-free so they do not
 * drag the schemas into its screens (chat.ts and nurse-call.ts hold the same values as
 * zod enums; realtime-constants.test.ts keeps the two in step).
 */
export const CHAT_ROOM_STATUS_VALUES = ['NONE', 'WAIT', 'STANDBY', 'COMPLETE'] as const;
export const PERSON_TYPE_VALUES = ['PATIENT', 'USER', 'CHATBOT'] as const;

/** The phrase (and button) that hands a room from the chatbot to staff at once. */
export const HANDOFF_PHRASE_TEXT = '상담원 연결';

/** Limits of chatMessagePublishSchema and nurseCallRequestSchema. */
export const CHAT_CONTENT_MAX_LENGTH = 2000;
export const CLIENT_ID_MAX_LENGTH = 64;
// issue 10: 기타 carries a short text
export const NURSE_CALL_NOTE_MAX_LENGTH = 100;

/** Most urgent first (domain.md: emergency/fall > pain > IV > toilet > water/other). */
export const NURSE_CALL_REASON_VALUES = [
  'EMERGENCY',
  'FALL',
  'PAIN',
  'IV',
  'TOILET',
  'WATER',
  'OTHER',
] as const;
export const NURSE_CALL_STATUS_VALUES = [
  'REQUESTED',
  'ACKNOWLEDGED',
  'IN_PROGRESS',
  'DONE',
  'CANCELLED',
] as const;
/** A call in one of these states is still open: the server folds a second request into it. */
export const OPEN_NURSE_CALL_STATUS_VALUES = ['REQUESTED', 'ACKNOWLEDGED', 'IN_PROGRESS'] as const;
