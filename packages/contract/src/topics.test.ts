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
      // issue 16
      staffDesk: { hospitalIdx: 4 },
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
