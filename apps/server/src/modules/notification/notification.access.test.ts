import { describe, expect, it } from 'vitest';
import { createTopicAccess, type BrokerPrincipal } from '../../plugins/broker/broker-acl.ts';
import { notificationTopicAccess } from './notification.access.ts';

const access = createTopicAccess();
access.declare('notificationPatient', notificationTopicAccess);
const kim: BrokerPrincipal = { kind: 'patient', idx: 1, loginId: 'kim' };
const nurse: BrokerPrincipal = { kind: 'staff', idx: 7, loginId: 'nurse', hospitalIdx: 100 };
const may = (who: BrokerPrincipal, action: 'subscribe' | 'publish', topic: string) =>
  access.isAllowed(who, action, topic);

describe('the in-app notice topic', () => {
  it('is read by its own patient only, and written by nobody but the server', async () => {
    expect(await may(kim, 'subscribe', 'notification/patient/1')).toBe(true);
    expect(await may(kim, 'subscribe', 'notification/patient/2')).toBe(false);
    expect(await may(kim, 'publish', 'notification/patient/1')).toBe(false);
    expect(await may(nurse, 'subscribe', 'notification/patient/1')).toBe(false);
    expect(await may(nurse, 'publish', 'notification/patient/1')).toBe(false);
  });

  it('gives nothing through wildcards', async () => {
    for (const topic of ['notification/patient/+', 'notification/#', '+/patient/1']) {
      expect(await may(kim, 'subscribe', topic)).toBe(false);
    }
  });
});
