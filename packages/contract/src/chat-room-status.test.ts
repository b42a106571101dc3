import { describe, expect, it } from 'vitest';
import { CHAT_ROOM_STATUSES, PERSON_TYPES, type ChatRoomStatus, type PersonType } from './chat.ts';
import { nextChatRoomStatus } from './chat-room-status.ts';

// Every (status, event) pair, written out as the rule says — so a change to the machine
// has to change this table on purpose.
const expectedAfterMessage: Record<ChatRoomStatus, Record<PersonType, [ChatRoomStatus, boolean, boolean]>> = {
  //            [status after, opensNewRoom, accepted]
  NONE: { PATIENT: ['WAIT', false, true], USER: ['STANDBY', false, true], CHATBOT: ['NONE', false, true] },
  WAIT: { PATIENT: ['WAIT', false, true], USER: ['STANDBY', false, true], CHATBOT: ['WAIT', false, true] },
  STANDBY: {
    PATIENT: ['WAIT', false, true],
    USER: ['STANDBY', false, true],
    CHATBOT: ['STANDBY', false, true],
  },
  COMPLETE: {
    PATIENT: ['WAIT', true, true],
    USER: ['COMPLETE', false, false],
    CHATBOT: ['COMPLETE', false, false],
  },
};

describe('nextChatRoomStatus', () => {
  for (const status of CHAT_ROOM_STATUSES) {
    for (const personType of PERSON_TYPES) {
      const [after, opensNewRoom, accepted] = expectedAfterMessage[status][personType];
      it(`a ${personType} message in a ${status} room leaves it ${after}${opensNewRoom ? ' in a new room' : ''}`, () => {
        expect(nextChatRoomStatus(status, { type: 'message', personType })).toEqual({
          status: after,
          opensNewRoom,
          accepted,
        });
      });
    }
    it(`completing a ${status} room makes it COMPLETE`, () => {
      expect(nextChatRoomStatus(status, { type: 'complete' })).toEqual({
        status: 'COMPLETE',
        opensNewRoom: false,
        accepted: true,
      });
    });
  }

  it('follows a whole consultation: patient asks, bot answers, staff replies, patient thanks, ends', () => {
    let status: ChatRoomStatus = 'NONE';
    const steps: PersonType[] = ['PATIENT', 'CHATBOT', 'USER', 'PATIENT'];
    const seen = steps.map(
      (personType) => (status = nextChatRoomStatus(status, { type: 'message', personType }).status),
    );
    expect(seen).toEqual(['WAIT', 'WAIT', 'STANDBY', 'WAIT']);
    expect(nextChatRoomStatus(status, { type: 'complete' }).status).toBe('COMPLETE');
  });
});
