import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import { HANDOFF_PHRASE, type ChatRoom } from '@smartcare/contract/chat';
import type { NurseCallEvent } from '@smartcare/contract/nurse-call';
import { ResultCode } from '@smartcare/contract/result-codes';
import { topics } from '@smartcare/contract/topics';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import {
  api,
  createHospital,
  createPatient,
  createStaff,
  loginPatient,
  loginStaff,
} from '../testing/factories.ts';
import { connectTestClient, type TestMqttClient } from './broker/broker-test-client.ts';

interface Row {
  actor_type: string;
  actor_idx: number | null;
  action: string;
  patient_idx: number | null;
  detail: Record<string, unknown>;
}

/**
 * Issue 10 point 18: reads and refusals that left no trace in the audit log, or a trace
 * with no patient. Each is now recorded with the patient it concerns.
 */
describe('the audit log records who looked at or was refused which patient', () => {
  let t: TestApp;
  let hospitalIdx: number;
  let nurse: { idx: number; loginId: string; password: string; accessToken: string };
  let outsider: { idx: number; accessToken: string; loginId: string };
  const clients: TestMqttClient[] = [];
  let seq = 0;

  const entries = async (where: string, params: unknown[]) => {
    await t.app.audit.flush();
    return (
      await t.app.db.query<Row>(
        `SELECT actor_type, actor_idx, action, patient_idx, detail FROM audit_log WHERE ${where} ORDER BY idx`,
        params as never[],
      )
    ).rows;
  };

  /** A patient of the hospital, logged in and connected to the broker. */
  async function bedPatient(name: string) {
    const created = await createPatient(t.app.db, {
      name,
      choseHospitalIdx: hospitalIdx,
      ward: '7병동',
      bed: '701-1',
    });
    // Nurse calls go to the ward of an active admission (decision 010).
    await t.app.db.query(
      `INSERT INTO admissions (patient_idx, hospital_idx, patient_name, ward, bed, identity_confirmed_at, admitted_by_idx)
       VALUES ($1, $2, $3, '7병동', '701-1', now(), $4)`,
      [created.idx, hospitalIdx, name, nurse.idx],
    );
    const { accessToken } = await loginPatient(t.baseUrl, created);
    const client = await connectTestClient(t.baseUrl, { loginId: created.loginId, accessToken });
    clients.push(client);
    return { idx: created.idx, accessToken, client };
  }

  /** The patient's first chat message (asking for staff, so the room is in the inbox) creates their room; returns its idx. */
  async function roomOf(patient: Awaited<ReturnType<typeof bedPatient>>) {
    await patient.client.subscribe(topics.chatRoomAll(-patient.idx));
    await patient.client.publish(topics.chatRoomEvent(-patient.idx, 'message'), {
      clientMsgId: `a-${++seq}`,
      content: HANDOFF_PHRASE,
    });
    const { room } = await patient.client.next<{ room: ChatRoom }>(
      topics.chatRoomEvent(-patient.idx, 'create'),
    );
    return room.idx!;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    hospitalIdx = (await createHospital(t.app.db)).idx;
    const staff = await createStaff(t.app.db, { hospitalIdx });
    nurse = { ...staff, accessToken: (await loginStaff(t.baseUrl, staff)).accessToken };
    const other = await createStaff(t.app.db);
    outsider = { ...other, accessToken: (await loginStaff(t.baseUrl, other)).accessToken };
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((client) => client.close()));
    await t.close();
  });

  it('staff logins, and wrong passwords for a staff id', async () => {
    const staff = await createStaff(t.app.db, { hospitalIdx });
    await api(t.baseUrl).post(apiPaths.staff.login, {
      body: { loginId: staff.loginId, password: 'wrong-Pass1!' },
    });
    await loginStaff(t.baseUrl, staff);
    const rows = await entries(
      `action IN ('staff.login', 'staff.loginFailed') AND (actor_idx = $1 OR detail->>'staffIdx' = $2)`,
      [staff.idx, String(staff.idx)],
    );
    expect(rows).toEqual([
      expect.objectContaining({
        actor_type: 'system',
        action: 'staff.loginFailed',
        detail: { staffIdx: staff.idx },
      }),
      expect.objectContaining({ actor_type: 'staff', actor_idx: staff.idx, action: 'staff.login' }),
    ]);
  });

  it('a staff member reading the ward board, once per patient on it', async () => {
    const patient = await bedPatient('보드환자');
    await patient.client.subscribe(topics.nurseCallingPatient(hospitalIdx, patient.idx));
    await patient.client.publish(topics.nurseCalling(hospitalIdx), {
      clientCallId: `c-${++seq}`,
      reason: 'WATER',
    });
    const { call } = await patient.client.next<NurseCallEvent>(
      topics.nurseCallingPatient(hospitalIdx, patient.idx),
    );
    const board = await api(t.baseUrl).get(apiPaths.nurseCall.getOpenCalls, { token: nurse.accessToken });
    expect(board.code).toBe(ResultCode.SUCCESS);
    expect(await entries(`action = 'nurseCall.board.read' AND patient_idx = $1`, [patient.idx])).toEqual([
      expect.objectContaining({
        actor_type: 'staff',
        actor_idx: nurse.idx,
        detail: { hospitalIdx, callIdxs: [call.idx] },
      }),
    ]);
  });

  it('inbox reads, with each listed patient instead of none', async () => {
    const patient = await bedPatient('인박스환자');
    const roomIdx = await roomOf(patient);
    // The hand-over to staff (WAIT, so the room is in the inbox) follows the stored message.
    await t.app.broker.settled();
    await api(t.baseUrl).get(apiPaths.chat.rooms, { token: nurse.accessToken });
    expect(
      await entries(`action = 'chat.inbox.read' AND actor_idx = $1 AND patient_idx IS NULL`, [nurse.idx]),
    ).toEqual([]);
    expect(await entries(`action = 'chat.inbox.read' AND patient_idx = $1`, [patient.idx])).toEqual([
      expect.objectContaining({ actor_idx: nurse.idx, detail: { hospitalIdx, roomIdxs: [roomIdx] } }),
    ]);
  });

  it('a staff member subscribing to a patient’s chat room', async () => {
    const patient = await bedPatient('구독환자');
    const roomIdx = await roomOf(patient);
    const staffClient = await connectTestClient(t.baseUrl, nurse);
    clients.push(staffClient);
    expect(await staffClient.subscribe(topics.chatRoomAll(roomIdx))).toBe(true);
    expect(await entries(`action = 'chat.room.subscribe' AND patient_idx = $1`, [patient.idx])).toEqual([
      expect.objectContaining({
        actor_type: 'staff',
        actor_idx: nurse.idx,
        detail: { channel: 'mqtt', action: 'subscribe', topic: topics.chatRoomAll(roomIdx) },
      }),
    ]);
  });

  it('another hospital’s staff acting on a nurse call, answered NOT_FOUND, is audited with its patient', async () => {
    const patient = await bedPatient('호출거절환자');
    await patient.client.subscribe(topics.nurseCallingPatient(hospitalIdx, patient.idx));
    await patient.client.publish(topics.nurseCalling(hospitalIdx), {
      clientCallId: `c-${++seq}`,
      reason: 'PAIN',
    });
    const { call } = await patient.client.next<NurseCallEvent>(
      topics.nurseCallingPatient(hospitalIdx, patient.idx),
    );
    const refused = await api(t.baseUrl).put(apiPaths.nurseCall.acknowledge, {
      token: outsider.accessToken,
      body: { callIdx: call.idx },
    });
    expect(refused.code).toBe(ResultCode.NOT_FOUND);
    expect(await entries(`action = 'access.refused' AND patient_idx = $1`, [patient.idx])).toEqual([
      expect.objectContaining({
        actor_type: 'staff',
        actor_idx: outsider.idx,
        detail: { channel: 'rest', method: 'PUT', path: '/medical2/app/api/nurseCall/acknowledge' },
      }),
    ]);
  });

  it('refused access, over REST and over the broker, with the patient it was about', async () => {
    const patient = await bedPatient('거절환자');
    const roomIdx = await roomOf(patient);
    // Another hospital's staff member asks for the conversation …
    const refused = await api(t.baseUrl).get(apiPaths.chat.messages, {
      token: outsider.accessToken,
      query: { roomIdx, hospitalIdx },
    });
    expect(refused.code).toBe(ResultCode.FORBIDDEN);
    // … and tries to listen in; another patient tries too.
    const outsiderClient = await connectTestClient(t.baseUrl, outsider);
    clients.push(outsiderClient);
    expect(await outsiderClient.subscribe(topics.chatRoomAll(roomIdx))).toBe(false);
    const snoop = await bedPatient('엿보는환자');
    expect(await snoop.client.subscribe(topics.chatRoomAll(roomIdx))).toBe(false);

    const rows = await entries(`action = 'access.refused' AND patient_idx = $1`, [patient.idx]);
    expect(rows).toEqual([
      expect.objectContaining({
        actor_type: 'staff',
        actor_idx: outsider.idx,
        detail: { channel: 'rest', method: 'GET', path: '/medical2/app/api/chat/messages' },
      }),
      expect.objectContaining({
        actor_type: 'staff',
        actor_idx: outsider.idx,
        detail: { channel: 'mqtt', action: 'subscribe', topic: topics.chatRoomAll(roomIdx) },
      }),
      expect.objectContaining({
        actor_type: 'patient',
        actor_idx: snoop.idx,
        detail: { channel: 'mqtt', action: 'subscribe', topic: topics.chatRoomAll(roomIdx) },
      }),
    ]);
  });
});
