import { describe, expect, it } from 'vitest';
import { topics } from '@smartcare/contract/topics';
import { createTopicAccess, type BrokerPrincipal } from '../../plugins/broker/broker-acl.ts';
import { staffDeskTopicAccess } from './staff-desk.access.ts';

/**
 * Who may subscribe and publish on `staffDesk/{hospitalIdx}` (issue 16): the hospital's
 * staff read it; nobody publishes from a client; patients see nothing of it.
 */
const access = createTopicAccess();
access.declare('staffDesk', staffDeskTopicAccess());

const nurse: BrokerPrincipal = { kind: 'staff', idx: 7, loginId: 'nurse', hospitalIdx: 100 };
const admin: BrokerPrincipal = { kind: 'staff', idx: 8, loginId: 'admin', hospitalIdx: 200 };
const patient: BrokerPrincipal = { kind: 'patient', idx: 1, loginId: 'kim' };

const matrix: [string, BrokerPrincipal, 'subscribe' | 'publish', string, boolean][] = [
  ["own hospital's staff subscribe", nurse, 'subscribe', topics.staffDesk(100), true],
  ["another hospital's staff", nurse, 'subscribe', topics.staffDesk(200), false],
  ['staff of the other hospital to theirs', admin, 'subscribe', topics.staffDesk(200), true],
  ['staff publish', nurse, 'publish', topics.staffDesk(100), false],
  ['a patient subscribes', patient, 'subscribe', topics.staffDesk(100), false],
  ['a patient publishes', patient, 'publish', topics.staffDesk(100), false],
  ['a wildcard over hospitals', nurse, 'subscribe', 'staffDesk/+', false],
  ['a multi-level wildcard', nurse, 'subscribe', 'staffDesk/#', false],
  ['a deeper level', nurse, 'subscribe', 'staffDesk/100/extra', false],
];

describe('the staff desk topic', () => {
  it.each(matrix)('%s', async (_, who, action, topic, allowed) => {
    expect(await access.isAllowed(who, action, topic)).toBe(allowed);
  });
});
