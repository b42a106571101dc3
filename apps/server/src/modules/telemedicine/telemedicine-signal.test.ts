import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import { TELEMEDICINE_CONSENT_VERSION, type TelemedicineVisit } from '@smartcare/contract/telemedicine';
import { ResultCode } from '@smartcare/contract/result-codes';
import { PUBLISH_REFUSED_TOPIC, topics, type PublishRefusal } from '@smartcare/contract/topics';
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

/**
 * Signalling over the real broker (issue 17): the visit's patient and clinician exchange offer,
 * answer and candidates on their two topics while the visit is WAITING or IN_CALL; everyone else,
 * and everyone once the visit is over, is refused. A refused publish closes the connection
 * (MQTT 3.1.1 has no negative PUBACK).
 */
let t: TestApp;
let hospitalIdx: number;
const open: TestMqttClient[] = [];

interface Person {
  idx: number;
  loginId: string;
  token: string;
}

async function patient(name: string): Promise<Person> {
  const created = await createPatient(t.app.db, { name, choseHospitalIdx: hospitalIdx });
  return {
    idx: created.idx,
    loginId: created.loginId,
    token: (await loginPatient(t.baseUrl, created)).accessToken,
  };
}
async function staff(role: 'DOCTOR' | 'ADMIN', inHospital = hospitalIdx): Promise<Person> {
  const created = await createStaff(t.app.db, { hospitalIdx: inHospital, role });
  return {
    idx: created.idx,
    loginId: created.loginId,
    token: (await loginStaff(t.baseUrl, created)).accessToken,
  };
}
async function connect(who: Person) {
  const client = await connectTestClient(t.baseUrl, { loginId: who.loginId, accessToken: who.token });
  open.push(client);
  return client;
}
const put = (path: string, who: Person, body: Record<string, unknown>) =>
  api(t.baseUrl).put<TelemedicineVisit>(path, { token: who.token, body });

beforeAll(async () => {
  // A per-connection burst of 20 signalling messages that hardly refills, to see the limit bite.
  const unlimited = { burst: 1_000_000, perMinute: 1_000_000 };
  t = await buildTestApp({
    config: {
      publishLimits: {
        chatMessage: { perConnection: unlimited, perPerson: unlimited },
        nurseCall: { perConnection: unlimited, perPerson: unlimited },
        telemedicineSignal: { perConnection: { burst: 20, perMinute: 1 }, perPerson: unlimited },
      },
    },
  });
  hospitalIdx = (await createHospital(t.app.db)).idx;
});
afterAll(async () => {
  await Promise.all(open.map((client) => client.close().catch(() => undefined)));
  await t?.close();
});

async function bookedVisit(kim: Person, doctor: Person, admin: Person): Promise<number> {
  return (
    await api(t.baseUrl).post<TelemedicineVisit>(apiPaths.telemedicine.book, {
      token: admin.token,
      body: {
        patientIdx: kim.idx,
        staffIdx: doctor.idx,
        department: '내과',
        scheduledAt: new Date(Date.now() + 60_000).toISOString(),
        durationMin: 20,
        reason: '상담',
      },
    })
  ).data!.visitIdx;
}

describe('signalling over the broker', () => {
  it('relays between the two parties of a waiting or running visit only, and stops when it ends', async () => {
    const kim = await patient('김환자');
    const doctor = await staff('DOCTOR');
    const admin = await staff('ADMIN');
    const visitIdx = (
      await api(t.baseUrl).post<TelemedicineVisit>(apiPaths.telemedicine.book, {
        token: admin.token,
        body: {
          patientIdx: kim.idx,
          staffIdx: doctor.idx,
          department: '내과',
          scheduledAt: new Date(Date.now() + 60_000).toISOString(),
          durationMin: 20,
          reason: '상담',
        },
      })
    ).data!.visitIdx;
    const toStaff = topics.telemedicineSignal(visitIdx, 'patient');
    const toPatient = topics.telemedicineSignal(visitIdx, 'staff');

    const patientClient = await connect(kim);
    const doctorClient = await connect(doctor);
    // BOOKED: not yet
    expect(await patientClient.subscribe(toPatient)).toBe(false);
    expect(await doctorClient.subscribe(toStaff)).toBe(false);

    await put(apiPaths.telemedicine.agreeConsent, kim, { version: TELEMEDICINE_CONSENT_VERSION });
    expect((await put(apiPaths.telemedicine.enterWaitingRoom, kim, { visitIdx })).data!.status).toBe(
      'WAITING',
    );
    expect(await patientClient.subscribe(toPatient)).toBe(true);
    expect(await doctorClient.subscribe(toStaff)).toBe(true);
    expect(await patientClient.subscribe(toStaff)).toBe(false);

    // strangers: another patient, another doctor of the hospital, a doctor of another hospital
    const lee = await connect(await patient('이환자'));
    const otherDoctor = await connect(await staff('DOCTOR'));
    const elsewhere = await connect(await staff('DOCTOR', (await createHospital(t.app.db)).idx));
    expect(await lee.subscribe(toPatient)).toBe(false);
    expect(await otherDoctor.subscribe(toStaff)).toBe(false);
    expect(await elsewhere.subscribe(toStaff)).toBe(false);

    // the patient says hello while waiting; the doctor admits and offers; candidates trickle
    await patientClient.publish(toStaff, { type: 'hello' });
    expect(await doctorClient.next(toStaff)).toEqual({ type: 'hello' });
    await put(apiPaths.telemedicine.admit, doctor, { visitIdx });
    const offer = {
      type: 'description',
      description: { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' },
    };
    await doctorClient.publish(toPatient, offer);
    expect(await patientClient.next(toPatient)).toEqual(offer);
    const candidates = [1, 2, 3].map((n) => ({
      type: 'candidate',
      candidate: {
        candidate: `candidate:${n} 1 udp 2122260223 10.0.0.${n} 5000${n} typ host`,
        sdpMid: '0',
        sdpMLineIndex: 0,
      },
    }));
    for (const candidate of candidates) await patientClient.publish(toStaff, candidate);
    await patientClient.publish(toStaff, { type: 'candidate', candidate: null });
    await doctorClient.next(toStaff, (m: { candidate?: unknown }) => m.candidate === null);
    // in the order sent
    expect(doctorClient.received.filter((m) => m.topic === toStaff).map((m) => m.payload)).toEqual([
      { type: 'hello' },
      ...candidates,
      { type: 'candidate', candidate: null },
    ]);
    // a stranger's publish is refused: its connection closes, nothing reaches the patient
    const leeClosed = lee.closedWithin();
    lee.publishAndForget(toPatient, { type: 'bye' });
    expect(await leeClosed).toBe(true);
    // anything that is not a signalling message is refused too
    const spare = await connect(kim);
    const spareClosed = spare.closedWithin();
    spare.publishAndForget(toStaff, { type: 'chat', text: '<script>alert(1)</script>' });
    expect(await spareClosed).toBe(true);
    expect(patientClient.received.filter((m) => m.topic === toPatient)).toHaveLength(1);

    // over: the doctor's next publish is refused, and nobody may subscribe any more
    await put(apiPaths.telemedicine.endCall, doctor, { visitIdx });
    const doctorClosed = doctorClient.closedWithin();
    doctorClient.publishAndForget(toPatient, { type: 'bye' });
    expect(await doctorClosed).toBe(true);
    const late = await connect(kim);
    expect(await late.subscribe(toPatient)).toBe(false);
  });

  it('limits signalling per connection: over the burst, messages are dropped and the sender told', async () => {
    const kim = await patient('박환자');
    const doctor = await staff('DOCTOR');
    const visitIdx = await bookedVisit(kim, doctor, await staff('ADMIN'));
    await put(apiPaths.telemedicine.agreeConsent, kim, { version: TELEMEDICINE_CONSENT_VERSION });
    await put(apiPaths.telemedicine.enterWaitingRoom, kim, { visitIdx });
    const patientClient = await connect(kim);
    const doctorClient = await connect(doctor);
    const toStaff = topics.telemedicineSignal(visitIdx, 'patient');
    expect(await doctorClient.subscribe(toStaff)).toBe(true);
    for (let i = 0; i < 25; i++) {
      await patientClient.publish(toStaff, { type: 'media', audio: i % 2 === 0, video: true });
    }
    const refusal = await patientClient.next<PublishRefusal>(PUBLISH_REFUSED_TOPIC);
    expect(refusal).toMatchObject({ topic: toStaff, code: ResultCode.RATE_LIMITED });
    // the last one allowed arrives; the connection stays open
    await doctorClient.next(
      toStaff,
      () => doctorClient.received.filter((m) => m.topic === toStaff).length >= 20,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(doctorClient.received.filter((m) => m.topic === toStaff)).toHaveLength(20);
    expect(patientClient.client.connected).toBe(true);
  });
});
