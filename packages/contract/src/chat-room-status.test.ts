import { describe, expect, it } from 'vitest';
import { CHAT_ROOM_STATUSES, PERSON_TYPES, type ChatRoomStatus, type PersonType } from './chat.ts';
import { nextChatRoomStatus, type ChatRoomEvent } from './chat-room-status.ts';

type Outcome = [ChatRoomStatus, boolean, boolean]; // [status after, opensNewRoom, accepted]
type ByBot = { bot: Outcome; noBot: Outcome };
const same = (outcome: Outcome): ByBot => ({ bot: outcome, noBot: outcome });

// Every (status, event) pair, written out as the rule says — so a change to the machine
// has to change this table on purpose. `bot`: the chatbot is still handling the room.
const expectedAfterMessage: Record<ChatRoomStatus, Record<PersonType, ByBot>> = {
  NONE: {
    // Decision 011: a bot-handled room stays out of the waiting queue.
    PATIENT: { bot: ['NONE', false, true], noBot: ['WAIT', false, true] },
    USER: same(['STANDBY', false, true]),
    CHATBOT: same(['NONE', false, true]),
  },
  WAIT: {
    PATIENT: same(['WAIT', false, true]),
    USER: same(['STANDBY', false, true]),
    CHATBOT: same(['WAIT', false, true]),
  },
  STANDBY: {
    PATIENT: same(['WAIT', false, true]),
    USER: same(['STANDBY', false, true]),
    CHATBOT: same(['STANDBY', false, true]),
  },
  COMPLETE: {
    PATIENT: same(['NONE', true, true]),
    USER: same(['COMPLETE', false, false]),
    CHATBOT: same(['COMPLETE', false, false]),
  },
};

const expectedAfterHandOver: Record<ChatRoomStatus, Outcome> = {
  NONE: ['WAIT', false, true],
  WAIT: ['WAIT', false, true],
  STANDBY: ['WAIT', false, true],
  COMPLETE: ['COMPLETE', false, false],
};

const asTransition = ([status, opensNewRoom, accepted]: Outcome) => ({ status, opensNewRoom, accepted });

describe('nextChatRoomStatus', () => {
  for (const status of CHAT_ROOM_STATUSES) {
    for (const personType of PERSON_TYPES) {
      for (const botHandling of [true, false]) {
        const outcome = expectedAfterMessage[status][personType][botHandling ? 'bot' : 'noBot'];
        it(`a ${personType} message in a ${status} room ${botHandling ? 'with' : 'without'} the bot leaves it ${outcome[0]}${outcome[1] ? ' in a new room' : ''}`, () => {
          expect(nextChatRoomStatus(status, { type: 'message', personType, botHandling })).toEqual(
            asTransition(outcome),
          );
        });
      }
    }
    it(`handing a ${status} room over leaves it ${expectedAfterHandOver[status][0]}`, () => {
      expect(nextChatRoomStatus(status, { type: 'handOver' })).toEqual(
        asTransition(expectedAfterHandOver[status]),
      );
    });
    it(`completing a ${status} room makes it COMPLETE`, () => {
      expect(nextChatRoomStatus(status, { type: 'complete' })).toEqual({
        status: 'COMPLETE',
        opensNewRoom: false,
        accepted: true,
      });
    });
  }

  const run = (events: ChatRoomEvent[]) => {
    let status: ChatRoomStatus = 'NONE';
    return events.map((event) => (status = nextChatRoomStatus(status, event).status));
  };
  const patient = { type: 'message', personType: 'PATIENT', botHandling: true } as const;
  const bot = { type: 'message', personType: 'CHATBOT', botHandling: true } as const;
  const staff = { type: 'message', personType: 'USER', botHandling: false } as const;

  it('a question the bot answers never reaches the staff queue', () => {
    expect(run([patient, bot, patient, bot])).toEqual(['NONE', 'NONE', 'NONE', 'NONE']);
  });

  it('follows a handed-over consultation: asks, bot cannot answer, staff replies, patient thanks, ends', () => {
    const seen = run([patient, { type: 'handOver' }, bot, staff, { ...patient, botHandling: false }]);
    expect(seen).toEqual(['NONE', 'WAIT', 'WAIT', 'STANDBY', 'WAIT']);
    expect(nextChatRoomStatus('WAIT', { type: 'complete' }).status).toBe('COMPLETE');
  });
});
