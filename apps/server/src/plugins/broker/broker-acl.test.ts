import { describe, expect, it } from 'vitest';
import { isTopicAllowed, type AclLookups, type BrokerPrincipal } from './broker-acl.ts';

/**
 * The topic rules on their own, with storage replaced by two maps. The broker tests prove
 * the same rules over real MQTT connections.
 */
const rooms = new Map([
  [10, { patientIdx: 1, hospitalIdx: 100 }],
  [11, { patientIdx: 1, hospitalIdx: 200 }],
  [20, { patientIdx: 2, hospitalIdx: 100 }],
]);
const chosen = new Map([
  [1, 100],
  [2, 100],
]);
const lookups: AclLookups = {
  chatRoom: async (idx) => rooms.get(idx) ?? null,
  chosenHospital: async (idx) => chosen.get(idx) ?? null,
};
const kim: BrokerPrincipal = { kind: 'patient', idx: 1, loginId: 'kim' };
const nurse: BrokerPrincipal = { kind: 'staff', idx: 7, loginId: 'nurse', hospitalIdx: 100 };

const may = (who: BrokerPrincipal, action: 'subscribe' | 'publish', topic: string) =>
  isTopicAllowed(who, action, topic, lookups);

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

  it('posts nurse calls to the chosen hospital only and never reads the ward board', async () => {
    expect(await may(kim, 'publish', 'nurseCalling/100')).toBe(true);
    expect(await may(kim, 'publish', 'nurseCalling/200')).toBe(false);
    expect(await may(kim, 'subscribe', 'nurseCalling/100')).toBe(false);
    expect(await may(kim, 'subscribe', 'nurseCalling/100/patient/1')).toBe(true);
    expect(await may(kim, 'subscribe', 'nurseCalling/100/patient/2')).toBe(false);
    expect(await may(kim, 'subscribe', 'staffInbox/100/staff/7')).toBe(false);
  });

  it('gets nothing through wildcards', async () => {
    for (const topic of [
      '#',
      'chat/#',
      'chat/+/message',
      'chat/+/#',
      'nurseCalling/+',
      'nurseCalling/#',
      '+/10/#',
    ]) {
      expect(await may(kim, 'subscribe', topic)).toBe(false);
    }
  });
});

describe('a staff member', () => {
  it("works in their own hospital's rooms, calls and inbox", async () => {
    expect(await may(nurse, 'subscribe', 'chat/10/#')).toBe(true);
    expect(await may(nurse, 'publish', 'chat/10/message')).toBe(true);
    expect(await may(nurse, 'publish', 'chat/10/enter')).toBe(true);
    expect(await may(nurse, 'publish', 'chat/10/complete')).toBe(true);
    expect(await may(nurse, 'subscribe', 'nurseCalling/100')).toBe(true);
    expect(await may(nurse, 'subscribe', 'staffInbox/100/staff/7')).toBe(true);
  });

  it("reads their own inbox only: another member's unread counts are theirs", async () => {
    expect(await may(nurse, 'subscribe', 'staffInbox/100/staff/8')).toBe(false);
    expect(await may(nurse, 'subscribe', 'staffInbox/100/staff/+')).toBe(false);
    expect(await may(nurse, 'subscribe', 'staffInbox/100/#')).toBe(false);
  });

  it("stays out of another hospital's rooms, calls and inbox", async () => {
    expect(await may(nurse, 'subscribe', 'chat/11/#')).toBe(false);
    expect(await may(nurse, 'publish', 'chat/11/message')).toBe(false);
    expect(await may(nurse, 'subscribe', 'nurseCalling/200')).toBe(false);
    expect(await may(nurse, 'subscribe', 'staffInbox/200/staff/7')).toBe(false);
    expect(await may(nurse, 'subscribe', 'chat/-1/#')).toBe(false);
  });

  it('leaves the board, the inbox and room events to the server', async () => {
    expect(await may(nurse, 'publish', 'nurseCalling/100')).toBe(false);
    expect(await may(nurse, 'publish', 'staffInbox/100/staff/7')).toBe(false);
    expect(await may(nurse, 'publish', 'chat/10/update')).toBe(false);
    expect(await may(nurse, 'publish', 'chat/10/create')).toBe(false);
  });
});
