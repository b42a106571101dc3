import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { ChatMessage, ChatRoom } from '@smartcare/contract/chat';
import type { NurseCallEvent } from '@smartcare/contract/nurse-call';
import { ResultCode } from '@smartcare/contract/result-codes';
import { topics } from '@smartcare/contract/topics';
import { connectTestClient } from '../../plugins/broker/broker-test-client.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import {
  api,
  createHospital,
  createPatient,
  createStaff,
  loginPatient,
  loginStaff,
} from '../../testing/factories.ts';

/**
 * Deleting an account reaches the real-time features (PIPA Art. 21, the app's deletion page):
 * the consultation chats go; nurse calls stay as the ward's record, without name or words.
 */
describe('account deletion and the real-time records', () => {
  let t: TestApp;
  let hospitalIdx: number;
  beforeAll(async () => {
    t = await buildTestApp();
    hospitalIdx = (await createHospital(t.app.db, { name: '삭제병원' })).idx;
  });
  afterAll(() => t.close());

  /** A patient who chatted (the bot answered) and called a nurse with a note, over real MQTT. */
  async function patientWhoChattedAndCalled() {
    const created = await createPatient(t.app.db, { name: '지울환자', choseHospitalIdx: hospitalIdx });
    // Calls need an admission (issue 10): staff register the bed.
    const admitting = await createStaff(t.app.db, { hospitalIdx });
    const admitted = await api(t.baseUrl).post(apiPaths.admission.admit, {
      token: (await loginStaff(t.baseUrl, admitting)).accessToken,
      body: { patientIdx: created.idx, ward: '5병동', bed: '501-1', identityConfirmed: true },
    });
    expect(admitted.code).toBe(0);
    const { accessToken } = await loginPatient(t.baseUrl, created);
    const client = await connectTestClient(t.baseUrl, { loginId: created.loginId, accessToken });
    try {
      const provisional = -created.idx;
      await client.subscribe(topics.chatRoomAll(provisional));
      await client.publish(topics.chatRoomEvent(provisional, 'message'), {
        clientMsgId: 'erase-1',
        content: '면회 시간이 언제인가요?',
      });
      const { room } = await client.next<{ room: ChatRoom }>(topics.chatRoomEvent(provisional, 'create'));
      await client.next<ChatMessage>(topics.chatRoomEvent(room.idx!, 'message'));

      await client.subscribe(topics.nurseCallingPatient(hospitalIdx, created.idx));
      await client.publish(topics.nurseCalling(hospitalIdx), {
        clientCallId: 'erase-call-1',
        reason: 'OTHER',
        note: '허리가 아파요',
      });
      await client.next<NurseCallEvent>(topics.nurseCallingPatient(hospitalIdx, created.idx));
    } finally {
      await client.close();
    }
    return { ...created, accessToken };
  }

  const count = async (sql: string, idx: number) => (await t.app.db.one<{ n: number }>(sql, [idx])).n;

  it('erases the chats and strips name and note from nurse calls, keeping the calls', async () => {
    const patient = await patientWhoChattedAndCalled();
    const bystander = await patientWhoChattedAndCalled();
    expect(await count('SELECT count(*)::int AS n FROM chat_rooms WHERE patient_idx = $1', patient.idx)).toBe(
      1,
    );
    expect(
      await count(
        `SELECT count(*)::int AS n FROM chat_messages m JOIN chat_rooms r ON r.idx = m.room_idx
          WHERE r.patient_idx = $1`,
        patient.idx,
      ),
    ).toBeGreaterThanOrEqual(1);

    const deleted = await api(t.baseUrl).delete(apiPaths.patient.delete, {
      token: patient.accessToken,
      body: { password: patient.password },
    });
    expect(deleted.code).toBe(ResultCode.SUCCESS);

    expect(await count('SELECT count(*)::int AS n FROM chat_rooms WHERE patient_idx = $1', patient.idx)).toBe(
      0,
    );
    expect(
      await count(
        `SELECT count(*)::int AS n FROM chat_messages WHERE person_type = 'PATIENT' AND sender_idx = $1`,
        patient.idx,
      ),
    ).toBe(0);
    const calls = await t.app.db.query<{ patient_name: string; note: string; reason: string; bed: string }>(
      'SELECT patient_name, note, reason, bed FROM nurse_calls WHERE patient_idx = $1',
      [patient.idx],
    );
    expect(calls.rows).toEqual([{ patient_name: '', note: '', reason: 'OTHER', bed: '501-1' }]);
    // The admission stays as the hospital's record, without the name (issue 10).
    const stays = await t.app.db.query('SELECT patient_name, bed FROM admissions WHERE patient_idx = $1', [
      patient.idx,
    ]);
    expect(stays.rows).toEqual([{ patient_name: '', bed: '501-1' }]);

    // Another patient's records are untouched.
    expect(
      await count('SELECT count(*)::int AS n FROM chat_rooms WHERE patient_idx = $1', bystander.idx),
    ).toBe(1);
    const kept = await t.app.db.one<{ patient_name: string; note: string }>(
      'SELECT patient_name, note FROM nurse_calls WHERE patient_idx = $1',
      [bystander.idx],
    );
    expect(kept).toEqual({ patient_name: '지울환자', note: '허리가 아파요' });
  });

  it("leaves nothing to write into: staff who had the deleted patient's room open are refused there", async () => {
    const patient = await patientWhoChattedAndCalled();
    const { rows } = await t.app.db.query<{ idx: number }>(
      'SELECT idx FROM chat_rooms WHERE patient_idx = $1',
      [patient.idx],
    );
    const roomIdx = rows[0]!.idx;
    const staff = await createStaff(t.app.db, { hospitalIdx });
    const desk = await connectTestClient(t.baseUrl, {
      loginId: staff.loginId,
      accessToken: (await loginStaff(t.baseUrl, staff)).accessToken,
    });
    try {
      // The broker has looked this room up (and may remember its owner) before the deletion.
      expect(await desk.subscribe(topics.chatRoomAll(roomIdx))).toBe(true);
      const deleted = await api(t.baseUrl).delete(apiPaths.patient.delete, {
        token: patient.accessToken,
        body: { password: patient.password },
      });
      expect(deleted.code).toBe(ResultCode.SUCCESS);

      const closed = desk.closedWithin();
      desk.publishAndForget(topics.chatRoomEvent(roomIdx, 'message'), {
        clientMsgId: 'after-erasure',
        content: '삭제 후 답장',
      });
      expect(await closed).toBe(true);
      await t.app.broker.settled();
      expect(await count('SELECT count(*)::int AS n FROM chat_messages WHERE room_idx = $1', roomIdx)).toBe(
        0,
      );
      expect(desk.received.filter((m) => m.topic.startsWith(`chat/${roomIdx}/`))).toEqual([]);
    } finally {
      await desk.close();
    }
  });
});
