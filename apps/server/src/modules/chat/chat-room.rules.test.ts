import { describe, expect, it } from 'vitest';
import { applyComplete, applyEnter, applyMessage, newRoomState, type RoomState } from './chat-room.rules.ts';

const t0 = new Date('2026-03-02T09:00:00Z');
const t1 = new Date('2026-03-02T09:05:00Z');
const patient = { personType: 'PATIENT' as const, idx: 1 };
const nurse = { personType: 'USER' as const, idx: 7 };
const bot = { personType: 'CHATBOT' as const, idx: 0 };

function accepted(room: RoomState, sender: typeof patient | typeof nurse | typeof bot, at: Date) {
  const outcome = applyMessage(room, sender, at);
  if (outcome.kind !== 'accepted')
    throw new Error(`expected the message to be accepted, got ${outcome.kind}`);
  return outcome;
}

describe('a room over a conversation', () => {
  it('starts waiting for staff when the patient first writes, and records since when', () => {
    const { next, statusChanged } = accepted(newRoomState(), patient, t0);
    expect(next.status).toBe('WAIT');
    expect(next.waitingSince).toEqual(t0);
    expect(statusChanged).toBe(true);
  });

  it('keeps the original waiting time while the patient keeps writing', () => {
    const first = accepted(newRoomState(), patient, t0).next;
    const { next, statusChanged } = accepted(first, patient, t1);
    expect(next.waitingSince).toEqual(t0);
    expect(statusChanged).toBe(false);
  });

  it('hands the room to the staff member who replies first: STANDBY, assignee, first reply, bot quiet', () => {
    const waiting = accepted(newRoomState(), patient, t0).next;
    const { next } = accepted(waiting, nurse, t1);
    expect(next).toMatchObject({ status: 'STANDBY', assigneeIdx: 7, firstReplyAt: t1, botActive: false });
    expect(next.waitingSince).toBeNull();
  });

  it('lets the bot speak without changing whose turn it is', () => {
    const waiting = accepted(newRoomState(), patient, t0).next;
    const { next, statusChanged } = accepted(waiting, bot, t1);
    expect(next.status).toBe('WAIT');
    expect(next.botActive).toBe(true);
    expect(statusChanged).toBe(false);
  });

  it('sends a patient who writes after the end to a new room, and refuses staff there', () => {
    const done = applyComplete(accepted(newRoomState(), patient, t0).next, t1).next;
    expect(done.status).toBe('COMPLETE');
    expect(done.completedAt).toEqual(t1);
    expect(applyMessage(done, patient, t1).kind).toBe('newRoom');
    expect(applyMessage(done, nurse, t1).kind).toBe('refused');
  });

  it('completes once: a second complete changes nothing', () => {
    const done = applyComplete(newRoomState(), t0);
    const again = applyComplete(done.next, t1);
    expect(again.statusChanged).toBe(false);
    expect(again.next.completedAt).toEqual(t0);
  });

  it('silences the bot when staff enter, keeping an existing assignee', () => {
    const entered = applyEnter({ ...newRoomState(), assigneeIdx: 3 }, 7);
    expect(entered).toMatchObject({ botActive: false, assigneeIdx: 3 });
  });
});
