import { describe, expect, it } from 'vitest';
import {
  applyComplete,
  applyEnter,
  applyHandOver,
  applyMessage,
  newRoomState,
  type RoomState,
} from './chat-room.rules.ts';

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
  it('stays with the bot (NONE, not waiting) when the patient first writes (decision 011)', () => {
    const { next, statusChanged } = accepted(newRoomState(), patient, t0);
    expect(next.status).toBe('NONE');
    expect(next.waitingSince).toBeNull();
    expect(statusChanged).toBe(false);
  });

  it('starts waiting for staff when handed over, and records since when', () => {
    const next = applyHandOver(accepted(newRoomState(), patient, t0).next, t0, false);
    expect(next).toMatchObject({ status: 'WAIT', waitingSince: t0, staffRequestedAt: t0, urgentAt: null });
  });

  it('flags an urgent hand-over once, keeping the first time', () => {
    const flagged = applyHandOver(newRoomState(), t0, true);
    expect(flagged).toMatchObject({ status: 'WAIT', urgentAt: t0 });
    expect(applyHandOver(flagged, t1, true)).toMatchObject({ urgentAt: t0, waitingSince: t0 });
  });

  it('never hands a finished room over', () => {
    const done = applyComplete(newRoomState(), t0).next;
    expect(applyHandOver(done, t1, true)).toBe(done);
  });

  it('keeps the original waiting time while the patient keeps writing', () => {
    const first = applyHandOver(newRoomState(), t0, false);
    const { next, statusChanged } = accepted(first, patient, t1);
    expect(next.waitingSince).toEqual(t0);
    expect(statusChanged).toBe(false);
  });

  it('hands the room to the staff member who replies first: STANDBY, assignee, first reply, bot quiet', () => {
    const waiting = applyHandOver(accepted(newRoomState(), patient, t0).next, t0, false);
    const { next } = accepted(waiting, nurse, t1);
    expect(next).toMatchObject({ status: 'STANDBY', assigneeIdx: 7, firstReplyAt: t1, botActive: false });
    expect(next.waitingSince).toBeNull();
  });

  it('lets the bot speak without changing whose turn it is', () => {
    const waiting = applyHandOver(accepted(newRoomState(), patient, t0).next, t0, false);
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
