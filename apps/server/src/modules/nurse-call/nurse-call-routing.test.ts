import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Admission } from '@smartcare/contract/admission';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { NurseCall, NurseCallEvent } from '@smartcare/contract/nurse-call';
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
import { shiftStart } from './nurse-call.service.ts';

/**
 * Issue 10: a nurse call goes to the ward of the patient's active admission, whatever hospital
 * the app has chosen; without one it is refused; the patient cannot forge who or where; a
 * pending call can be raised; an overdue one escalates after NURSE_CALL_ESCALATE_MIN.
 */
let t: TestApp;
let seoul: number;
let busan: number;
let seoulNurse: { idx: number; loginId: string; accessToken: string };
let busanNurse: { idx: number; loginId: string; accessToken: string };
let seoulBoard: TestMqttClient;
let busanBoard: TestMqttClient;
let clients: TestMqttClient[] = [];
let seq = 0;
const call = (reason: string, extra: Record<string, unknown> = {}) => ({
  clientCallId: `r-${++seq}`,
  reason,
  ...extra,
});

async function staffOf(hospitalIdx: number, name: string) {
  const staff = await createStaff(t.app.db, { hospitalIdx, name });
  return {
    idx: staff.idx,
    loginId: staff.loginId,
    accessToken: (await loginStaff(t.baseUrl, staff)).accessToken,
  };
}

async function admit(patientIdx: number, body: Record<string, unknown> = {}) {
  const response = await api(t.baseUrl).post<Admission>(apiPaths.admission.admit, {
    token: seoulNurse.accessToken,
    body: { patientIdx, ward: '7병동', bed: '703-2', identityConfirmed: true, ...body },
  });
  expect(response.code).toBe(0);
  return response.data!;
}

/** A patient who chose Seoul, logged in and listening on `hospitalIdx`'s own topic. */
async function patient(name: string, listenOn = seoul) {
  const created = await createPatient(t.app.db, { name, choseHospitalIdx: seoul });
  const { accessToken } = await loginPatient(t.baseUrl, created);
  return {
    idx: created.idx,
    accessToken,
    async connect() {
      const client = await connectTestClient(t.baseUrl, { loginId: created.loginId, accessToken });
      clients.push(client);
      expect(await client.subscribe(topics.nurseCallingPatient(listenOn, created.idx))).toBe(true);
      return client;
    },
  };
}

beforeAll(async () => {
  t = await buildTestApp({ config: { nurseCallEscalationMin: 3 } });
  seoul = (await createHospital(t.app.db, { name: '라우팅서울' })).idx;
  busan = (await createHospital(t.app.db, { name: '라우팅부산' })).idx;
  seoulNurse = await staffOf(seoul, '서간호');
  busanNurse = await staffOf(busan, '부간호');
  seoulBoard = await connectTestClient(t.baseUrl, seoulNurse);
  busanBoard = await connectTestClient(t.baseUrl, busanNurse);
  expect(await seoulBoard.subscribe(topics.nurseCalling(seoul))).toBe(true);
  expect(await busanBoard.subscribe(topics.nurseCalling(busan))).toBe(true);
});

afterEach(async () => {
  await Promise.allSettled(clients.map((client) => client.close()));
  clients = [];
});

afterAll(async () => {
  await seoulBoard?.close();
  await busanBoard?.close();
  await t?.close();
});

const openCallsOf = async (token: string) =>
  (await api(t.baseUrl).get<NurseCall[]>(apiPaths.nurseCall.getOpenCalls, { token })).data!;

describe('routing by admission', () => {
  it("goes to the admission's ward after the app chose another hospital", async () => {
    const p = await patient('김하늘');
    await admit(p.idx);
    // "병원 변경" to Busan: the app now talks to Busan's topics.
    const changed = await api(t.baseUrl).put(apiPaths.patient.updateMyData, {
      token: p.accessToken,
      body: { choseHospitalIdx: busan },
    });
    expect(changed.code).toBe(0);
    const client = await connectTestClient(t.baseUrl, {
      loginId: (
        await t.app.db.query<{ login_id: string }>('SELECT login_id FROM patients WHERE idx = $1', [p.idx])
      ).rows[0]!.login_id,
      accessToken: p.accessToken,
    });
    clients.push(client);
    expect(await client.subscribe(topics.nurseCallingPatient(busan, p.idx))).toBe(true);
    await client.publish(topics.nurseCalling(busan), call('PAIN'));

    const onSeoul = await seoulBoard.next<NurseCallEvent>(
      topics.nurseCalling(seoul),
      (e) => e.call.patientIdx === p.idx,
    );
    expect(onSeoul.call).toMatchObject({
      hospitalIdx: seoul,
      ward: '7병동',
      bed: '703-2',
      patientName: '김하늘',
    });
    // The patient still hears it on the topic of the hospital the app has chosen.
    const own = await client.next<NurseCallEvent>(topics.nurseCallingPatient(busan, p.idx));
    expect(own.call.idx).toBe(onSeoul.call.idx);
    await t.app.broker.settled();
    expect((await openCallsOf(busanNurse.accessToken)).map((c) => c.patientIdx)).not.toContain(p.idx);
  });

  it('refuses a patient without an active admission (home care), storing nothing', async () => {
    const p = await patient('박재택');
    const client = await p.connect();
    const closed = client.closedWithin();
    client.publishAndForget(topics.nurseCalling(seoul), call('EMERGENCY'));
    expect(await closed).toBe(true);
    const { rows } = await t.app.db.query('SELECT 1 FROM nurse_calls WHERE patient_idx = $1', [p.idx]);
    expect(rows).toEqual([]);
    const mine = await api(t.baseUrl).get(apiPaths.admission.getMyAdmission, { token: p.accessToken });
    expect(mine.data).toBeNull();
  });

  it('refuses a discharged patient', async () => {
    const p = await patient('퇴원환자');
    const admission = await admit(p.idx);
    const discharged = await api(t.baseUrl).put(apiPaths.admission.discharge, {
      token: seoulNurse.accessToken,
      body: { admissionIdx: admission.idx },
    });
    expect(discharged.code).toBe(0);
    const client = await p.connect();
    const closed = client.closedWithin();
    client.publishAndForget(topics.nurseCalling(seoul), call('PAIN'));
    expect(await closed).toBe(true);
    expect((await t.app.db.query('SELECT 1 FROM nurse_calls WHERE patient_idx = $1', [p.idx])).rows).toEqual(
      [],
    );
  });

  it("cannot be forged: the name, ward and bed are the hospital's, not what the patient typed", async () => {
    const p = await patient('진짜환자');
    await admit(p.idx, { patientName: '진짜환자', ward: '5병동', bed: '501-1', identityConfirmed: false });
    // The patient renames themselves and types another ward and bed in the profile …
    await api(t.baseUrl).put(apiPaths.patient.updateMyData, {
      token: p.accessToken,
      body: { name: '김하늘', ward: '7병동', bed: '703-2' },
    });
    const client = await p.connect();
    // … and puts them into the call too.
    await client.publish(
      topics.nurseCalling(seoul),
      call('FALL', { patientName: '김하늘', ward: '7병동', bed: '703-2' }),
    );
    const { call: stored } = await seoulBoard.next<NurseCallEvent>(
      topics.nurseCalling(seoul),
      (e) => e.call.patientIdx === p.idx,
    );
    expect(stored).toMatchObject({
      patientName: '진짜환자',
      ward: '5병동',
      bed: '501-1',
      identityConfirmed: false,
    });
  });
});

describe('raising and escalating', () => {
  it('raises a pending call to 낙상 in one tap: the board re-sorts and alerts again', async () => {
    const waiting = await patient('먼저환자');
    await admit(waiting.idx, { bed: '710-1' });
    const first = await waiting.connect();
    await first.publish(topics.nurseCalling(seoul), call('PAIN'));
    const p = await patient('올린환자');
    await admit(p.idx, { bed: '710-2' });
    const client = await p.connect();
    await client.publish(topics.nurseCalling(seoul), call('WATER'));
    const { call: water } = await client.next<NurseCallEvent>(topics.nurseCallingPatient(seoul, p.idx));
    let ours = (await openCallsOf(seoulNurse.accessToken)).filter((c) =>
      [p.idx, waiting.idx].includes(c.patientIdx),
    );
    expect(ours.map((c) => c.patientIdx)).toEqual([waiting.idx, p.idx]);

    await client.publish(topics.nurseCalling(seoul), call('FALL'));
    const raised = await seoulBoard.next<NurseCallEvent>(
      topics.nurseCalling(seoul),
      (e) => e.call.idx === water.idx && e.event === 'raise',
    );
    expect(raised.call).toMatchObject({ reason: 'FALL', priority: 1, status: 'REQUESTED' });
    expect(raised.call.raisedAt).not.toBeNull();
    ours = (await openCallsOf(seoulNurse.accessToken)).filter((c) =>
      [p.idx, waiting.idx].includes(c.patientIdx),
    );
    expect(ours.map((c) => c.patientIdx)).toEqual([p.idx, waiting.idx]);

    // A less urgent tap afterwards changes nothing: no lowering, no second call.
    await client.publish(topics.nurseCalling(seoul), call('WATER'));
    await t.app.broker.settled();
    const { rows } = await t.app.db.query<{ reason: string }>(
      'SELECT reason FROM nurse_calls WHERE patient_idx = $1',
      [p.idx],
    );
    expect(rows).toEqual([{ reason: 'FALL' }]);
  });

  it('escalates after NURSE_CALL_ESCALATE_MIN minutes with its own event, once', async () => {
    const p = await patient('기다림환자');
    await admit(p.idx, { bed: '711-1' });
    const client = await p.connect();
    await client.publish(topics.nurseCalling(seoul), call('TOILET'));
    const { call: stored } = await client.next<NurseCallEvent>(topics.nurseCallingPatient(seoul, p.idx));
    // Two minutes: not yet (the server's setting here is 3).
    await t.app.db.query(
      `UPDATE nurse_calls SET requested_at = now() - interval '2 minutes' WHERE idx = $1`,
      [stored.idx],
    );
    await t.app.jobs.runNow(NURSE_CALL_ESCALATION_JOB);
    expect(
      (await t.app.db.query('SELECT escalated_at FROM nurse_calls WHERE idx = $1', [stored.idx])).rows,
    ).toEqual([{ escalated_at: null }]);
    await t.app.db.query(
      `UPDATE nurse_calls SET requested_at = now() - interval '4 minutes' WHERE idx = $1`,
      [stored.idx],
    );
    expect(await t.app.jobs.runNow(NURSE_CALL_ESCALATION_JOB)).toBeGreaterThanOrEqual(1);
    const escalated = await seoulBoard.next<NurseCallEvent>(
      topics.nurseCalling(seoul),
      (e) => e.call.idx === stored.idx && e.event === 'escalate',
    );
    expect(escalated.call.escalatedAt).not.toBeNull();
    expect(await t.app.jobs.runNow(NURSE_CALL_ESCALATION_JOB)).toBe(0);
  });

  it('keeps a short text for 기타 only, and refuses a longer one', async () => {
    const p = await patient('기타환자');
    await admit(p.idx, { bed: '712-1' });
    const client = await p.connect();
    const closed = client.closedWithin();
    client.publishAndForget(topics.nurseCalling(seoul), call('OTHER', { note: '가'.repeat(101) }));
    expect(await closed).toBe(true);
    expect((await t.app.db.query('SELECT 1 FROM nurse_calls WHERE patient_idx = $1', [p.idx])).rows).toEqual(
      [],
    );

    const again = await p.connect();
    await again.publish(topics.nurseCalling(seoul), call('OTHER', { note: '베개를 하나 더 주세요' }));
    const { call: stored } = await again.next<NurseCallEvent>(topics.nurseCallingPatient(seoul, p.idx));
    expect(stored.note).toBe('베개를 하나 더 주세요');
  });
});

describe('the board tells who and how fast', () => {
  it('shows age, sex, allergies and the note for staff, and lists the shift’s handled calls with times', async () => {
    const p = await patient('동명이인');
    await t.app.db.query(
      `UPDATE patients SET birth_date = '1950-05-01', sex = 'M', description = '왼쪽 귀가 어두워요' WHERE idx = $1`,
      [p.idx],
    );
    await api(t.baseUrl).put(apiPaths.patient.updateBodyInfo, {
      token: p.accessToken,
      body: { allergies: '페니실린' },
    });
    await admit(p.idx, { bed: '720-1' });
    const client = await p.connect();
    await client.publish(topics.nurseCalling(seoul), call('IV'));
    const { call: stored } = await client.next<NurseCallEvent>(topics.nurseCallingPatient(seoul, p.idx));
    expect(stored).toMatchObject({
      birthDate: '1950-05-01',
      sex: 'M',
      allergies: '페니실린',
      staffNote: '왼쪽 귀가 어두워요',
    });
    for (const path of [apiPaths.nurseCall.acknowledge, apiPaths.nurseCall.complete]) {
      expect(
        (await api(t.baseUrl).put(path, { token: seoulNurse.accessToken, body: { callIdx: stored.idx } }))
          .code,
      ).toBe(0);
    }
    const handled = await api(t.baseUrl).get<NurseCall[]>(apiPaths.nurseCall.getHandledCalls, {
      token: seoulNurse.accessToken,
    });
    const mine = handled.data!.find((c) => c.idx === stored.idx)!;
    expect(mine.status).toBe('DONE');
    expect(mine.acknowledgedAt).not.toBeNull();
    expect(mine.completedAt).not.toBeNull();
    // Another hospital's nurse sees none of it.
    const theirs = await api(t.baseUrl).get<NurseCall[]>(apiPaths.nurseCall.getHandledCalls, {
      token: busanNurse.accessToken,
    });
    expect(theirs.data!.map((c) => c.idx)).not.toContain(stored.idx);
  });

  it('starts shifts at 07, 15 and 23 Korean time', () => {
    // 2026-11-24 10:00 KST = 01:00 UTC → day shift since 07:00 KST (22:00 UTC the day before).
    expect(shiftStart(new Date('2026-11-24T01:00:00Z')).toISOString()).toBe('2026-11-23T22:00:00.000Z');
    // 16:30 KST → evening since 15:00 KST.
    expect(shiftStart(new Date('2026-11-24T07:30:00Z')).toISOString()).toBe('2026-11-24T06:00:00.000Z');
    // 02:00 KST on the 25th → night since 23:00 KST on the 24th.
    expect(shiftStart(new Date('2026-11-24T17:00:00Z')).toISOString()).toBe('2026-11-24T14:00:00.000Z');
    // 23:30 KST → night since 23:00 KST the same day.
    expect(shiftStart(new Date('2026-11-24T14:30:00Z')).toISOString()).toBe('2026-11-24T14:00:00.000Z');
  });
});
