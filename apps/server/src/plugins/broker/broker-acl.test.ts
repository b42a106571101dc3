import { describe, expect, it } from 'vitest';
import { createTopicAccess, type BrokerPrincipal } from './broker-acl.ts';

/**
 * The broker's ACL knows no module's topics (issue 11): the modules declare them (their rules
 * are tested in modules/chat/chat.access.test.ts and modules/nurse-call/nurse-call.access.test.ts).
 */
const nurse: BrokerPrincipal = { kind: 'staff', idx: 7, loginId: 'nurse', hospitalIdx: 100 };

describe('the topic ACL', () => {
  it('refuses a topic of a kind no module declared, and one that does not parse', async () => {
    const access = createTopicAccess();
    expect(await access.isAllowed(nurse, 'subscribe', 'nurseCalling/100')).toBe(false);
    access.declare('nurseCalling', { may: async () => true });
    expect(await access.isAllowed(nurse, 'subscribe', 'nurseCalling/100')).toBe(true);
    expect(await access.isAllowed(nurse, 'subscribe', 'nurseCalling/+')).toBe(false);
    expect(await access.isAllowed(nurse, 'subscribe', '#')).toBe(false);
  });

  it('takes one declaration per kind', () => {
    const access = createTopicAccess();
    access.declare('chat', { may: async () => false });
    expect(() => access.declare('chat', { may: async () => true })).toThrow(/declared twice/);
  });
});
