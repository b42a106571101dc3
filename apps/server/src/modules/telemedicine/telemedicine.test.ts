import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { Notification } from '@smartcare/contract/notification';
import type { Page } from '@smartcare/contract/paging';
import type { MyRatings, RatingOccasion } from '@smartcare/contract/rating';
import { ResultCode } from '@smartcare/contract/result-codes';
import {
  TELEMEDICINE_CONSENT_VERSION,
  TELEMEDICINE_PROBE_PATH,
  type MyTelemedicineVisits,
  type ReportDeviceCheckResult,
  type TelemedicineClinicianOption,
  type TelemedicineDay,
  type TelemedicineIceServers,
  type TelemedicineVisit,
  type TelemedicineVisitEvent,
} from '@smartcare/contract/telemedicine';
import { API_PREFIX } from '@smartcare/contract/api-paths';
import { topics } from '@smartcare/contract/topics';
import { connectTestClient } from '../../plugins/broker/broker-test-client.ts';
import { createPeopleService } from '../people/people.service.ts';
import { createTelemedicineService, TELEMEDICINE_QUEUE_LOOKBACK_H } from './telemedicine.service.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import {
  api,
  createHospital,
  createPatient,
  createStaff,
  loginPatient,
  loginStaff,
  type CreatedAccount,
} from '../../testing/factories.ts';
import { seedDemoTelemedicine, DEMO_TODAY_REASON } from '../../db/demo-telemedicine.ts';
import { TELEMEDICINE_WINDOW_JOB } from './telemedicine.jobs.ts';

/**
 * Telemedicine (issue 17) against the real database and broker: the visit state machine, the
 * waiting-room window and consent, change/cancel requests, the queue, who may do what, live
 * events, the probe, the window-open notice, ratings, erasure and the demo visits.
 */
let t: TestApp;
let hospitalIdx: number;
let otherHospitalIdx: number;
let admin: Person;
let counsellor: Person;
let otherHospitalDoctor: Person;

interface Person {
  idx: number;
  loginId: string;
  token: string;
}

const client = () => api(t.baseUrl);
const MINUTE = 60_000;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();
/** The Korean calendar day of an instant. */
const seoulDay = (iso: string) => new Date(Date.parse(iso) + 9 * 3_600_000).toISOString().slice(0, 10);

async function newPatient(name = '김비대', chosen = hospitalIdx): Promise<Person> {
  const created = await createPatient(t.app.db, {
    name,
    choseHospitalIdx: chosen,
    birthDate: '1960-05-01',
    sex: 'F',
  });
  return {
    idx: created.idx,
    loginId: created.loginId,
    token: (await loginPatient(t.baseUrl, created)).accessToken,
  };
}
async function newStaff(
  role: 'DOCTOR' | 'NURSE' | 'ADMIN' | 'COUNSELLOR',
  inHospital = hospitalIdx,
  name = '최의사',
) {
  const created = await createStaff(t.app.db, { hospitalIdx: inHospital, role, name });
  return {
    idx: created.idx,
    loginId: created.loginId,
    token: (await loginStaff(t.baseUrl, created)).accessToken,
  };
}

const get = <T>(path: string, who: Person, query: Record<string, string | number | undefined> = {}) =>
  client().get<T>(path, { token: who.token, query });
const put = <T = TelemedicineVisit>(path: string, who: Person, body: Record<string, unknown>) =>
  client().put<T>(path, { token: who.token, body });

async function book(
  patient: Person,
  clinician: Person,
  extra: Record<string, unknown> = {},
  by: Person = admin,
) {
  return client().post<TelemedicineVisit>(apiPaths.telemedicine.book, {
    token: by.token,
    body: {
      patientIdx: patient.idx,
      staffIdx: clinician.idx,
      department: '내과',
      scheduledAt: inMinutes(5),
      durationMin: 15,
      reason: '혈압 상담',
      ...extra,
    },
  });
}
const agree = (p: Person) =>
  put(apiPaths.telemedicine.agreeConsent, p, { version: TELEMEDICINE_CONSENT_VERSION });
const enter = (p: Person, visitIdx: number) => put(apiPaths.telemedicine.enterWaitingRoom, p, { visitIdx });
const mine = async (p: Person, visitIdx: number) =>
  (await get<TelemedicineVisit>(apiPaths.telemedicine.getMyVisit, p, { visitIdx })).data!;

/** A patient with consent, a clinician and a visit open now. */
async function openVisit(extra: Record<string, unknown> = {}) {
  const patient = await newPatient();
  const clinician = await newStaff('DOCTOR');
  await agree(patient);
  const visit = (await book(patient, clinician, extra)).data!;
  return { patient, clinician, visit };
}

beforeAll(async () => {
  t = await buildTestApp();
  hospitalIdx = (await createHospital(t.app.db, { name: '서울스마트병원' })).idx;
  otherHospitalIdx = (await createHospital(t.app.db, { name: '옆동네병원' })).idx;
  admin = await newStaff('ADMIN', hospitalIdx, '최관리');
  counsellor = await newStaff('COUNSELLOR', hospitalIdx, '오상담');
  otherHospitalDoctor = await newStaff('DOCTOR', otherHospitalIdx, '남의사');
});

afterAll(async () => {
  await t?.close();
});

describe('the visit state machine', () => {
  it('walks BOOKED → WAITING → BOOKED → WAITING → IN_CALL → COMPLETE, with history, summary and notices', async () => {
    const patient = await newPatient();
    const clinician = await newStaff('DOCTOR');
    const booked = await book(patient, clinician, { preparation: '혈압 기록 준비' });
    expect(booked.code).toBe(ResultCode.SUCCESS);
    const visitIdx = booked.data!.visitIdx;
    expect(booked.data).toMatchObject({
      status: 'BOOKED',
      canEnter: true,
      patientName: '김비대',
      patientSex: 'F',
      clinician: { staffIdx: clinician.idx, role: 'DOCTOR' },
      hospitalName: '서울스마트병원',
      preparation: '혈압 기록 준비',
    });
    expect(booked.data!.patientAge).toBeGreaterThanOrEqual(65);

    // no consent yet: refused, and the visit says so
    expect((await enter(patient, visitIdx)).code).toBe(ResultCode.TELEMEDICINE_CONSENT_REQUIRED);
    expect(await mine(patient, visitIdx)).toMatchObject({ consentCurrent: false, consentAgreedAt: null });
    expect((await put(apiPaths.telemedicine.agreeConsent, patient, { version: '2025-01' })).code).toBe(
      ResultCode.TELEMEDICINE_CONSENT_REQUIRED,
    );
    const agreed = await agree(patient);
    expect(agreed.data).toMatchObject({ version: TELEMEDICINE_CONSENT_VERSION });
    // the time stays with the visit: the detail screen shows it on every later visit
    expect(await mine(patient, visitIdx)).toMatchObject({
      consentCurrent: true,
      consentAgreedAt: (agreed.data as unknown as { agreedAt: string }).agreedAt,
    });

    const waiting = await enter(patient, visitIdx);
    expect(waiting.data).toMatchObject({ status: 'WAITING', queue: { position: 1, estimatedWaitMin: 0 } });
    expect(waiting.data!.waitingSince).not.toBeNull();
    // the patient's view leaves out the staff-only fields
    expect(waiting.data!.patientName).toBeUndefined();
    // entering twice (a reconnect) keeps the place
    expect((await enter(patient, visitIdx)).data!.waitingSince).toBe(waiting.data!.waitingSince);
    expect((await put(apiPaths.telemedicine.leaveWaitingRoom, patient, { visitIdx })).data!.status).toBe(
      'BOOKED',
    );
    expect((await enter(patient, visitIdx)).data!.status).toBe('WAITING');

    const admitted = await put(apiPaths.telemedicine.admit, clinician, { visitIdx });
    expect(admitted.data).toMatchObject({ status: 'IN_CALL', queue: null });
    expect(admitted.data!.callStartedAt).not.toBeNull();
    // nothing the patient can do moves a running call
    expect((await enter(patient, visitIdx)).code).toBe(ResultCode.TELEMEDICINE_BAD_STATE);
    expect((await put(apiPaths.telemedicine.leaveWaitingRoom, patient, { visitIdx })).code).toBe(
      ResultCode.TELEMEDICINE_BAD_STATE,
    );
    // the call is held by its clinician: another doctor of the hospital cannot end it
    const otherDoctor = await newStaff('DOCTOR', hospitalIdx, '강의사');
    expect((await put(apiPaths.telemedicine.endCall, otherDoctor, { visitIdx })).code).toBe(
      ResultCode.TELEMEDICINE_NOT_CLINICIAN,
    );
    expect(
      (await put(apiPaths.telemedicine.writeSummary, clinician, { visitIdx, summary: '이르다' })).code,
    ).toBe(ResultCode.TELEMEDICINE_BAD_STATE);
    const ended = await put(apiPaths.telemedicine.endCall, clinician, { visitIdx });
    expect(ended.data!.status).toBe('COMPLETE');
    expect(ended.data!.callEndedAt).not.toBeNull();

    const summary = await put(apiPaths.telemedicine.writeSummary, clinician, {
      visitIdx,
      summary: '혈압 안정적, 약 유지',
      followUp: '2주 후 재진',
    });
    expect(summary.data!.summary).toMatchObject({ text: '혈압 안정적, 약 유지', followUp: '2주 후 재진' });
    const edited = await put(apiPaths.telemedicine.writeSummary, clinician, {
      visitIdx,
      summary: '혈압 안정적',
    });
    expect(edited.data!.summary).toMatchObject({ text: '혈압 안정적', followUp: null });

    const seen = await mine(patient, visitIdx);
    expect(seen.history!.map((h) => h.kind)).toEqual([
      'BOOKED',
      'ENTERED',
      'LEFT',
      'ENTERED',
      'ADMITTED',
      'ENDED',
      'SUMMARY_WRITTEN',
      'SUMMARY_WRITTEN',
    ]);
    expect(seen.history![1]!.byName).toBe('김비대');
    const list = await get<MyTelemedicineVisits>(apiPaths.telemedicine.getMyVisits, patient);
    expect(list.data!.upcoming).toEqual([]);
    expect(list.data!.past.map((v) => v.visitIdx)).toEqual([visitIdx]);

    // notices: booked, the doctor starts, the summary (once, not on the edit)
    const notices = await get<Page<Notification>>(apiPaths.notification.getMyNotifications, patient, {
      pNum: 1,
      pSize: 50,
    });
    const titles = notices.data!.dataList.filter((n) => n.kind === 'telemedicine').map((n) => n.title);
    expect(titles).toContain('의사가 진료를 시작합니다');
    expect(titles.filter((title) => title === '진료 요약이 등록되었습니다')).toHaveLength(1);
    expect(titles).toContain('비대면 진료가 예약되었습니다');
  });

  it('refuses every step the machine does not allow, with TELEMEDICINE_BAD_STATE', async () => {
    const { patient, clinician, visit } = await openVisit();
    const visitIdx = visit.visitIdx;
    const code = async (path: string, who: Person, body: Record<string, unknown> = {}) =>
      (await put(path, who, { visitIdx, ...body })).code;
    // BOOKED
    expect(await code(apiPaths.telemedicine.admit, clinician)).toBe(ResultCode.TELEMEDICINE_BAD_STATE);
    expect(await code(apiPaths.telemedicine.endCall, clinician)).toBe(ResultCode.TELEMEDICINE_BAD_STATE);
    expect(await code(apiPaths.telemedicine.writeSummary, clinician, { summary: 'x' })).toBe(
      ResultCode.TELEMEDICINE_BAD_STATE,
    );
    // WAITING
    await enter(patient, visitIdx);
    expect(await code(apiPaths.telemedicine.endCall, clinician)).toBe(ResultCode.TELEMEDICINE_BAD_STATE);
    expect(await code(apiPaths.telemedicine.cancel, admin, { reason: '사유' })).toBe(
      ResultCode.TELEMEDICINE_BAD_STATE,
    );
    expect(await code(apiPaths.telemedicine.requestCancel, patient)).toBe(ResultCode.TELEMEDICINE_BAD_STATE);
    expect(await code(apiPaths.telemedicine.move, admin, { scheduledAt: inMinutes(300) })).toBe(
      ResultCode.TELEMEDICINE_BAD_STATE,
    );
    // IN_CALL
    await put(apiPaths.telemedicine.admit, clinician, { visitIdx });
    expect(await code(apiPaths.telemedicine.admit, clinician)).toBe(ResultCode.TELEMEDICINE_BAD_STATE);
    expect(await code(apiPaths.telemedicine.markNoShow, admin)).toBe(ResultCode.TELEMEDICINE_BAD_STATE);
    expect(await code(apiPaths.telemedicine.cancel, admin, { reason: '사유' })).toBe(
      ResultCode.TELEMEDICINE_BAD_STATE,
    );
    // COMPLETE is final
    await put(apiPaths.telemedicine.endCall, clinician, { visitIdx });
    for (const [path, who, body] of [
      [apiPaths.telemedicine.endCall, clinician, {}],
      [apiPaths.telemedicine.admit, clinician, {}],
      [apiPaths.telemedicine.markNoShow, admin, {}],
      [apiPaths.telemedicine.cancel, admin, { reason: '사유' }],
      [apiPaths.telemedicine.enterWaitingRoom, patient, {}],
    ] as const) {
      expect(await code(path, who, body), path).toBe(ResultCode.TELEMEDICINE_BAD_STATE);
    }
  });

  it('cancels BOOKED only, and CANCELLED is final', async () => {
    const { patient, clinician, visit } = await openVisit();
    const cancelled = await put(apiPaths.telemedicine.cancel, admin, {
      visitIdx: visit.visitIdx,
      reason: '휴진',
    });
    expect(cancelled.data!.status).toBe('CANCELLED');
    expect(cancelled.data!.history!.at(-1)).toMatchObject({
      kind: 'CANCELLED',
      note: '휴진',
      byName: '최관리',
    });
    expect((await enter(patient, visit.visitIdx)).code).toBe(ResultCode.TELEMEDICINE_BAD_STATE);
    expect((await put(apiPaths.telemedicine.admit, clinician, { visitIdx: visit.visitIdx })).code).toBe(
      ResultCode.TELEMEDICINE_BAD_STATE,
    );
    expect(
      (await put(apiPaths.telemedicine.cancel, admin, { visitIdx: visit.visitIdx, reason: '다시' })).code,
    ).toBe(ResultCode.TELEMEDICINE_BAD_STATE);
  });

  it('marks a no-show only once the time has come, from BOOKED or WAITING; NO_SHOW is final', async () => {
    const early = await openVisit();
    expect(
      (await put(apiPaths.telemedicine.markNoShow, admin, { visitIdx: early.visit.visitIdx })).code,
    ).toBe(ResultCode.TELEMEDICINE_TIME_INVALID);
    const started = await openVisit({ scheduledAt: inMinutes(-2) });
    const waiting = await openVisit({ scheduledAt: inMinutes(-1) });
    await enter(waiting.patient, waiting.visit.visitIdx);
    for (const { visit } of [started, waiting]) {
      const marked = await put(apiPaths.telemedicine.markNoShow, admin, { visitIdx: visit.visitIdx });
      expect(marked.data!.status).toBe('NO_SHOW');
      expect(marked.data!.waitingSince).toBeNull();
    }
    expect((await enter(started.patient, started.visit.visitIdx)).code).toBe(
      ResultCode.TELEMEDICINE_BAD_STATE,
    );
    expect(
      (await put(apiPaths.telemedicine.admit, waiting.clinician, { visitIdx: waiting.visit.visitIdx })).code,
    ).toBe(ResultCode.TELEMEDICINE_BAD_STATE);
  });
});

describe('the waiting-room window', () => {
  it('opens 10 minutes before and closes at the end of the visit', async () => {
    const patient = await newPatient();
    const clinician = await newStaff('DOCTOR');
    await agree(patient);
    const scheduledAt = inMinutes(180);
    const later = (await book(patient, clinician, { scheduledAt })).data!;
    expect(later.canEnter).toBe(false);
    expect(later.enterOpensAt).toBe(new Date(new Date(scheduledAt).getTime() - 10 * MINUTE).toISOString());
    expect(later.enterClosesAt).toBe(new Date(new Date(scheduledAt).getTime() + 15 * MINUTE).toISOString());
    expect((await enter(patient, later.visitIdx)).code).toBe(ResultCode.TELEMEDICINE_WINDOW_CLOSED);

    const justOpen = (await book(patient, clinician, { scheduledAt: inMinutes(9) })).data!;
    expect(justOpen.canEnter).toBe(true);
    expect((await enter(patient, justOpen.visitIdx)).data!.status).toBe('WAITING');

    // a visit whose time is over (booked while it ran, then left alone) cannot be entered
    const over = (await book(patient, clinician, { scheduledAt: inMinutes(-14), durationMin: 15 })).data!;
    await t.app.db.query(`UPDATE telemedicine_visits SET duration_min = 5 WHERE idx = $1`, [over.visitIdx]);
    expect((await enter(patient, over.visitIdx)).code).toBe(ResultCode.TELEMEDICINE_WINDOW_CLOSED);
    // … and is listed with the past visits, the others still ahead soonest first
    const list = (await get<MyTelemedicineVisits>(apiPaths.telemedicine.getMyVisits, patient)).data!;
    expect(list.past.map((v) => v.visitIdx)).toEqual([over.visitIdx]);
    expect(list.upcoming.map((v) => v.visitIdx)).toEqual([justOpen.visitIdx, later.visitIdx]);
  });

  it('refuses booking a visit that is already over, or moving one into the past', async () => {
    const patient = await newPatient();
    const clinician = await newStaff('NURSE');
    expect((await book(patient, clinician, { scheduledAt: inMinutes(-30) })).code).toBe(
      ResultCode.TELEMEDICINE_TIME_INVALID,
    );
    const visit = (await book(patient, clinician, { scheduledAt: inMinutes(120) })).data!;
    expect(
      (await put(apiPaths.telemedicine.move, admin, { visitIdx: visit.visitIdx, scheduledAt: inMinutes(-5) }))
        .code,
    ).toBe(ResultCode.TELEMEDICINE_TIME_INVALID);
    const moved = await put(apiPaths.telemedicine.move, admin, {
      visitIdx: visit.visitIdx,
      scheduledAt: inMinutes(240),
    });
    expect(moved.data!.history!.at(-1)!.kind).toBe('MOVED');
  });
});

describe('change and cancel requests', () => {
  it('a change request is accepted at the first preferred time; a second request waits for the first', async () => {
    const patient = await newPatient();
    const clinician = await newStaff('DOCTOR');
    const visit = (await book(patient, clinician, { scheduledAt: inMinutes(600) })).data!;
    const visitIdx = visit.visitIdx;
    expect(
      (
        await put(apiPaths.telemedicine.requestChange, patient, {
          visitIdx,
          preferredDates: [inMinutes(-60)],
        })
      ).code,
    ).toBe(ResultCode.TELEMEDICINE_TIME_INVALID);
    const preferred = [inMinutes(1440), inMinutes(1500)];
    const asked = await put(apiPaths.telemedicine.requestChange, patient, {
      visitIdx,
      preferredDates: preferred,
      reason: '오전에 일이 있어요',
    });
    expect(asked.data!.request).toMatchObject({
      kind: 'CHANGE',
      preferredDates: preferred,
      reason: '오전에 일이 있어요',
    });
    expect((await put(apiPaths.telemedicine.requestCancel, patient, { visitIdx })).code).toBe(
      ResultCode.TELEMEDICINE_REQUEST_OPEN,
    );
    expect(
      (await put(apiPaths.telemedicine.requestChange, patient, { visitIdx, preferredDates: preferred })).code,
    ).toBe(ResultCode.TELEMEDICINE_REQUEST_OPEN);

    const queue = await get<TelemedicineVisit[]>(apiPaths.telemedicine.getRequests, admin);
    expect(queue.data!.map((v) => v.visitIdx)).toContain(visitIdx);
    const elsewhere = await get<TelemedicineVisit[]>(apiPaths.telemedicine.getRequests, otherHospitalDoctor);
    expect(elsewhere.data!.map((v) => v.visitIdx)).not.toContain(visitIdx);

    const accepted = await put(apiPaths.telemedicine.acceptRequest, admin, { visitIdx });
    expect(accepted.data).toMatchObject({ status: 'BOOKED', scheduledAt: preferred[0], request: null });
    expect(accepted.data!.history!.map((h) => h.kind).slice(-2)).toEqual([
      'CHANGE_REQUESTED',
      'REQUEST_ACCEPTED',
    ]);
    expect((await put(apiPaths.telemedicine.acceptRequest, admin, { visitIdx })).code).toBe(
      ResultCode.TELEMEDICINE_NO_REQUEST,
    );
    const notices = await get<Page<Notification>>(apiPaths.notification.getMyNotifications, patient, {
      pNum: 1,
      pSize: 50,
    });
    expect(notices.data!.dataList.map((n) => n.title)).toContain('비대면 진료 변경 요청이 수락되었습니다');
  });

  it('a cancel request is withdrawn, asked again, declined with a reason, asked again and accepted', async () => {
    const patient = await newPatient();
    const clinician = await newStaff('DOCTOR');
    const visitIdx = (await book(patient, clinician, { scheduledAt: inMinutes(600) })).data!.visitIdx;
    await put(apiPaths.telemedicine.requestCancel, patient, { visitIdx, reason: '다 나았어요' });
    expect(
      (await put(apiPaths.telemedicine.withdrawRequest, patient, { visitIdx })).data!.request,
    ).toBeNull();
    expect((await put(apiPaths.telemedicine.withdrawRequest, patient, { visitIdx })).code).toBe(
      ResultCode.TELEMEDICINE_NO_REQUEST,
    );
    await put(apiPaths.telemedicine.requestCancel, patient, { visitIdx });
    const declined = await put(apiPaths.telemedicine.declineRequest, admin, {
      visitIdx,
      reason: '꼭 필요한 진료입니다',
    });
    expect(declined.data).toMatchObject({ status: 'BOOKED', request: null });
    expect(declined.data!.history!.at(-1)).toMatchObject({
      kind: 'REQUEST_DECLINED',
      note: '꼭 필요한 진료입니다',
    });
    expect((await put(apiPaths.telemedicine.declineRequest, admin, { visitIdx, reason: '또' })).code).toBe(
      ResultCode.TELEMEDICINE_NO_REQUEST,
    );
    await put(apiPaths.telemedicine.requestCancel, patient, { visitIdx });
    const accepted = await put(apiPaths.telemedicine.acceptRequest, admin, { visitIdx });
    expect(accepted.data).toMatchObject({ status: 'CANCELLED', request: null });
    const titles = (
      await get<Page<Notification>>(apiPaths.notification.getMyNotifications, patient, { pNum: 1, pSize: 50 })
    ).data!.dataList.map((n) => n.title);
    expect(titles).toContain('비대면 진료 취소 요청이 거절되었습니다');
    expect(titles).toContain('비대면 진료 취소 요청이 수락되었습니다');
  });

  it('accepting a change onto a time the clinician has taken is SLOT_TAKEN, and changes nothing', async () => {
    const patient = await newPatient();
    const clinician = await newStaff('DOCTOR');
    const taken = inMinutes(2000);
    await book(await newPatient('이선점'), clinician, { scheduledAt: taken });
    const visitIdx = (await book(patient, clinician, { scheduledAt: inMinutes(600) })).data!.visitIdx;
    await put(apiPaths.telemedicine.requestChange, patient, { visitIdx, preferredDates: [taken] });
    expect((await put(apiPaths.telemedicine.acceptRequest, admin, { visitIdx })).code).toBe(
      ResultCode.TELEMEDICINE_SLOT_TAKEN,
    );
    expect((await mine(patient, visitIdx)).request).not.toBeNull();
  });
});

describe('booking', () => {
  it("refuses a clinician's overlapping visit, allows the next slot and another clinician, frees a cancelled slot", async () => {
    const clinician = await newStaff('NURSE');
    const other = await newStaff('DOCTOR');
    const patient = await newPatient();
    const at = new Date(Date.now() + 3000 * MINUTE);
    const iso = (offsetMin: number) => new Date(at.getTime() + offsetMin * MINUTE).toISOString();
    const first = await book(patient, clinician, { scheduledAt: iso(0), durationMin: 20 });
    expect(first.code).toBe(ResultCode.SUCCESS);
    expect((await book(patient, clinician, { scheduledAt: iso(10) })).code).toBe(
      ResultCode.TELEMEDICINE_SLOT_TAKEN,
    );
    expect((await book(patient, clinician, { scheduledAt: iso(-10) })).code).toBe(
      ResultCode.TELEMEDICINE_SLOT_TAKEN,
    );
    expect((await book(patient, clinician, { scheduledAt: iso(20) })).code).toBe(ResultCode.SUCCESS);
    expect((await book(patient, other, { scheduledAt: iso(5) })).code).toBe(ResultCode.SUCCESS);
    await put(apiPaths.telemedicine.cancel, admin, { visitIdx: first.data!.visitIdx, reason: '변경' });
    expect((await book(patient, clinician, { scheduledAt: iso(0) })).code).toBe(ResultCode.SUCCESS);
  });

  it('books with DOCTOR or NURSE clinicians of the hospital only, by DOCTOR, NURSE or ADMIN', async () => {
    const patient = await newPatient();
    const doctor = await newStaff('DOCTOR');
    expect((await book(patient, counsellor, {})).code).toBe(ResultCode.TELEMEDICINE_NOT_CLINICIAN);
    expect((await book(patient, admin, {})).code).toBe(ResultCode.TELEMEDICINE_NOT_CLINICIAN);
    expect((await book(patient, otherHospitalDoctor, {})).code).toBe(ResultCode.TELEMEDICINE_NOT_CLINICIAN);
    expect((await book(patient, doctor, {}, counsellor)).code).toBe(ResultCode.TELEMEDICINE_NOT_CLINICIAN);
    expect((await book(patient, doctor, { scheduledAt: inMinutes(400) }, doctor)).code).toBe(
      ResultCode.SUCCESS,
    );
    // a patient of another hospital is as if there were none
    const elsewhere = await newPatient('박타원', otherHospitalIdx);
    const refused = await book(elsewhere, doctor, { scheduledAt: inMinutes(500) });
    expect(refused.status).toBe(404);

    const clinicians = await get<TelemedicineClinicianOption[]>(apiPaths.telemedicine.getClinicians, admin);
    const ids = clinicians.data!.map((c) => c.staffIdx);
    expect(ids).toContain(doctor.idx);
    expect(ids).not.toContain(counsellor.idx);
    expect(ids).not.toContain(admin.idx);
    expect(ids).not.toContain(otherHospitalDoctor.idx);
    const patients = await get<{ idx: number; name: string }[]>(
      apiPaths.telemedicine.getBookablePatients,
      admin,
    );
    expect(patients.data!.map((p) => p.idx)).toContain(patient.idx);
    expect(patients.data!.map((p) => p.idx)).not.toContain(elsewhere.idx);
  });

  it('keeps text as text and refuses text over the limits', async () => {
    const patient = await newPatient();
    const clinician = await newStaff('DOCTOR');
    const xss = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const visit = (
      await book(patient, clinician, { reason: xss, preparation: xss, scheduledAt: inMinutes(700) })
    ).data!;
    expect(visit.reason).toBe(xss);
    expect((await mine(patient, visit.visitIdx)).preparation).toBe(xss);
    const long = await book(patient, clinician, { reason: 'x'.repeat(301), scheduledAt: inMinutes(800) });
    expect(long.code).toBe(ResultCode.VALIDATION_FAILED);
    const asked = await put(apiPaths.telemedicine.requestCancel, patient, {
      visitIdx: visit.visitIdx,
      reason: xss,
    });
    expect(asked.data!.request!.reason).toBe(xss);
  });
});

describe('the queue', () => {
  it('orders waiting patients per clinician, estimates the wait, and tells each patient when it moves', async () => {
    const clinician = await newStaff('DOCTOR');
    const people: { patient: Person; visitIdx: number; scheduledAt: string }[] = [];
    // three slots of five minutes whose windows are all open now
    for (const [i, name] of ['가환자', '나환자', '다환자'].entries()) {
      const patient = await newPatient(name);
      await agree(patient);
      const scheduledAt = inMinutes(-4 + i * 5);
      const visitIdx = (await book(patient, clinician, { scheduledAt, durationMin: 5 })).data!.visitIdx;
      people.push({ patient, visitIdx, scheduledAt });
    }
    // another clinician's waiting patient is not in this queue
    const elsewhere = await openVisit();
    await enter(elsewhere.patient, elsewhere.visit.visitIdx);

    // with no finished calls the average call is 15 minutes
    for (const { patient, visitIdx } of people) await enter(patient, visitIdx);
    const places = await Promise.all(
      people.map(async ({ patient, visitIdx }) => (await mine(patient, visitIdx)).queue),
    );
    expect(places).toEqual([
      { position: 1, estimatedWaitMin: 0 },
      { position: 2, estimatedWaitMin: 15 },
      { position: 3, estimatedWaitMin: 30 },
    ]);

    const second = people[1]!;
    const live = await connectTestClient(t.baseUrl, {
      loginId: second.patient.loginId,
      accessToken: second.patient.token,
    });
    try {
      expect(await live.subscribe(topics.telemedicineVisit(second.visitIdx))).toBe(true);
      await put(apiPaths.telemedicine.admit, clinician, { visitIdx: people[0]!.visitIdx });
      const moved = await live.next<TelemedicineVisitEvent>(
        topics.telemedicineVisit(second.visitIdx),
        (event) => event.queue?.position === 1,
      );
      // first in line now, behind the call that just started (15 minutes on average)
      expect(moved).toMatchObject({
        visitIdx: second.visitIdx,
        status: 'WAITING',
        queue: { position: 1, estimatedWaitMin: 15 },
      });
    } finally {
      await live.close();
    }

    // the call ends; its clinician's calls now average 20 minutes
    await put(apiPaths.telemedicine.endCall, clinician, { visitIdx: people[0]!.visitIdx });
    await t.app.db.query(
      `UPDATE telemedicine_visits SET call_started_at = call_ended_at - interval '20 minutes' WHERE idx = $1`,
      [people[0]!.visitIdx],
    );
    expect((await mine(people[2]!.patient, people[2]!.visitIdx)).queue).toEqual({
      position: 2,
      estimatedWaitMin: 20,
    });

    // the staff day shows the queue and the patient basics; another hospital sees none of it
    // (the slots' days: just after midnight in Korea the first was yesterday)
    const days = [...new Set(people.map((p) => seoulDay(p.scheduledAt)))];
    const shown = await Promise.all(
      days.map((date) =>
        get<TelemedicineDay>(apiPaths.telemedicine.getDay, admin, { date, staffIdx: clinician.idx }),
      ),
    );
    expect(
      shown.flatMap((day) =>
        day.data!.visits.map((v) => [v.patientName, v.status, v.queue?.position ?? null]),
      ),
    ).toEqual([
      ['가환자', 'COMPLETE', null],
      ['나환자', 'WAITING', 1],
      ['다환자', 'WAITING', 2],
    ]);
    for (const date of days) {
      const otherDay = await get<TelemedicineDay>(apiPaths.telemedicine.getDay, otherHospitalDoctor, {
        date,
      });
      expect(otherDay.data!.visits.map((v) => v.visitIdx)).not.toContain(second.visitIdx);
    }
  });

  it('one waiting room over midnight: a 23:55 and a 00:05 patient stand first and second, not each first; a visit left waiting since yesterday is not ahead of them', async () => {
    const clinician = await newStaff('DOCTOR');
    // A Korean midnight a week ahead, and the service's clock a minute after it.
    const midnight = Date.parse(`${seoulDay(inMinutes(7 * 24 * 60))}T00:00:00+09:00`);
    const atMidnight = createTelemedicineService({
      db: t.app.db,
      people: createPeopleService({ db: t.app.db }),
      audit: t.app.audit,
      publisher: t.app.broker,
      notifications: { notify: () => Promise.resolve(null) },
      bookable: { bookablePatients: () => Promise.resolve([]) },
      ice: t.config.telemedicine,
      now: () => new Date(midnight + MINUTE),
    });
    const waiting: { patient: Person; visitIdx: number }[] = [];
    for (const [name, minutes] of [
      ['밤환자', -5],
      ['새벽환자', 5],
    ] as const) {
      const patient = await newPatient(name);
      await agree(patient);
      const scheduledAt = new Date(midnight + minutes * MINUTE).toISOString();
      // Ten-minute slots: 23:55–00:05 and 00:05–00:15.
      const visitIdx = (await book(patient, clinician, { scheduledAt, durationMin: 10 })).data!.visitIdx;
      waiting.push({ patient, visitIdx });
    }
    // Yesterday afternoon's patient, never admitted nor marked a no-show, waits no more ahead of them.
    const stale = await newPatient('어제환자');
    await agree(stale);
    const staleIdx = (
      await book(stale, clinician, { scheduledAt: new Date(midnight + 3 * 24 * 60 * MINUTE).toISOString() })
    ).data!.visitIdx;
    const staleAt = new Date(midnight + MINUTE - (TELEMEDICINE_QUEUE_LOOKBACK_H + 1) * 60 * MINUTE);
    await t.app.db.query(
      `UPDATE telemedicine_visits SET status = 'WAITING', scheduled_at = $2, waiting_since = $2 WHERE idx = $1`,
      [staleIdx, staleAt],
    );
    for (const { patient, visitIdx } of waiting) await atMidnight.enterWaitingRoom(patient.idx, visitIdx);
    const places = await Promise.all(
      waiting.map(async ({ patient, visitIdx }) => (await atMidnight.myVisit(patient.idx, visitIdx)).queue),
    );
    expect(places).toEqual([
      { position: 1, estimatedWaitMin: 0 },
      { position: 2, estimatedWaitMin: 15 },
    ]);
  });

  it('lets another DOCTOR or NURSE of the hospital admit, who then holds the call; not an ADMIN', async () => {
    const { patient, visit } = await openVisit();
    await enter(patient, visit.visitIdx);
    expect((await put(apiPaths.telemedicine.admit, admin, { visitIdx: visit.visitIdx })).code).toBe(
      ResultCode.TELEMEDICINE_NOT_CLINICIAN,
    );
    expect(
      (await put(apiPaths.telemedicine.admit, otherHospitalDoctor, { visitIdx: visit.visitIdx })).status,
    ).toBe(404);
    const nurse = await newStaff('NURSE', hospitalIdx, '윤간호');
    const admitted = await put(apiPaths.telemedicine.admit, nurse, { visitIdx: visit.visitIdx });
    expect(admitted.data).toMatchObject({
      status: 'IN_CALL',
      clinician: { staffIdx: nurse.idx, name: '윤간호' },
    });
    // an ADMIN may close a call left open
    expect((await put(apiPaths.telemedicine.endCall, admin, { visitIdx: visit.visitIdx })).data!.status).toBe(
      'COMPLETE',
    );
  });
});

describe('who may see what', () => {
  it("answers another patient's or another hospital's visit as not found, and audits the refusal", async () => {
    const { patient, visit } = await openVisit();
    const stranger = await newPatient('남환자');
    const refused = await get(apiPaths.telemedicine.getMyVisit, stranger, { visitIdx: visit.visitIdx });
    expect(refused.status).toBe(404);
    for (const [path, body] of [
      [apiPaths.telemedicine.leaveWaitingRoom, { visitIdx: visit.visitIdx }],
      [apiPaths.telemedicine.requestChange, { visitIdx: visit.visitIdx, preferredDates: [inMinutes(900)] }],
      [apiPaths.telemedicine.withdrawRequest, { visitIdx: visit.visitIdx }],
      [apiPaths.telemedicine.enterWaitingRoom, { visitIdx: visit.visitIdx }],
      [apiPaths.telemedicine.requestCancel, { visitIdx: visit.visitIdx }],
      [
        apiPaths.telemedicine.reportDeviceCheck,
        {
          visitIdx: visit.visitIdx,
          camera: 'OK',
          microphone: 'OK',
          speakerConfirmed: true,
          rttMs: 1,
          downKbps: 1,
        },
      ],
    ] as const) {
      expect((await put(path, stranger, body)).status, path).toBe(404);
    }
    expect(
      (await get(apiPaths.telemedicine.getVisit, otherHospitalDoctor, { visitIdx: visit.visitIdx })).status,
    ).toBe(404);
    for (const [path, body] of [
      [apiPaths.telemedicine.admit, { visitIdx: visit.visitIdx }],
      [apiPaths.telemedicine.endCall, { visitIdx: visit.visitIdx }],
      [apiPaths.telemedicine.markNoShow, { visitIdx: visit.visitIdx }],
      [apiPaths.telemedicine.writeSummary, { visitIdx: visit.visitIdx, summary: '남의 병원' }],
      [apiPaths.telemedicine.acceptRequest, { visitIdx: visit.visitIdx }],
      [apiPaths.telemedicine.cancel, { visitIdx: visit.visitIdx, reason: '사유' }],
      [apiPaths.telemedicine.move, { visitIdx: visit.visitIdx, scheduledAt: inMinutes(900) }],
      [apiPaths.telemedicine.declineRequest, { visitIdx: visit.visitIdx, reason: '사유' }],
    ] as const) {
      expect((await put(path, otherHospitalDoctor, body)).status, path).toBe(404);
    }
    const refusals = await t.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'access.refused' AND patient_idx = $1`,
      [patient.idx],
    );
    expect(refusals.rows[0]!.n).toBeGreaterThanOrEqual(14);
    expect((await mine(patient, visit.visitIdx)).status).toBe('BOOKED');
    // the staff's read of the visit is audited with the patient
    await get(apiPaths.telemedicine.getVisit, admin, { visitIdx: visit.visitIdx });
    const reads = await t.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'telemedicine.read' AND patient_idx = $1`,
      [patient.idx],
    );
    expect(reads.rows[0]!.n).toBe(1);
  });

  it('keeps patient calls from staff and staff calls from patients', async () => {
    const patient = await newPatient();
    expect((await get(apiPaths.telemedicine.getDay, patient, { date: '2030-01-02' })).status).toBe(401);
    expect((await get(apiPaths.telemedicine.getMyVisits, admin)).status).toBe(401);
    expect((await client().get(apiPaths.telemedicine.getIceServers)).status).toBe(401);
  });

  it('stores the device check on the visit named, or on the next open one, for the staff to see', async () => {
    const { patient, visit } = await openVisit();
    const check = { camera: 'OK', microphone: 'DENIED', speakerConfirmed: true, rttMs: 48, downKbps: 12_000 };
    const stored = await put<ReportDeviceCheckResult>(
      apiPaths.telemedicine.reportDeviceCheck,
      patient,
      check,
    );
    expect(stored.data).toMatchObject({ visitIdx: visit.visitIdx, deviceCheck: check });
    const latest = await put<ReportDeviceCheckResult>(apiPaths.telemedicine.reportDeviceCheck, patient, {
      ...check,
      visitIdx: visit.visitIdx,
      microphone: 'OK',
    });
    expect(latest.data!.deviceCheck.microphone).toBe('OK');
    const seen = await get<TelemedicineVisit>(apiPaths.telemedicine.getVisit, admin, {
      visitIdx: visit.visitIdx,
    });
    expect(seen.data!.deviceCheck).toMatchObject({ ...check, microphone: 'OK' });
    const nobody = await newPatient();
    const none = await put<ReportDeviceCheckResult>(apiPaths.telemedicine.reportDeviceCheck, nobody, check);
    expect(none.data!.visitIdx).toBeNull();
  });
});

describe('ICE servers and the network probe', () => {
  it('gives no ICE servers when none are configured', async () => {
    const { patient, clinician, visit } = await openVisit();
    const query = { visitIdx: visit.visitIdx };
    const ice = await get<TelemedicineIceServers>(apiPaths.telemedicine.getIceServers, patient, query);
    expect(ice.data).toEqual({ iceServers: [], ttlS: 3600 });
    expect(
      (await get<TelemedicineIceServers>(apiPaths.telemedicine.getIceServers, clinician, query)).code,
    ).toBe(0);
  });

  describe('TURN credentials only for the parties of a visit open to them', () => {
    const SECRET = 'ice-test-secret-0123456789abcdef';
    let turnApp: TestApp;
    let ofTurn: (
      who: Person,
      visitIdx?: number,
    ) => Promise<{ status: number; code: number; data: TelemedicineIceServers | null }>;

    beforeAll(async () => {
      // The same database rules on an app with TURN configured: what is at stake is the relay credential.
      turnApp = await buildTestApp({
        config: {
          telemedicine: {
            stunUrls: ['stun:turn.test:3478'],
            turnUrls: ['turn:turn.test:3478?transport=udp'],
            turnSecret: SECRET,
            turnTtlS: 600,
          },
        },
      });
      ofTurn = async (who, visitIdx) => {
        const answer = await api(turnApp.baseUrl).get<TelemedicineIceServers>(
          apiPaths.telemedicine.getIceServers,
          {
            token: who.token,
            query: visitIdx === undefined ? {} : { visitIdx },
          },
        );
        return { status: answer.status, code: answer.code, data: answer.data };
      };
    });
    afterAll(async () => {
      await turnApp?.close();
    });

    /** The people and an open visit on the TURN app's own database. */
    async function world() {
      const db = turnApp.app.db;
      const hospital = (await createHospital(db, { name: 'TURN병원' })).idx;
      const other = (await createHospital(db, { name: '남의병원' })).idx;
      const patient = await createPatient(db, { name: '김환자', choseHospitalIdx: hospital });
      const stranger = await createPatient(db, { name: '남환자', choseHospitalIdx: hospital });
      const person = async (created: CreatedAccount, staff: boolean): Promise<Person> => ({
        idx: created.idx,
        loginId: created.loginId,
        token: (await (staff ? loginStaff : loginPatient)(turnApp.baseUrl, created)).accessToken,
      });
      const people = {
        patient: await person(patient, false),
        stranger: await person(stranger, false),
        doctor: await person(
          await createStaff(db, { hospitalIdx: hospital, role: 'DOCTOR', name: '최의사' }),
          true,
        ),
        colleague: await person(
          await createStaff(db, { hospitalIdx: hospital, role: 'DOCTOR', name: '박의사' }),
          true,
        ),
        hospitalAdmin: await person(
          await createStaff(db, { hospitalIdx: hospital, role: 'ADMIN', name: '관리' }),
          true,
        ),
        otherDoctor: await person(
          await createStaff(db, { hospitalIdx: other, role: 'DOCTOR', name: '남의사' }),
          true,
        ),
      };
      const bookAt = async (minutes: number) =>
        (
          await api(turnApp.baseUrl).post<TelemedicineVisit>(apiPaths.telemedicine.book, {
            token: people.hospitalAdmin.token,
            body: {
              patientIdx: people.patient.idx,
              staffIdx: people.doctor.idx,
              department: '내과',
              scheduledAt: inMinutes(minutes),
              durationMin: 15,
              reason: '혈압 상담',
            },
          })
        ).data!.visitIdx;
      const on = (who: Person) => ({
        put: (path: string, body: Record<string, unknown>) =>
          api(turnApp.baseUrl).put<TelemedicineVisit>(path, { token: who.token, body }),
      });
      return { ...people, bookAt, on };
    }

    it('issues them to the patient (window open, waiting) and to the clinician holding the call', async () => {
      const w = await world();
      const visitIdx = await w.bookAt(5);
      // BOOKED inside the entry window: about to enter
      const booked = await ofTurn(w.patient, visitIdx);
      expect(booked.code).toBe(ResultCode.SUCCESS);
      const turn = booked.data!.iceServers.find((server) => server.username)!;
      expect(turn.username).toMatch(new RegExp(`^\\d+:p${w.patient.idx}$`));
      expect(turn.credential).toBe(createHmac('sha1', SECRET).update(turn.username!).digest('base64'));
      // the booked clinician may prepare too
      expect((await ofTurn(w.doctor, visitIdx)).code).toBe(ResultCode.SUCCESS);

      await w
        .on(w.patient)
        .put(apiPaths.telemedicine.agreeConsent, { version: TELEMEDICINE_CONSENT_VERSION });
      expect((await w.on(w.patient).put(apiPaths.telemedicine.enterWaitingRoom, { visitIdx })).code).toBe(0);
      expect((await ofTurn(w.patient, visitIdx)).code).toBe(ResultCode.SUCCESS);
      // a colleague who admits becomes the clinician and gets them; the booked one then does not
      expect((await w.on(w.colleague).put(apiPaths.telemedicine.admit, { visitIdx })).code).toBe(0);
      const staffIce = await ofTurn(w.colleague, visitIdx);
      expect(staffIce.code).toBe(ResultCode.SUCCESS);
      expect(staffIce.data!.iceServers.find((server) => server.username)!.username).toMatch(
        new RegExp(`^\\d+:s${w.colleague.idx}$`),
      );
      expect((await ofTurn(w.doctor, visitIdx)).code).toBe(ResultCode.FORBIDDEN);
      expect((await ofTurn(w.patient, visitIdx)).code).toBe(ResultCode.SUCCESS);
    });

    it('refuses everyone else, before the window and after the end, and audits each refusal', async () => {
      const w = await world();
      const visitIdx = await w.bookAt(5);
      const refusedBefore = await turnApp.app.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_log WHERE action = 'access.refused' AND patient_idx = $1`,
        [w.patient.idx],
      );
      expect(refusedBefore.rows[0]!.n).toBe(0);

      const stranger = await ofTurn(w.stranger, visitIdx);
      expect([stranger.status, stranger.code, stranger.data]).toEqual([404, ResultCode.NOT_FOUND, null]);
      expect((await ofTurn(w.otherDoctor, visitIdx)).code).toBe(ResultCode.NOT_FOUND);
      const colleague = await ofTurn(w.colleague, visitIdx);
      expect([colleague.status, colleague.code, colleague.data]).toEqual([403, ResultCode.FORBIDDEN, null]);
      expect((await ofTurn(w.hospitalAdmin, visitIdx)).code).toBe(ResultCode.FORBIDDEN);
      // no visit named, or none such
      expect((await ofTurn(w.patient)).code).toBe(ResultCode.VALIDATION_FAILED);
      expect((await ofTurn(w.patient, 999_999)).code).toBe(ResultCode.NOT_FOUND);

      // before its window opens
      const later = await w.bookAt(120);
      expect((await ofTurn(w.patient, later)).code).toBe(ResultCode.FORBIDDEN);
      expect((await ofTurn(w.doctor, later)).code).toBe(ResultCode.FORBIDDEN);

      // once it is over
      await w
        .on(w.patient)
        .put(apiPaths.telemedicine.agreeConsent, { version: TELEMEDICINE_CONSENT_VERSION });
      await w.on(w.patient).put(apiPaths.telemedicine.enterWaitingRoom, { visitIdx });
      await w.on(w.doctor).put(apiPaths.telemedicine.admit, { visitIdx });
      expect((await w.on(w.doctor).put(apiPaths.telemedicine.endCall, { visitIdx })).code).toBe(0);
      expect((await ofTurn(w.patient, visitIdx)).code).toBe(ResultCode.FORBIDDEN);
      expect((await ofTurn(w.doctor, visitIdx)).code).toBe(ResultCode.FORBIDDEN);

      // every refusal of the patient's visits is in the audit log with the patient
      const refused = await turnApp.app.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_log WHERE action = 'access.refused' AND patient_idx = $1`,
        [w.patient.idx],
      );
      expect(refused.rows[0]!.n).toBe(8);
    });
  });

  it('sends N random bytes, uncached, and limits each caller to 30 a minute', async () => {
    const patient = await newPatient();
    const probe = (bytes?: number, token = patient.token) =>
      fetch(
        `${t.baseUrl}${API_PREFIX}${TELEMEDICINE_PROBE_PATH}${bytes === undefined ? '' : `?bytes=${bytes}`}`,
        {
          headers: token ? { authorization: `Bearer ${token}` } : {},
        },
      );
    const sized = await probe(1000);
    expect(sized.status).toBe(200);
    expect(sized.headers.get('content-type')).toBe('application/octet-stream');
    expect(sized.headers.get('cache-control')).toBe('no-store');
    expect((await sized.arrayBuffer()).byteLength).toBe(1000);
    expect((await (await probe()).arrayBuffer()).byteLength).toBe(65_536);
    expect((await (await probe(0)).arrayBuffer()).byteLength).toBe(0);
    expect((await probe(262_145)).status).toBe(400);
    expect((await probe(10, '')).status).toBe(401);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await probe(0)).status);
    expect(statuses.at(-1)).toBe(429);
    // another caller has a budget of their own
    expect((await probe(0, admin.token)).status).toBe(200);
  });
});

describe('the window-open notice, ratings and erasure', () => {
  it('tells the patient once when the waiting room opens, also with two passes at once', async () => {
    const patient = await newPatient();
    const clinician = await newStaff('DOCTOR');
    const visit = (await book(patient, clinician, { scheduledAt: inMinutes(8) })).data!;
    await book(patient, clinician, { scheduledAt: inMinutes(120) });
    await Promise.all([
      t.app.jobs.runNow(TELEMEDICINE_WINDOW_JOB),
      t.app.jobs.runNow(TELEMEDICINE_WINDOW_JOB),
    ]);
    await t.app.jobs.runNow(TELEMEDICINE_WINDOW_JOB);
    const notices = (
      await get<Page<Notification>>(apiPaths.notification.getMyNotifications, patient, { pNum: 1, pSize: 50 })
    ).data!.dataList;
    const open = notices.filter((n) => n.title === '진료실 입장이 가능합니다');
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({
      kind: 'telemedicine',
      deepLink: `#/homecare/telemedicine/${visit.visitIdx}`,
    });
  });

  it('makes a completed visit rateable, once', async () => {
    const { patient, clinician, visit } = await openVisit();
    await enter(patient, visit.visitIdx);
    const query = { kind: 'TELEMEDICINE', idx: visit.visitIdx };
    expect((await get(apiPaths.rating.getOccasion, patient, query)).code).toBe(
      ResultCode.RATING_NOT_COMPLETED,
    );
    await put(apiPaths.telemedicine.admit, clinician, { visitIdx: visit.visitIdx });
    await put(apiPaths.telemedicine.endCall, clinician, { visitIdx: visit.visitIdx });
    const occasion = await get<RatingOccasion>(apiPaths.rating.getOccasion, patient, query);
    expect(occasion.data).toMatchObject({
      kind: 'TELEMEDICINE',
      idx: visit.visitIdx,
      hospitalName: '서울스마트병원',
    });
    const mineRatings = await get<MyRatings>(apiPaths.rating.getMyRatings, patient);
    expect(mineRatings.data!.waiting.map((o) => `${o.kind}:${o.idx}`)).toContain(
      `TELEMEDICINE:${visit.visitIdx}`,
    );
    const rated = await put<RatingOccasion>(apiPaths.rating.submit, patient, {
      ...query,
      stars: 5,
      tags: ['KIND'],
    });
    expect(rated.data!.rating!.stars).toBe(5);
    expect(
      (await get<MyRatings>(apiPaths.rating.getMyRatings, patient)).data!.waiting.map((o) => o.idx),
    ).not.toContain(visit.visitIdx);
    expect((await get(apiPaths.rating.getOccasion, await newPatient(), query)).status).toBe(404);
  });

  it('on account deletion keeps the completed visit (a medical record) without what the patient typed, and deletes the rest', async () => {
    const created = await createPatient(t.app.db, { name: '탈퇴자', choseHospitalIdx: hospitalIdx });
    const patient = {
      idx: created.idx,
      loginId: created.loginId,
      token: (await loginPatient(t.baseUrl, created)).accessToken,
    };
    const clinician = await newStaff('DOCTOR');
    await agree(patient);
    const done = (await book(patient, clinician)).data!;
    await put(apiPaths.telemedicine.reportDeviceCheck, patient, {
      visitIdx: done.visitIdx,
      camera: 'OK',
      microphone: 'OK',
      speakerConfirmed: true,
      rttMs: 30,
      downKbps: 9000,
    });
    await enter(patient, done.visitIdx);
    await put(apiPaths.telemedicine.admit, clinician, { visitIdx: done.visitIdx });
    await put(apiPaths.telemedicine.endCall, clinician, { visitIdx: done.visitIdx });
    await put(apiPaths.telemedicine.writeSummary, clinician, {
      visitIdx: done.visitIdx,
      summary: '경과 양호',
    });
    const upcoming = (await book(patient, clinician, { scheduledAt: inMinutes(3000) })).data!;
    await put(apiPaths.telemedicine.requestCancel, patient, { visitIdx: upcoming.visitIdx, reason: '이사' });

    const deleted = await client().delete(apiPaths.patient.delete, {
      token: patient.token,
      body: { password: created.password },
    });
    expect(deleted.code).toBe(ResultCode.SUCCESS);

    const rows = await t.app.db.query<{ idx: number; summary: string | null; device_camera: string | null }>(
      `SELECT idx, summary, device_camera FROM telemedicine_visits WHERE patient_idx = $1`,
      [patient.idx],
    );
    expect(rows.rows).toEqual([{ idx: done.visitIdx, summary: '경과 양호', device_camera: null }]);
    const patientSteps = await t.app.db.query<{ by_name: string | null }>(
      `SELECT by_name FROM telemedicine_history WHERE actor_type = 'patient' AND actor_idx = $1`,
      [patient.idx],
    );
    expect(patientSteps.rows.length).toBeGreaterThan(0);
    expect(patientSteps.rows.every((row) => row.by_name === null)).toBe(true);
    const consents = await t.app.db.query(`SELECT 1 FROM telemedicine_consents WHERE patient_idx = $1`, [
      patient.idx,
    ]);
    expect(consents.rows).toEqual([]);
  });
});

describe('the demo visits', () => {
  it("give the demo patient a visit open now, one next week and a finished one; a later start reopens today's", async () => {
    const patient = await newPatient('김하늘');
    const nurse = await newStaff('NURSE', hospitalIdx, '이간호');
    const seed = (now: Date) =>
      t.app.db.transaction((tx) =>
        seedDemoTelemedicine(tx, {
          patientIdx: patient.idx,
          hospitalIdx,
          clinician: { idx: nurse.idx, name: '이간호' },
          now,
        }),
      );
    await seed(new Date());
    await seed(new Date());
    const list = (await get<MyTelemedicineVisits>(apiPaths.telemedicine.getMyVisits, patient)).data!;
    expect(list.upcoming).toHaveLength(2);
    expect(list.upcoming[0]).toMatchObject({
      reason: DEMO_TODAY_REASON,
      canEnter: true,
      clinician: { name: '이간호' },
    });
    expect(list.upcoming[1]!.canEnter).toBe(false);
    expect(list.past).toHaveLength(1);
    expect(list.past[0]!.summary).not.toBeNull();
    await agree(patient);
    expect((await enter(patient, list.upcoming[0]!.visitIdx)).data!.status).toBe('WAITING');
    await put(apiPaths.telemedicine.leaveWaitingRoom, patient, { visitIdx: list.upcoming[0]!.visitIdx });

    // a start two hours later: today's visit (unused, its window closed) opens again
    const later = new Date(Date.now() + 120 * MINUTE);
    await seed(later);
    const moved = await mine(patient, list.upcoming[0]!.visitIdx);
    expect(new Date(moved.scheduledAt).getTime()).toBeGreaterThan(later.getTime());
    const count = await t.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM telemedicine_visits WHERE patient_idx = $1`,
      [patient.idx],
    );
    expect(count.rows[0]!.n).toBe(3);
  });
});
