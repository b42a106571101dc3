import { describe, expect, it } from 'vitest';
import { createTopicAccess, type BrokerPrincipal } from '../../plugins/broker/broker-acl.ts';
import { chatTopicAccess } from './chat.access.ts';

/**
 * The chat topics' rules on their own (moved from the broker's ACL matrix, issue 11), with
 * storage replaced by a map. The broker tests prove the same rules over real MQTT connections.
 */
const rooms = new Map([
  [10, { patientIdx: 1, hospitalIdx: 100 }],
  [11, { patientIdx: 1, hospitalIdx: 200 }],
  [20, { patientIdx: 2, hospitalIdx: 100 }],
]);
const access = createTopicAccess();
const chat = chatTopicAccess({ chatRoom: async (idx) => rooms.get(idx) ?? null });
access.declare('chat', chat.chat);
access.declare('staffInbox', chat.staffInbox);
const kim: BrokerPrincipal = { kind: 'patient', idx: 1, loginId: 'kim' };
const nurse: BrokerPrincipal = { kind: 'staff', idx: 7, loginId: 'nurse', hospitalIdx: 100 };

const may = (who: BrokerPrincipal, action: 'subscribe' | 'publish', topic: string) =>
  access.isAllowed(who, action, topic);

describe('a patient', () => {
  it('reads and writes their own rooms, current and past, and their provisional room', async () => {
    expect(await may(kim, 'subscribe', 'chat/10/#')).toBe(true);
    expect(await may(kim, 'subscribe', 'chat/11/#')).toBe(true);
    expect(await may(kim, 'subscribe', 'chat/-1/#')).toBe(true);
    expect(await may(kim, 'publish', 'chat/10/message')).toBe(true);
    expect(await may(kim, 'publish', 'chat/-1/message')).toBe(true);
    expect(await may(kim, 'publish', 'chat/10/complete')).toBe(true);
  });

  it("never reaches another patient's room, provisional or real", async () => {
    expect(await may(kim, 'subscribe', 'chat/20/#')).toBe(false);
    expect(await may(kim, 'subscribe', 'chat/-2/#')).toBe(false);
    expect(await may(kim, 'publish', 'chat/20/message')).toBe(false);
    expect(await may(kim, 'publish', 'chat/-2/message')).toBe(false);
    expect(await may(kim, 'subscribe', 'chat/999/#')).toBe(false);
  });

  it('cannot forge the events only the server sends', async () => {
    for (const event of ['create', 'update', 'change', 'enter']) {
      expect(await may(kim, 'publish', `chat/10/${event}`)).toBe(false);
    }
  });

  it('never reads a staff inbox', async () => {
    expect(await may(kim, 'subscribe', 'staffInbox/100/staff/7')).toBe(false);
  });

  it('gets nothing through wildcards', async () => {
    for (const topic of ['#', 'chat/#', 'chat/+/message', 'chat/+/#', '+/10/#']) {
      expect(await may(kim, 'subscribe', topic)).toBe(false);
    }
  });
});

describe('a staff member', () => {
  it("works in their own hospital's rooms and inbox", async () => {
    expect(await may(nurse, 'subscribe', 'chat/10/#')).toBe(true);
    expect(await may(nurse, 'publish', 'chat/10/message')).toBe(true);
    expect(await may(nurse, 'publish', 'chat/10/enter')).toBe(true);
    expect(await may(nurse, 'publish', 'chat/10/complete')).toBe(true);
    expect(await may(nurse, 'subscribe', 'staffInbox/100/staff/7')).toBe(true);
  });

  it("reads their own inbox only: another member's unread counts are theirs", async () => {
    expect(await may(nurse, 'subscribe', 'staffInbox/100/staff/8')).toBe(false);
    expect(await may(nurse, 'subscribe', 'staffInbox/100/staff/+')).toBe(false);
    expect(await may(nurse, 'subscribe', 'staffInbox/100/#')).toBe(false);
  });

  it("stays out of another hospital's rooms and inbox", async () => {
    expect(await may(nurse, 'subscribe', 'chat/11/#')).toBe(false);
    expect(await may(nurse, 'publish', 'chat/11/message')).toBe(false);
    expect(await may(nurse, 'subscribe', 'staffInbox/200/staff/7')).toBe(false);
    expect(await may(nurse, 'subscribe', 'chat/-1/#')).toBe(false);
  });

  it('leaves the inbox and room events to the server', async () => {
    expect(await may(nurse, 'publish', 'staffInbox/100/staff/7')).toBe(false);
    expect(await may(nurse, 'publish', 'chat/10/update')).toBe(false);
    expect(await may(nurse, 'publish', 'chat/10/create')).toBe(false);
  });
});

describe('what the audit log learns of a chat topic', () => {
  it('names the room owner (the provisional room by its number) and audits staff subscribing', async () => {
    expect(await access.factsOf('chat/20/#').patientOf()).toBe(2);
    expect(await access.factsOf('chat/-5/#').patientOf()).toBe(5);
    expect(access.factsOf('chat/10/#').auditStaffSubscribe).toBe(true);
    expect(access.factsOf('staffInbox/100/staff/7').auditStaffSubscribe).toBe(false);
  });
});
