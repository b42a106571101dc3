import { describe, expect, it } from 'vitest';
import { deliveredSchema, publishedSchema } from './topic-payloads.ts';
import {
  parseTopic,
  provisionalRoomIdx,
  TOPIC_TABLE,
  topicOf,
  topics,
  type TopicFields,
  type TopicKind,
} from './topics.ts';

describe('topics', () => {
  it('builds the spec topics (§7)', () => {
    expect(topics.chatRoomAll(12)).toBe('chat/12/#');
    expect(topics.chatRoomEvent(12, 'message')).toBe('chat/12/message');
    expect(topics.chatRoomEvent(12, 'complete')).toBe('chat/12/complete');
    expect(topics.nurseCalling(3)).toBe('nurseCalling/3');
  });

  it('uses the negative patient idx before a room exists (§3)', () => {
    expect(topics.chatRoomAll(provisionalRoomIdx(7))).toBe('chat/-7/#');
    expect(parseTopic('chat/-7/#')).toEqual({ kind: 'chat', roomIdx: -7, event: '#' });
  });

  it('parses every topic it builds', () => {
    expect(parseTopic(topics.chatRoomEvent(5, 'enter'))).toEqual({
      kind: 'chat',
      roomIdx: 5,
      event: 'enter',
    });
    expect(parseTopic(topics.nurseCalling(2))).toEqual({ kind: 'nurseCalling', hospitalIdx: 2 });
    expect(parseTopic(topics.nurseCallingPatient(2, 9))).toEqual({
      kind: 'nurseCallingPatient',
      hospitalIdx: 2,
      patientIdx: 9,
    });
    expect(topics.staffInbox(2, 8)).toBe('staffInbox/2/staff/8');
    expect(parseTopic(topics.staffInbox(2, 8))).toEqual({ kind: 'staffInbox', hospitalIdx: 2, staffIdx: 8 });
  });

  // The ACL trusts this parser: anything with a wildcard in the wrong place must not parse.
  it.each([
    'chat/#',
    'chat/+/#',
    'chat/+/message',
    '#',
    '+/+/+',
    'nurseCalling/+',
    'nurseCalling/#',
    'chat/1/other',
    'chat/1/message/x',
    'staffInbox/+',
    'staffInbox/2',
    'staffInbox/2/staff/+',
    'staffInbox/2/#',
    'staffInbox/2/other/8',
    'nurseCalling/1/patient/+',
    'chat/1.5/#',
    // issue 17 — telemedicine
    'telemedicine/1/signal/+',
    'telemedicine/1/signal/#',
    'telemedicine/1/signal/doctor',
    'telemedicine/+/status',
    'telemedicine/1/#',
    'telemedicineQueue/+',
    '',
  ])('refuses %j', (topic) => {
    expect(parseTopic(topic)).toBeNull();
  });
});

// issue 11: topics declared in one table
describe('the topic table', () => {
  it('builds and parses every kind from its entry alone', () => {
    const samples: Record<TopicKind, TopicFields<TopicKind>> = {
      chat: { roomIdx: -3, event: 'message' },
      nurseCalling: { hospitalIdx: 4 },
      nurseCallingPatient: { hospitalIdx: 4, patientIdx: 9 },
      staffInbox: { hospitalIdx: 4, staffIdx: 8 },
      notificationPatient: { patientIdx: 9 },
      // issue 13
      homeCareAlert: { hospitalIdx: 4 },
      // issue 17 — telemedicine
      telemedicineSignal: { visitIdx: 5, from: 'staff' },
      telemedicineVisit: { visitIdx: 5 },
      telemedicineQueue: { hospitalIdx: 4 },
    } as Record<TopicKind, TopicFields<TopicKind>>;
    for (const kind of Object.keys(TOPIC_TABLE) as TopicKind[]) {
      const topic = topicOf(kind, samples[kind]);
      expect(parseTopic(topic)).toEqual({ kind, ...samples[kind] });
    }
  });

  it('has a delivered payload schema for every concrete topic, checked by the table', () => {
    const stored = deliveredSchema({ kind: 'nurseCallingPatient', hospitalIdx: 1, patientIdx: 2 });
    expect(stored?.safeParse({ event: 'request', call: {} }).success).toBe(false);
    expect(deliveredSchema({ kind: 'chat', roomIdx: 1, event: '#' })).toBeNull();
    expect(
      publishedSchema({ kind: 'chat', roomIdx: 1, event: 'message' })?.safeParse({
        clientMsgId: 'a',
        content: '안녕하세요',
      }).success,
    ).toBe(true);
    expect(publishedSchema({ kind: 'staffInbox', hospitalIdx: 1, staffIdx: 2 })).toBeNull();
  });
});

// issue 17 — telemedicine
describe('telemedicine topics', () => {
  it('builds one signal topic per side, the status and the queue', () => {
    expect(topics.telemedicineSignal(7, 'patient')).toBe('telemedicine/7/signal/patient');
    expect(topics.telemedicineSignal(7, 'staff')).toBe('telemedicine/7/signal/staff');
    expect(topics.telemedicineVisit(7)).toBe('telemedicine/7/status');
    expect(topics.telemedicineQueue(2)).toBe('telemedicineQueue/2');
    expect(parseTopic('telemedicine/7/signal/patient')).toEqual({
      kind: 'telemedicineSignal',
      visitIdx: 7,
      from: 'patient',
    });
    expect(parseTopic('telemedicine/7/status')).toEqual({ kind: 'telemedicineVisit', visitIdx: 7 });
  });

  it('lets clients publish signalling only, within the broker limit', () => {
    const signal = publishedSchema({ kind: 'telemedicineSignal', visitIdx: 1, from: 'patient' })!;
    expect(signal.safeParse({ type: 'hello' }).success).toBe(true);
    expect(
      signal.safeParse({ type: 'description', description: { type: 'offer', sdp: 'v=0' } }).success,
    ).toBe(true);
    expect(signal.safeParse({ type: 'candidate', candidate: null }).success).toBe(true);
    expect(
      signal.safeParse({
        type: 'candidate',
        candidate: { candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 },
      }).success,
    ).toBe(true);
    expect(signal.safeParse({ type: 'media', audio: false, video: true }).success).toBe(true);
    expect(
      signal.safeParse({ type: 'description', description: { type: 'offer', sdp: 'x'.repeat(15_001) } })
        .success,
    ).toBe(false);
    expect(signal.safeParse({ type: 'pranswer' }).success).toBe(false);
    expect(publishedSchema({ kind: 'telemedicineVisit', visitIdx: 1 })).toBeNull();
    expect(publishedSchema({ kind: 'telemedicineQueue', hospitalIdx: 1 })).toBeNull();
  });
});
