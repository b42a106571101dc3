import { describe, expect, it } from 'vitest';
import { CHAT_ROOM_STATUSES, HANDOFF_PHRASE, PERSON_TYPES, chatMessagePublishSchema } from './chat.ts';
import {
  NURSE_CALL_REASONS,
  NURSE_CALL_STATUSES,
  OPEN_NURSE_CALL_STATUSES,
  nurseCallRequestSchema,
} from './nurse-call.ts';
import {
  CHAT_CONTENT_MAX_LENGTH,
  CHAT_ROOM_STATUS_VALUES,
  CLIENT_ID_MAX_LENGTH,
  HANDOFF_PHRASE_TEXT,
  NURSE_CALL_NOTE_MAX_LENGTH,
  NURSE_CALL_REASON_VALUES,
  NURSE_CALL_STATUS_VALUES,
  OPEN_NURSE_CALL_STATUS_VALUES,
  PERSON_TYPE_VALUES,
} from './realtime-constants.ts';

describe('the zod-free copies the patient app uses', () => {
  it('say exactly what the schemas say', () => {
    expect(CHAT_ROOM_STATUS_VALUES).toEqual(CHAT_ROOM_STATUSES);
    expect(PERSON_TYPE_VALUES).toEqual(PERSON_TYPES);
    expect(HANDOFF_PHRASE_TEXT).toBe(HANDOFF_PHRASE);
    expect(NURSE_CALL_REASON_VALUES).toEqual(NURSE_CALL_REASONS);
    expect(NURSE_CALL_STATUS_VALUES).toEqual(NURSE_CALL_STATUSES);
    expect(OPEN_NURSE_CALL_STATUS_VALUES).toEqual(OPEN_NURSE_CALL_STATUSES);
  });

  it('carry the limits the server enforces', () => {
    const id = 'x'.repeat(CLIENT_ID_MAX_LENGTH);
    expect(
      chatMessagePublishSchema.safeParse({ clientMsgId: id, content: 'a'.repeat(CHAT_CONTENT_MAX_LENGTH) })
        .success,
    ).toBe(true);
    expect(
      chatMessagePublishSchema.safeParse({
        clientMsgId: id,
        content: 'a'.repeat(CHAT_CONTENT_MAX_LENGTH + 1),
      }).success,
    ).toBe(false);
    expect(chatMessagePublishSchema.safeParse({ clientMsgId: `${id}x`, content: 'a' }).success).toBe(false);
    const note = 'n'.repeat(NURSE_CALL_NOTE_MAX_LENGTH);
    expect(nurseCallRequestSchema.safeParse({ clientCallId: id, reason: 'PAIN', note }).success).toBe(true);
    expect(
      nurseCallRequestSchema.safeParse({ clientCallId: id, reason: 'PAIN', note: `${note}n` }).success,
    ).toBe(false);
  });
});
