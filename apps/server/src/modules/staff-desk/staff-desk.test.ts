import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { Appointment } from '@smartcare/contract/appointment';
import type { DocumentRequest } from '@smartcare/contract/document-request';
import { ResultCode } from '@smartcare/contract/result-codes';
import { staffDeskEventSchema, type StaffDeskEvent } from '@smartcare/contract/staff-desk';
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

/**
 * The staff desk's live queues (issue 16, decision 031), over the real server and broker:
 * document requests and appointments publish `{ queue, idx, at }` on their own hospital's
 * `staffDesk/{hospitalIdx}`, and only that hospital's staff may listen.
 */
let t: TestApp;
let hospitalIdx: number;
let otherHospitalIdx: number;
let staffToken: string;
let patient: { idx: number; loginId: string; accessToken: string };
let desk: TestMqttClient;
let otherDesk: TestMqttClient;
let seq = 0;

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const client = () => api(t.baseUrl);

/** The events of one queue and item seen so far on a client, parsed by the contract. */
function eventsOf(on: TestMqttClient, queue: StaffDeskEvent['queue'], idx: number): StaffDeskEvent[] {
  return on.received
    .map((m) => staffDeskEventSchema.parse(m.payload))
    .filter((e) => e.queue === queue && e.idx === idx);
}

const nextEvent = (queue: StaffDeskEvent['queue'], idx: number, count = 1) =>
  desk.next<StaffDeskEvent>(
    topics.staffDesk(hospitalIdx),
    (e) => e.queue === queue && e.idx === idx && eventsOf(desk, queue, idx).length >= count,
  );

beforeAll(async () => {
  t = await buildTestApp();
  hospitalIdx = (await createHospital(t.app.db, { name: '데스크병원' })).idx;
  otherHospitalIdx = (await createHospital(t.app.db, { name: '다른병원' })).idx;
  const staff = await createStaff(t.app.db, { hospitalIdx, name: '원무과', role: 'ADMIN' });
  staffToken = (await loginStaff(t.baseUrl, staff)).accessToken;
  const other = await createStaff(t.app.db, { hospitalIdx: otherHospitalIdx, name: '남원무' });
  const created = await createPatient(t.app.db, { name: '김데스크', choseHospitalIdx: hospitalIdx });
  patient = { ...created, accessToken: (await loginPatient(t.baseUrl, created)).accessToken };
  desk = await connectTestClient(t.baseUrl, { ...staff, accessToken: staffToken });
  expect(await desk.subscribe(topics.staffDesk(hospitalIdx))).toBe(true);
  otherDesk = await connectTestClient(t.baseUrl, {
    ...other,
    accessToken: (await loginStaff(t.baseUrl, other)).accessToken,
  });
  expect(await otherDesk.subscribe(topics.staffDesk(otherHospitalIdx))).toBe(true);
}, 120_000);

afterAll(async () => {
  await desk?.close();
  await otherDesk?.close();
  await t?.close();
});

describe('who may listen to a staff desk', () => {
  it("refuses another hospital's staff and the hospital's own patients", async () => {
    const stranger = await createStaff(t.app.db, { hospitalIdx: otherHospitalIdx });
    const strangerClient = await connectTestClient(t.baseUrl, {
      ...stranger,
      accessToken: (await loginStaff(t.baseUrl, stranger)).accessToken,
    });
    const patientClient = await connectTestClient(t.baseUrl, patient);
    try {
      expect(await strangerClient.subscribe(topics.staffDesk(hospitalIdx))).toBe(false);
      expect(await patientClient.subscribe(topics.staffDesk(hospitalIdx))).toBe(false);
    } finally {
      await strangerClient.close().catch(() => undefined);
      await patientClient.close().catch(() => undefined);
    }
  });
});

describe('document requests on the desk', () => {
  it('publishes a new request once (a double submit too), each staff step and a patient cancel, to that hospital only', async () => {
    const body = {
      type: 'DIAGNOSIS',
      department: '내과',
      purpose: 'INSURANCE',
      copies: 1,
      language: 'KO',
      delivery: 'APP_PDF',
      clientRequestId: `desk-${++seq}-abcdef`,
    };
    const created = await client().post<DocumentRequest>(apiPaths.documentRequest.create, {
      token: patient.accessToken,
      body,
    });
    expect(created.code).toBe(ResultCode.SUCCESS);
    const idx = created.data!.idx;
    const event = await nextEvent('documentRequest', idx);
    expect(event.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // The same submit again answers the first request and tells the desk nothing new.
    const again = await client().post<DocumentRequest>(apiPaths.documentRequest.create, {
      token: patient.accessToken,
      body,
    });
    expect(again.data!.idx).toBe(idx);

    const reviewed = await client().put<DocumentRequest>(apiPaths.documentRequest.review, {
      token: staffToken,
      body: { idx },
    });
    expect(reviewed.data!.status).toBe('IN_REVIEW');
    await nextEvent('documentRequest', idx, 2);
    // The resend came before the review, so exactly two events: the request and the review.
    expect(eventsOf(desk, 'documentRequest', idx)).toHaveLength(2);

    const second = await client().post<DocumentRequest>(apiPaths.documentRequest.create, {
      token: patient.accessToken,
      body: { ...body, clientRequestId: `desk-${++seq}-abcdef` },
    });
    await nextEvent('documentRequest', second.data!.idx);
    await client().put(apiPaths.documentRequest.cancel, {
      token: patient.accessToken,
      body: { idx: second.data!.idx },
    });
    await nextEvent('documentRequest', second.data!.idx, 2);

    await t.app.broker.settled();
    expect(otherDesk.received).toEqual([]);
  });
});

describe('appointments on the desk', () => {
  it('publishes a booking as an appointment and a change request and its acceptance as a request', async () => {
    const booked = await client().post<Appointment>(apiPaths.appointment.create, {
      token: staffToken,
      body: {
        patientIdx: patient.idx,
        department: '내과',
        doctor: '김의사',
        startsAt: inHours(72),
        durationMin: 30,
        type: 'OUTPATIENT',
        clientRequestId: `desk-${++seq}-abcdef`,
      },
    });
    expect(booked.code).toBe(ResultCode.SUCCESS);
    const idx = booked.data!.idx;
    await nextEvent('appointment', idx);

    const asked = await client().put<Appointment>(apiPaths.appointment.requestChange, {
      token: patient.accessToken,
      body: { idx, preferredTimes: [inHours(96)] },
    });
    expect(asked.data!.status).toBe('CHANGE_REQUESTED');
    await nextEvent('appointmentRequest', idx);

    const accepted = await client().put<Appointment>(apiPaths.appointment.acceptRequest, {
      token: staffToken,
      body: { idx },
    });
    expect(accepted.data!.status).toBe('BOOKED');
    await nextEvent('appointmentRequest', idx, 2);

    // A personal item is the patient's own: no desk hears of it.
    const before = desk.received.length;
    const personal = await client().post<Appointment>(apiPaths.appointment.addPersonal, {
      token: patient.accessToken,
      body: { title: '약국 방문', startsAt: inHours(30), clientRequestId: `desk-${++seq}-abcdef` },
    });
    expect(personal.code).toBe(ResultCode.SUCCESS);
    await t.app.broker.settled();
    expect(desk.received).toHaveLength(before);
    expect(otherDesk.received).toEqual([]);
  });
});
