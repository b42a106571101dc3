import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { NurseCall, NurseCallEvent } from '@smartcare/contract/nurse-call';
import { ResultCode } from '@smartcare/contract/result-codes';
import { topics } from '@smartcare/contract/topics';
import { connectTestClient, type TestMqttClient } from '../../plugins/broker/broker-test-client.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import {
  api,
  createHospital,
  createPatient,
  createStaff,
  loginPatient,
  loginStaff,
} from '../../testing/factories.ts';
import { NURSE_CALL_ESCALATION_JOB } from './nurse-call.jobs.ts';

/**
 * A patient calls a nurse from the bed (issue 4): the call is stored with ward and bed from
 * the profile and reaches the ward board; acknowledging and completing reach the patient at once.
 */
let t: TestApp;
let hospitalIdx: number;
let otherHospitalIdx: number;
let nurse: { idx: number; loginId: string; accessToken: string };
let board: TestMqttClient;
let clients: TestMqttClient[] = [];

async function bedPatient(name = '최환자', ward = '7병동', bed = '712-2') {
  const created = await createPatient(t.app.db, { name, choseHospitalIdx: hospitalIdx });
  // Staff admit the patient (issue 10): the call takes ward, bed and name from the admission.
  const admitted = await api(t.baseUrl).post(apiPaths.admission.admit, {
    token: nurse.accessToken,
    body: { patientIdx: created.idx, ward, bed, identityConfirmed: true },
  });
  expect(admitted.code).toBe(0);
  const { accessToken } = await loginPatient(t.baseUrl, created);
  const client = await connectTestClient(t.baseUrl, { loginId: created.loginId, accessToken });
  clients.push(client);
  expect(await client.subscribe(topics.nurseCallingPatient(hospitalIdx, created.idx))).toBe(true);
  return { idx: created.idx, accessToken, client };
}

let callSeq = 0;
const request = (reason: string) => ({ clientCallId: `call-${++callSeq}`, reason });

beforeAll(async () => {
  t = await buildTestApp();
  hospitalIdx = (await createHospital(t.app.db, { name: '호출병원' })).idx;
  otherHospitalIdx = (await createHospital(t.app.db, { name: '옆병원' })).idx;
  const staff = await createStaff(t.app.db, { hospitalIdx, name: '정간호' });
  nurse = {
    idx: staff.idx,
    loginId: staff.loginId,
    accessToken: (await loginStaff(t.baseUrl, staff)).accessToken,
  };
  board = await connectTestClient(t.baseUrl, nurse);
  expect(await board.subscribe(topics.nurseCalling(hospitalIdx))).toBe(true);
});

afterEach(async () => {
  await Promise.allSettled(clients.map((client) => client.close()));
  clients = [];
});

afterAll(async () => {
  await board?.close();
  await t?.close();
});

describe('a nurse call', () => {
  it('reaches the ward board with ward, bed, name and priority; the patient hears it too', async () => {
    const patient = await bedPatient();
    await patient.client.publish(topics.nurseCalling(hospitalIdx), request('PAIN'));
    const onBoard = await board.next<NurseCallEvent>(
      topics.nurseCalling(hospitalIdx),
      (e) => e.call.patientIdx === patient.idx,
    );
    expect(onBoard).toMatchObject({
      event: 'request',
      call: {
        patientName: '최환자',
        ward: '7병동',
        bed: '712-2',
        reason: 'PAIN',
        priority: 2,
        status: 'REQUESTED',
      },
    });
    const own = await patient.client.next<NurseCallEvent>(
      topics.nurseCallingPatient(hospitalIdx, patient.idx),
    );
    expect(own.call.idx).toBe(onBoard.call.idx);
  });

  it('is acknowledged and completed by staff, and each step reaches both sides at once', async () => {
    const patient = await bedPatient();
    await patient.client.publish(topics.nurseCalling(hospitalIdx), request('TOILET'));
    const { call } = await board.next<NurseCallEvent>(
      topics.nurseCalling(hospitalIdx),
      (e) => e.call.patientIdx === patient.idx,
    );

    const ack = await api(t.baseUrl).put<NurseCall>(apiPaths.nurseCall.acknowledge, {
      token: nurse.accessToken,
      body: { callIdx: call.idx },
    });
    expect(ack.data).toMatchObject({
      status: 'ACKNOWLEDGED',
      acknowledgedByIdx: nurse.idx,
      acknowledgedByName: '정간호',
    });
    await patient.client.next<NurseCallEvent>(
      topics.nurseCallingPatient(hospitalIdx, patient.idx),
      (e) => e.call.status === 'ACKNOWLEDGED',
    );
    await board.next<NurseCallEvent>(
      topics.nurseCalling(hospitalIdx),
      (e) => e.call.idx === call.idx && e.call.status === 'ACKNOWLEDGED',
    );

    const done = await api(t.baseUrl).put<NurseCall>(apiPaths.nurseCall.complete, {
      token: nurse.accessToken,
      body: { callIdx: call.idx },
    });
    expect(done.data!.status).toBe('DONE');
    await patient.client.next<NurseCallEvent>(
      topics.nurseCallingPatient(hospitalIdx, patient.idx),
      (e) => e.call.status === 'DONE',
    );
    await board.next<NurseCallEvent>(
      topics.nurseCalling(hospitalIdx),
      (e) => e.call.idx === call.idx && e.call.status === 'DONE',
    );

    // A finished call cannot be finished again.
    const again = await api(t.baseUrl).put(apiPaths.nurseCall.complete, {
      token: nurse.accessToken,
      body: { callIdx: call.idx },
    });
    expect(again.code).toBe(ResultCode.NURSE_CALL_NOT_OPEN);
  });

  it('is not duplicated by a second tap while it is open: the same call comes back', async () => {
    const patient = await bedPatient();
    await patient.client.publish(topics.nurseCalling(hospitalIdx), request('WATER'));
    await patient.client.publish(topics.nurseCalling(hospitalIdx), request('WATER'));
    await t.app.broker.settled();
    const events = patient.client.received.map((m) => m.payload as NurseCallEvent);
    expect(events.map((e) => e.event)).toEqual(['request', 'update']);
    expect(new Set(events.map((e) => e.call.idx)).size).toBe(1);
    const mine = await api(t.baseUrl).get<NurseCall[]>(apiPaths.nurseCall.getMyCalls, {
      token: patient.accessToken,
    });
    expect(mine.data).toHaveLength(1);
  });

  it('can be cancelled by the patient, and then a new call is possible', async () => {
    const patient = await bedPatient();
    await patient.client.publish(topics.nurseCalling(hospitalIdx), request('OTHER'));
    const { call } = await patient.client.next<NurseCallEvent>(
      topics.nurseCallingPatient(hospitalIdx, patient.idx),
    );
    const cancelled = await api(t.baseUrl).put<NurseCall>(apiPaths.nurseCall.cancel, {
      token: patient.accessToken,
      body: { callIdx: call.idx },
    });
    expect(cancelled.data!.status).toBe('CANCELLED');
    await board.next<NurseCallEvent>(
      topics.nurseCalling(hospitalIdx),
      (e) => e.call.idx === call.idx && e.call.status === 'CANCELLED',
    );
    await patient.client.publish(topics.nurseCalling(hospitalIdx), request('IV'));
    const next = await patient.client.next<NurseCallEvent>(
      topics.nurseCallingPatient(hospitalIdx, patient.idx),
      (e) => e.call.idx !== call.idx,
    );
    expect(next.event).toBe('request');
  });
});

describe('the ward board', () => {
  it('lists open calls by priority, then the longest waiting first', async () => {
    const first = await bedPatient('물환자');
    await first.client.publish(topics.nurseCalling(hospitalIdx), request('WATER'));
    await t.app.broker.settled();
    const second = await bedPatient('낙상환자');
    await second.client.publish(topics.nurseCalling(hospitalIdx), request('FALL'));
    await t.app.broker.settled();
    const third = await bedPatient('통증환자');
    await third.client.publish(topics.nurseCalling(hospitalIdx), request('PAIN'));
    await t.app.broker.settled();

    const open = await api(t.baseUrl).get<NurseCall[]>(apiPaths.nurseCall.getOpenCalls, {
      token: nurse.accessToken,
    });
    const ours = open.data!.filter((call) => [first.idx, second.idx, third.idx].includes(call.patientIdx));
    expect(ours.map((call) => call.patientName)).toEqual(['낙상환자', '통증환자', '물환자']);
    const priorities = open.data!.map((call) => call.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
    // The board tells who it is (issue 10 point 5): number, identity mark, record details.
    expect(ours[0]).toMatchObject({
      patientIdx: second.idx,
      identityConfirmed: true,
      ward: '7병동',
      bed: '712-2',
    });
  });

  it("belongs to the hospital: another hospital's nurse can neither see nor act on its calls", async () => {
    const patient = await bedPatient();
    await patient.client.publish(topics.nurseCalling(hospitalIdx), request('PAIN'));
    const { call } = await patient.client.next<NurseCallEvent>(
      topics.nurseCallingPatient(hospitalIdx, patient.idx),
    );
    const outsider = await createStaff(t.app.db, { hospitalIdx: otherHospitalIdx });
    const token = (await loginStaff(t.baseUrl, outsider)).accessToken;
    const theirs = await api(t.baseUrl).get<NurseCall[]>(apiPaths.nurseCall.getOpenCalls, { token });
    expect(theirs.data!.map((c) => c.idx)).not.toContain(call.idx);
    expect(
      (await api(t.baseUrl).put(apiPaths.nurseCall.acknowledge, { token, body: { callIdx: call.idx } })).code,
    ).toBe(ResultCode.NOT_FOUND);
    // Nor can another patient cancel it.
    const other = await bedPatient('다른환자');
    expect(
      (
        await api(t.baseUrl).put(apiPaths.nurseCall.cancel, {
          token: other.accessToken,
          body: { callIdx: call.idx },
        })
      ).code,
    ).toBe(ResultCode.NOT_FOUND);
  });

  it('escalates a call nobody acknowledged within the hospital’s minutes, once', async () => {
    const patient = await bedPatient('기다린환자');
    await patient.client.publish(topics.nurseCalling(hospitalIdx), request('PAIN'));
    const { call } = await patient.client.next<NurseCallEvent>(
      topics.nurseCallingPatient(hospitalIdx, patient.idx),
    );
    expect(await t.app.jobs.runNow(NURSE_CALL_ESCALATION_JOB)).toBe(0);
    // Ten minutes pass (the hospital's escalation time is 5 minutes).
    await t.app.db.query(
      `UPDATE nurse_calls SET requested_at = requested_at - interval '10 minutes' WHERE idx = $1`,
      [call.idx],
    );
    expect(await t.app.jobs.runNow(NURSE_CALL_ESCALATION_JOB)).toBeGreaterThanOrEqual(1);
    const escalated = await board.next<NurseCallEvent>(
      topics.nurseCalling(hospitalIdx),
      (e) => e.call.idx === call.idx && e.call.escalatedAt !== null,
    );
    // Its own event: the board plays the louder escalation alert (issue 10).
    expect(escalated.event).toBe('escalate');
    await patient.client.next<NurseCallEvent>(
      topics.nurseCallingPatient(hospitalIdx, patient.idx),
      (e) => e.call.escalatedAt !== null,
    );
    expect(await t.app.jobs.runNow(NURSE_CALL_ESCALATION_JOB)).toBe(0);
  });

  it('refuses a malformed call without storing it', async () => {
    const patient = await bedPatient();
    const closed = patient.client.closedWithin();
    patient.client.publishAndForget(topics.nurseCalling(hospitalIdx), {
      clientCallId: 'bad',
      reason: 'PIZZA',
    });
    expect(await closed).toBe(true);
    const { rows } = await t.app.db.query('SELECT 1 FROM nurse_calls WHERE patient_idx = $1', [patient.idx]);
    expect(rows).toEqual([]);
  });
});
