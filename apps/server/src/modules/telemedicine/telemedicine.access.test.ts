import { describe, expect, it } from 'vitest';
import type { TelemedicineVisitStatus } from '@smartcare/contract/telemedicine';
import { createTopicAccess, type BrokerPrincipal } from '../../plugins/broker/broker-acl.ts';
import { telemedicineTopicAccess } from './telemedicine.access.ts';
import type { VisitParties } from './telemedicine.repository.ts';

/**
 * The telemedicine topics' rules on their own, storage replaced by a map (the real broker proves
 * the same over MQTT in telemedicine-signal.test.ts). Visit 5: patient 1 with clinician 7 of
 * hospital 100.
 */
const visits = new Map<number, VisitParties>();
const setVisit = (status: TelemedicineVisitStatus) =>
  visits.set(5, { patientIdx: 1, staffIdx: 7, hospitalIdx: 100, status });
const access = createTopicAccess();
const declared = telemedicineTopicAccess({ parties: async (idx) => visits.get(idx) ?? null });
access.declare('telemedicineSignal', declared.telemedicineSignal);
access.declare('telemedicineVisit', declared.telemedicineVisit);
access.declare('telemedicineQueue', declared.telemedicineQueue);

const patient: BrokerPrincipal = { kind: 'patient', idx: 1, loginId: 'kim' };
const otherPatient: BrokerPrincipal = { kind: 'patient', idx: 2, loginId: 'lee' };
const clinician: BrokerPrincipal = { kind: 'staff', idx: 7, loginId: 'doc', hospitalIdx: 100 };
const otherClinician: BrokerPrincipal = { kind: 'staff', idx: 8, loginId: 'doc2', hospitalIdx: 100 };
// Same staff number in another hospital's token must not pass either.
const otherHospital: BrokerPrincipal = { kind: 'staff', idx: 7, loginId: 'doc3', hospitalIdx: 200 };

const may = (who: BrokerPrincipal, action: 'subscribe' | 'publish', topic: string) =>
  access.isAllowed(who, action, topic);
const PATIENT_SIDE = 'telemedicine/5/signal/patient';
const STAFF_SIDE = 'telemedicine/5/signal/staff';

describe('the signalling topics', () => {
  it.each(['WAITING', 'IN_CALL'] as const)(
    'let the patient and the clinician of a %s visit each write their side and read the other',
    async (status) => {
      setVisit(status);
      expect(await may(patient, 'publish', PATIENT_SIDE)).toBe(true);
      expect(await may(patient, 'subscribe', STAFF_SIDE)).toBe(true);
      expect(await may(clinician, 'publish', STAFF_SIDE)).toBe(true);
      expect(await may(clinician, 'subscribe', PATIENT_SIDE)).toBe(true);
      // never the other way round: no one writes as the other side or reads their own echo
      expect(await may(patient, 'publish', STAFF_SIDE)).toBe(false);
      expect(await may(patient, 'subscribe', PATIENT_SIDE)).toBe(false);
      expect(await may(clinician, 'publish', PATIENT_SIDE)).toBe(false);
      expect(await may(clinician, 'subscribe', STAFF_SIDE)).toBe(false);
    },
  );

  it('refuse another patient, another clinician of the hospital and another hospital, both ways', async () => {
    setVisit('IN_CALL');
    for (const [who, own, other] of [
      [otherPatient, PATIENT_SIDE, STAFF_SIDE],
      [otherClinician, STAFF_SIDE, PATIENT_SIDE],
      [otherHospital, STAFF_SIDE, PATIENT_SIDE],
    ] as const) {
      expect(await may(who, 'publish', own), who.loginId).toBe(false);
      expect(await may(who, 'subscribe', other), who.loginId).toBe(false);
    }
  });

  it.each(['BOOKED', 'COMPLETE', 'CANCELLED', 'NO_SHOW'] as const)(
    'refuse everyone while the visit is %s',
    async (status) => {
      setVisit(status);
      expect(await may(patient, 'publish', PATIENT_SIDE)).toBe(false);
      expect(await may(patient, 'subscribe', STAFF_SIDE)).toBe(false);
      expect(await may(clinician, 'publish', STAFF_SIDE)).toBe(false);
      expect(await may(clinician, 'subscribe', PATIENT_SIDE)).toBe(false);
    },
  );

  it('refuse a visit that does not exist and every wildcard', async () => {
    setVisit('IN_CALL');
    expect(await may(patient, 'subscribe', 'telemedicine/6/signal/staff')).toBe(false);
    for (const topic of ['telemedicine/5/signal/+', 'telemedicine/5/#', 'telemedicine/+/signal/staff', '#']) {
      expect(await may(clinician, 'subscribe', topic), topic).toBe(false);
      expect(await may(patient, 'subscribe', topic), topic).toBe(false);
    }
  });
});

describe('the status and queue topics', () => {
  it("are read by the visit's patient and the hospital's staff, written by no client", async () => {
    setVisit('BOOKED');
    expect(await may(patient, 'subscribe', 'telemedicine/5/status')).toBe(true);
    expect(await may(otherPatient, 'subscribe', 'telemedicine/5/status')).toBe(false);
    expect(await may(otherClinician, 'subscribe', 'telemedicine/5/status')).toBe(true);
    expect(await may(otherHospital, 'subscribe', 'telemedicine/5/status')).toBe(false);
    expect(await may(patient, 'publish', 'telemedicine/5/status')).toBe(false);
    expect(await may(clinician, 'publish', 'telemedicine/5/status')).toBe(false);

    expect(await may(clinician, 'subscribe', 'telemedicineQueue/100')).toBe(true);
    expect(await may(otherHospital, 'subscribe', 'telemedicineQueue/100')).toBe(false);
    expect(await may(patient, 'subscribe', 'telemedicineQueue/100')).toBe(false);
    expect(await may(clinician, 'publish', 'telemedicineQueue/100')).toBe(false);
  });

  it("name the visit's patient for the audit log", async () => {
    setVisit('WAITING');
    expect(await access.factsOf(STAFF_SIDE).patientOf()).toBe(1);
    expect(await access.factsOf('telemedicine/5/status').patientOf()).toBe(1);
    expect(await access.factsOf('telemedicineQueue/100').patientOf()).toBeNull();
  });
});
