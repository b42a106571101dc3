import { describe, expect, it } from 'vitest';
import { topics } from '@smartcare/contract/topics';
import { createTopicAccess, type BrokerPrincipal } from '../../plugins/broker/broker-acl.ts';
import { homeCareAlertTopicAccess } from './vital-signs.access.ts';

/**
 * Who may subscribe and publish on `homeCareAlert/{hospitalIdx}` (issue 13): the hospital's
 * staff read it; nobody publishes from a client; patients see nothing of it.
 */
const access = createTopicAccess();
access.declare('homeCareAlert', homeCareAlertTopicAccess());

const nurse: BrokerPrincipal = { kind: 'staff', idx: 7, loginId: 'nurse', hospitalIdx: 100 };
const admin: BrokerPrincipal = { kind: 'staff', idx: 8, loginId: 'admin', hospitalIdx: 200 };
const patient: BrokerPrincipal = { kind: 'patient', idx: 1, loginId: 'kim' };

const matrix: [string, BrokerPrincipal, 'subscribe' | 'publish', string, boolean][] = [
  ["own hospital's staff subscribe", nurse, 'subscribe', topics.homeCareAlert(100), true],
  ["another hospital's staff", nurse, 'subscribe', topics.homeCareAlert(200), false],
  ['staff of the other hospital to theirs', admin, 'subscribe', topics.homeCareAlert(200), true],
  ['staff publish', nurse, 'publish', topics.homeCareAlert(100), false],
  ['a patient subscribes', patient, 'subscribe', topics.homeCareAlert(100), false],
  ['a patient publishes', patient, 'publish', topics.homeCareAlert(100), false],
  ['a wildcard over hospitals', nurse, 'subscribe', 'homeCareAlert/+', false],
  ['a multi-level wildcard', nurse, 'subscribe', 'homeCareAlert/#', false],
  ['a deeper level', nurse, 'subscribe', 'homeCareAlert/100/extra', false],
];

describe('the urgent-alert topic', () => {
  it.each(matrix)('%s', async (_, who, action, topic, allowed) => {
    expect(await access.isAllowed(who, action, topic)).toBe(allowed);
  });
});
