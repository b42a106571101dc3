import { describe, expect, it } from 'vitest';
import { createTopicAccess, type BrokerPrincipal } from '../../plugins/broker/broker-acl.ts';
import { nurseCallTopicAccess } from './nurse-call.access.ts';

/**
 * The nurse-call topics' rules on their own (moved from the broker's ACL matrix, issue 11),
 * with storage replaced by a map. The broker tests prove the same rules over real MQTT.
 */
const chosen = new Map([
  [1, 100],
  [2, 100],
]);
const access = createTopicAccess();
const calls = nurseCallTopicAccess({ chosenHospital: async (idx) => chosen.get(idx) ?? null });
access.declare('nurseCalling', calls.nurseCalling);
access.declare('nurseCallingPatient', calls.nurseCallingPatient);
const kim: BrokerPrincipal = { kind: 'patient', idx: 1, loginId: 'kim' };
const nurse: BrokerPrincipal = { kind: 'staff', idx: 7, loginId: 'nurse', hospitalIdx: 100 };

const may = (who: BrokerPrincipal, action: 'subscribe' | 'publish', topic: string) =>
  access.isAllowed(who, action, topic);

describe('a patient', () => {
  it('posts nurse calls to the chosen hospital only and never reads the ward board', async () => {
    expect(await may(kim, 'publish', 'nurseCalling/100')).toBe(true);
    expect(await may(kim, 'publish', 'nurseCalling/200')).toBe(false);
    expect(await may(kim, 'subscribe', 'nurseCalling/100')).toBe(false);
    expect(await may(kim, 'subscribe', 'nurseCalling/100/patient/1')).toBe(true);
    expect(await may(kim, 'subscribe', 'nurseCalling/100/patient/2')).toBe(false);
  });

  it('gets nothing through wildcards', async () => {
    for (const topic of ['nurseCalling/+', 'nurseCalling/#', '+/10/#']) {
      expect(await may(kim, 'subscribe', topic)).toBe(false);
    }
  });
});

describe('a staff member', () => {
  it("reads their own hospital's board only and leaves it to the server", async () => {
    expect(await may(nurse, 'subscribe', 'nurseCalling/100')).toBe(true);
    expect(await may(nurse, 'subscribe', 'nurseCalling/200')).toBe(false);
    expect(await may(nurse, 'publish', 'nurseCalling/100')).toBe(false);
    expect(await may(nurse, 'subscribe', 'nurseCalling/100/patient/1')).toBe(false);
  });
});

describe('what the audit log learns of a nurse-call topic', () => {
  it("names the patient of a patient's call topic", async () => {
    expect(await access.factsOf('nurseCalling/100/patient/9').patientOf()).toBe(9);
    expect(await access.factsOf('nurseCalling/100').patientOf()).toBeNull();
  });
});
