import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '@smartcare/contract/result-codes';
import { PUBLISH_REFUSED_TOPIC, topics, type PublishRefusal } from '@smartcare/contract/topics';
import type { ChatRoom } from '@smartcare/contract/chat';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { createHospital, createPatient, createStaff, loginPatient } from '../../testing/factories.ts';
import { connectTestClient, type TestMqttClient } from './broker-test-client.ts';

/**
 * Issue 10 point 12: chat messages and nurse calls beyond a connection's or a person's rate
 * are dropped (nothing stored), the connection stays, and it is told on PUBLISH_REFUSED_TOPIC.
 */
let t: TestApp;
let hospitalIdx: number;
const open: TestMqttClient[] = [];

beforeAll(async () => {
  t = await buildTestApp({
    config: {
      publishLimits: {
        chatMessage: { perConnection: { burst: 3, perMinute: 1 }, perPerson: { burst: 5, perMinute: 1 } },
        nurseCall: { perConnection: { burst: 1, perMinute: 1 }, perPerson: { burst: 1, perMinute: 1 } },
        telemedicineSignal: {
          perConnection: { burst: 60, perMinute: 360 },
          perPerson: { burst: 120, perMinute: 720 },
        },
      },
    },
  });
  hospitalIdx = (await createHospital(t.app.db)).idx;
});

afterAll(async () => {
  await Promise.allSettled(open.map((client) => client.close()));
  await t?.close();
});

async function patientWithTwoConnections() {
  const account = await createPatient(t.app.db, { choseHospitalIdx: hospitalIdx });
  const { accessToken } = await loginPatient(t.baseUrl, account);
  const a = await connectTestClient(t.baseUrl, { loginId: account.loginId, accessToken });
  const b = await connectTestClient(t.baseUrl, { loginId: account.loginId, accessToken });
  open.push(a, b);
  return { account, a, b };
}

const refusals = (client: TestMqttClient) =>
  client.received.filter((m) => m.topic === PUBLISH_REFUSED_TOPIC).map((m) => m.payload as PublishRefusal);

describe('publish rate limits', () => {
  it('refuses chat messages beyond the connection’s and the person’s burst, stores none of them', async () => {
    const { account, a, b } = await patientWithTwoConnections();
    const provisional = -account.idx;
    await a.subscribe(topics.chatRoomAll(provisional));
    await a.publish(topics.chatRoomEvent(provisional, 'message'), {
      clientMsgId: 'a0',
      content: '안녕하세요',
    });
    const { room } = await a.next<{ room: ChatRoom }>(topics.chatRoomEvent(provisional, 'create'));
    const topic = topics.chatRoomEvent(room.idx!, 'message');
    // Every publish is acknowledged (no disconnect, so the app does not resend in a loop).
    for (let i = 1; i < 8; i++) await a.publish(topic, { clientMsgId: `a${i}`, content: `메시지 ${i}` });
    for (let i = 0; i < 4; i++) await b.publish(topic, { clientMsgId: `b${i}`, content: `메시지 b${i}` });
    await t.app.broker.settled();

    const stored = await t.app.db.query<{ client_msg_id: string }>(
      `SELECT client_msg_id FROM chat_messages WHERE person_type = 'PATIENT' AND sender_idx = $1 ORDER BY idx`,
      [account.idx],
    );
    // Three on the first connection, then the person's burst of five leaves two for the second.
    expect(stored.rows.map((row) => row.client_msg_id)).toEqual(['a0', 'a1', 'a2', 'b0', 'b1']);
    await expect.poll(() => refusals(a).length).toBe(5);
    await expect.poll(() => refusals(b).length).toBe(2);
    expect(refusals(a)[0]).toEqual({
      topic,
      code: ResultCode.RATE_LIMITED,
      clientMsgId: 'a3',
      retryAfterS: 60,
    });
    expect(refusals(b).map((r) => r.clientMsgId)).toEqual(['b2', 'b3']);
    expect(a.client.connected && b.client.connected).toBe(true);
  });

  it('refuses a nurse call beyond the limit and tells the patient', async () => {
    const { account, a } = await patientWithTwoConnections();
    // Calls go to the ward of an active admission (decision 010): admit the patient first.
    const nurse = await createStaff(t.app.db, { hospitalIdx });
    await t.app.db.query(
      `INSERT INTO admissions (patient_idx, hospital_idx, patient_name, ward, bed, identity_confirmed_at, admitted_by_idx)
       VALUES ($1, $2, 'x', '7병동', '701-1', now(), $3)`,
      [account.idx, hospitalIdx, nurse.idx],
    );
    await a.publish(topics.nurseCalling(hospitalIdx), { clientCallId: 'c1', reason: 'PAIN' });
    await a.publish(topics.nurseCalling(hospitalIdx), { clientCallId: 'c2', reason: 'PAIN' });
    await expect.poll(() => refusals(a).map((r) => r.clientCallId)).toEqual(['c2']);
    expect(a.client.connected).toBe(true);
    await t.app.broker.settled();
    const stored = await t.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM nurse_calls WHERE patient_idx = $1`,
      [account.idx],
    );
    expect(stored.rows[0]!.n).toBe(1);
  });
});
