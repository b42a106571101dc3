import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type {
  Appointment,
  AppointmentIcs,
  AppointmentStatus,
  Schedule,
} from '@smartcare/contract/appointment';
import type { Notification } from '@smartcare/contract/notification';
import type { Page } from '@smartcare/contract/paging';
import { ResultCode } from '@smartcare/contract/result-codes';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import {
  api,
  createHospital,
  createPatient,
  createStaff,
  loginPatient,
  loginStaff,
} from '../../testing/factories.ts';
import { seedDemoAppointments } from '../../db/demo-appointments.ts';
import { APPOINTMENT_REMINDER_JOB } from './appointment.jobs.ts';
import { kstLabel } from './appointment.service.ts';

/**
 * Appointments (issue 16): the change/cancel state machine, personal items, the .ics file,
 * the staff schedule and queue, who may do what, and the reminders.
 */
let t: TestApp;
let hospitalIdx: number;
let staffToken: string;
let otherStaffToken: string;
let seq = 0;

interface Patient {
  idx: number;
  token: string;
}

const client = () => api(t.baseUrl);
const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

async function newPatient(name = '김예약', chosen = hospitalIdx): Promise<Patient> {
  const created = await createPatient(t.app.db, { name, choseHospitalIdx: chosen });
  return { idx: created.idx, token: (await loginPatient(t.baseUrl, created)).accessToken };
}

const booking = (patientIdx: number, extra: Record<string, unknown> = {}) => ({
  patientIdx,
  department: '내과',
  doctor: '김의사',
  startsAt: inHours(72),
  durationMin: 30,
  building: '본관',
  floor: '3층',
  room: '301호',
  type: 'OUTPATIENT',
  preparation: '8시간 금식',
  clientRequestId: `book-${++seq}-abcdef`,
  ...extra,
});

async function book(p: Patient, extra: Record<string, unknown> = {}, token = staffToken) {
  return client().post<Appointment>(apiPaths.appointment.create, { token, body: booking(p.idx, extra) });
}
const staffPut = (path: string, body: Record<string, unknown>, token = staffToken) =>
  client().put<Appointment>(path, { token, body });
const patientPut = (p: Patient, path: string, body: Record<string, unknown>) =>
  client().put<Appointment>(path, { token: p.token, body });
const mine = async (p: Patient, idx: number) =>
  (await client().get<Appointment>(apiPaths.appointment.getMyAppointment, { token: p.token, query: { idx } }))
    .data!;

/** A fresh appointment moved to `status` through the allowed path (완료: one that started an hour ago). */
async function appointmentIn(p: Patient, status: AppointmentStatus): Promise<Appointment> {
  const created = (await book(p, status === 'COMPLETED' ? { startsAt: inHours(-1) } : {})).data!;
  const idx = created.idx;
  switch (status) {
    case 'BOOKED':
      return created;
    case 'CHANGE_REQUESTED':
      return (await patientPut(p, apiPaths.appointment.requestChange, { idx, preferredTimes: [inHours(96)] }))
        .data!;
    case 'CANCEL_REQUESTED':
      return (await patientPut(p, apiPaths.appointment.requestCancel, { idx })).data!;
    case 'COMPLETED':
      return (await staffPut(apiPaths.appointment.complete, { idx })).data!;
    case 'CANCELLED':
      return (await staffPut(apiPaths.appointment.cancel, { idx, reason: '의사 일정 변경' })).data!;
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  hospitalIdx = (await createHospital(t.app.db, { name: '서울스마트병원' })).idx;
  const otherHospitalIdx = (await createHospital(t.app.db, { name: '옆동네병원' })).idx;
  staffToken = (await loginStaff(t.baseUrl, await createStaff(t.app.db, { hospitalIdx, name: '박원무' })))
    .accessToken;
  otherStaffToken = (
    await loginStaff(
      t.baseUrl,
      await createStaff(t.app.db, { hospitalIdx: otherHospitalIdx, name: '이원무' }),
    )
  ).accessToken;
});

afterAll(async () => {
  await t?.close();
});

describe('booking and the patient list', () => {
  it('books an appointment the patient sees with place, preparation and history; a resend books once', async () => {
    const p = await newPatient();
    const body = booking(p.idx);
    const first = await client().post<Appointment>(apiPaths.appointment.create, { token: staffToken, body });
    expect(first.code).toBe(ResultCode.SUCCESS);
    const again = await client().post<Appointment>(apiPaths.appointment.create, { token: staffToken, body });
    expect(again.data!.idx).toBe(first.data!.idx);
    const list = await client().get<Appointment[]>(apiPaths.appointment.getMyAppointments, {
      token: p.token,
    });
    expect(list.data).toHaveLength(1);
    const item = list.data![0]!;
    expect(item).toMatchObject({
      kind: 'HOSPITAL',
      hospitalName: '서울스마트병원',
      department: '내과',
      building: '본관',
      floor: '3층',
      room: '301호',
      type: 'OUTPATIENT',
      preparation: '8시간 금식',
      status: 'BOOKED',
    });
    expect(item.events.map((e) => e.action)).toEqual(['CREATED']);
  });

  it('refuses bad input field by field and books nothing', async () => {
    const p = await newPatient();
    const bad = await client().post<{ fields?: Record<string, string> }>(apiPaths.appointment.create, {
      token: staffToken,
      body: booking(p.idx, { department: '', startsAt: '내일', type: 'DENTAL', durationMin: 0 }),
    });
    expect(bad.status).toBe(400);
    expect(bad.code).toBe(ResultCode.VALIDATION_FAILED);
    const list = await client().get<Appointment[]>(apiPaths.appointment.getMyAppointments, {
      token: p.token,
    });
    expect(list.data).toEqual([]);
  });

  it('refuses a 비대면 진료 here (it is booked as a telemedicine visit, with its video room) and books nothing', async () => {
    const p = await newPatient();
    const refused = await client().post<{ fields: { field: string; message: string }[] }>(
      apiPaths.appointment.create,
      { token: staffToken, body: booking(p.idx, { type: 'TELEMEDICINE' }) },
    );
    expect(refused.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(refused.data!.fields.map((f) => f.field)).toEqual(['type']);
    const list = await client().get<Appointment[]>(apiPaths.appointment.getMyAppointments, {
      token: p.token,
    });
    expect(list.data).toEqual([]);
  });

  it('does not book for a patient of another hospital', async () => {
    const p = await newPatient();
    const refused = await book(p, {}, otherStaffToken);
    expect(refused.status).toBe(404);
    const list = await client().get<Appointment[]>(apiPaths.appointment.getMyAppointments, {
      token: p.token,
    });
    expect(list.data).toEqual([]);
  });

  it('keeps text as text (an XSS payload is stored and returned verbatim)', async () => {
    const p = await newPatient();
    const payload = '<img src=x onerror=alert(1)>';
    const created = await book(p, { preparation: payload });
    expect(created.data!.preparation).toBe(payload);
  });
});

describe('the change and cancel state machine', () => {
  it('a change request is accepted: the appointment moves to the chosen time, both see the history', async () => {
    const p = await newPatient();
    const created = (await book(p)).data!;
    const preferred = [inHours(100), inHours(120)];
    const asked = await patientPut(p, apiPaths.appointment.requestChange, {
      idx: created.idx,
      preferredTimes: preferred,
      note: '오후가 좋습니다',
    });
    expect(asked.data!.status).toBe('CHANGE_REQUESTED');
    expect(asked.data!.preferredTimes).toEqual(preferred);
    expect(asked.data!.events.at(-1)!.note).toBe(`${preferred.map(kstLabel).join(', ')} — 오후가 좋습니다`);
    // a double submit is one request: the second is refused by the machine
    const twice = await patientPut(p, apiPaths.appointment.requestChange, {
      idx: created.idx,
      preferredTimes: preferred,
    });
    expect(twice.code).toBe(ResultCode.APPOINTMENT_STATE);

    const queue = await client().get<Appointment[]>(apiPaths.appointment.getRequests, { token: staffToken });
    expect(queue.data!.map((a) => a.idx)).toContain(created.idx);
    const otherQueue = await client().get<Appointment[]>(apiPaths.appointment.getRequests, {
      token: otherStaffToken,
    });
    expect(otherQueue.data!.map((a) => a.idx)).not.toContain(created.idx);

    const accepted = await staffPut(apiPaths.appointment.acceptRequest, {
      idx: created.idx,
      startsAt: preferred[1],
    });
    expect(accepted.data!.status).toBe('BOOKED');
    expect(accepted.data!.startsAt).toBe(preferred[1]);
    expect(accepted.data!.preferredTimes).toEqual([]);
    const seen = await mine(p, created.idx);
    expect(seen.startsAt).toBe(preferred[1]);
    expect(seen.events.map((e) => e.action)).toEqual(['CREATED', 'CHANGE_REQUESTED', 'CHANGE_ACCEPTED']);
    const notes = await client().get<Page<Notification>>(apiPaths.notification.getMyNotifications, {
      token: p.token,
      query: { pNum: 1, pSize: 50 },
    });
    const accept = notes.data!.dataList.find((n) => n.title === '예약 변경 요청이 수락되었습니다');
    expect(accept?.kind).toBe('schedule');
    expect(accept?.deepLink).toBe(`#/hospital/schedulemanage/${created.idx}`);
  });

  it('a cancel request is accepted (취소됨) or declined with a reason (back to 예약)', async () => {
    const p = await newPatient();
    const a = await appointmentIn(p, 'CANCEL_REQUESTED');
    expect(a.status).toBe('CANCEL_REQUESTED');
    expect((await staffPut(apiPaths.appointment.acceptRequest, { idx: a.idx })).data!.status).toBe(
      'CANCELLED',
    );

    const b = await appointmentIn(p, 'CANCEL_REQUESTED');
    const declined = await staffPut(apiPaths.appointment.declineRequest, {
      idx: b.idx,
      reason: '당일 취소 불가',
    });
    expect(declined.data!.status).toBe('BOOKED');
    expect(declined.data!.reason).toBe('당일 취소 불가');
    expect((await mine(p, b.idx)).events.at(-1)).toMatchObject({
      action: 'DECLINED',
      note: '당일 취소 불가',
    });
  });

  it('refuses a decline without a reason, with the field named', async () => {
    const p = await newPatient();
    const a = await appointmentIn(p, 'CHANGE_REQUESTED');
    const refused = await staffPut(apiPaths.appointment.declineRequest, { idx: a.idx, reason: ' ' });
    expect(refused.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(JSON.stringify(refused.data)).toContain('reason');
    expect((await mine(p, a.idx)).status).toBe('CHANGE_REQUESTED');
  });

  const patientSteps = {
    change: (p: Patient, idx: number) =>
      patientPut(p, apiPaths.appointment.requestChange, { idx, preferredTimes: [inHours(200)] }),
    cancel: (p: Patient, idx: number) => patientPut(p, apiPaths.appointment.requestCancel, { idx }),
  };
  const staffSteps = {
    accept: (idx: number) => staffPut(apiPaths.appointment.acceptRequest, { idx }),
    decline: (idx: number) => staffPut(apiPaths.appointment.declineRequest, { idx, reason: '불가' }),
    complete: (idx: number) => staffPut(apiPaths.appointment.complete, { idx }),
    cancel: (idx: number) => staffPut(apiPaths.appointment.cancel, { idx, reason: '휴진' }),
  };
  // Which steps each status allows (decision 029); every other one is refused and changes nothing.
  const allowed: Record<AppointmentStatus, string[]> = {
    BOOKED: ['patient.change', 'patient.cancel', 'staff.complete', 'staff.cancel'],
    CHANGE_REQUESTED: ['staff.accept', 'staff.decline', 'staff.cancel'],
    CANCEL_REQUESTED: ['staff.accept', 'staff.decline', 'staff.cancel'],
    COMPLETED: [],
    CANCELLED: [],
  };
  for (const status of Object.keys(allowed) as AppointmentStatus[]) {
    it(`from ${status}: refuses every step the machine does not allow`, async () => {
      const p = await newPatient();
      for (const [name, step] of Object.entries(patientSteps)) {
        if (allowed[status].includes(`patient.${name}`)) continue;
        const a = await appointmentIn(p, status);
        const answer = await step(p, a.idx);
        expect(answer.code, `patient.${name} from ${status}`).toBe(ResultCode.APPOINTMENT_STATE);
        expect((await mine(p, a.idx)).status).toBe(status);
      }
      for (const [name, step] of Object.entries(staffSteps)) {
        if (allowed[status].includes(`staff.${name}`)) continue;
        const a = await appointmentIn(p, status);
        const answer = await step(a.idx);
        expect(answer.code, `staff.${name} from ${status}`).toBe(ResultCode.APPOINTMENT_STATE);
        expect((await mine(p, a.idx)).status).toBe(status);
      }
    });
  }

  it('refuses 완료 before the visit has started, in Korean, changing nothing; allows it once started', async () => {
    const p = await newPatient();
    const future = (await book(p)).data!;
    const early = await staffSteps.complete(future.idx);
    expect(early.status).toBe(409);
    expect(early.code).toBe(ResultCode.APPOINTMENT_NOT_STARTED);
    expect(early.description).toBe('진료 시작 시간이 지나야 완료로 표시할 수 있습니다.');
    const after = await mine(p, future.idx);
    expect(after.status).toBe('BOOKED');
    expect(after.events.map((e) => e.action)).toEqual(['CREATED']);
    // no invitation to rate a visit not yet had
    const { rows } = await t.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM notifications WHERE patient_idx = $1 AND deep_link LIKE '%/rate%'`,
      [p.idx],
    );
    expect(rows[0]!.n).toBe(0);

    const started = (await book(p, { startsAt: inHours(-0.1) })).data!;
    const done = await staffSteps.complete(started.idx);
    expect(done.code).toBe(ResultCode.SUCCESS);
    expect(done.data!.status).toBe('COMPLETED');
  });

  it('refuses a preferred time in the past, and a request on an appointment already passed', async () => {
    const p = await newPatient();
    const a = (await book(p)).data!;
    const past = await patientPut(p, apiPaths.appointment.requestChange, {
      idx: a.idx,
      preferredTimes: [inHours(-1)],
    });
    expect(past.code).toBe(ResultCode.APPOINTMENT_PAST);
    const gone = (await book(p, { startsAt: inHours(-3) })).data!;
    expect((await patientPut(p, apiPaths.appointment.requestCancel, { idx: gone.idx })).code).toBe(
      ResultCode.APPOINTMENT_PAST,
    );
  });
});

describe('who may do what', () => {
  it("a patient cannot see, change or download another patient's appointment", async () => {
    const owner = await newPatient();
    const other = await newPatient('이타인');
    const a = (await book(owner)).data!;
    for (const answer of [
      await client().get(apiPaths.appointment.getMyAppointment, {
        token: other.token,
        query: { idx: a.idx },
      }),
      await client().get(apiPaths.appointment.getIcs, { token: other.token, query: { idx: a.idx } }),
      await patientPut(other, apiPaths.appointment.requestCancel, { idx: a.idx }),
      await patientPut(other, apiPaths.appointment.requestChange, {
        idx: a.idx,
        preferredTimes: [inHours(50)],
      }),
    ])
      expect(answer.status).toBe(404);
    expect((await mine(owner, a.idx)).status).toBe('BOOKED');
    const list = await client().get<Appointment[]>(apiPaths.appointment.getMyAppointments, {
      token: other.token,
    });
    expect(list.data).toEqual([]);
  });

  it("staff of another hospital cannot read or move this hospital's appointments", async () => {
    const p = await newPatient();
    const a = await appointmentIn(p, 'CHANGE_REQUESTED');
    const reads = [
      await client().get(apiPaths.appointment.getAppointment, {
        token: otherStaffToken,
        query: { idx: a.idx },
      }),
      await staffPut(apiPaths.appointment.acceptRequest, { idx: a.idx }, otherStaffToken),
      await staffPut(apiPaths.appointment.declineRequest, { idx: a.idx, reason: '불가' }, otherStaffToken),
      await staffPut(apiPaths.appointment.cancel, { idx: a.idx, reason: '불가' }, otherStaffToken),
      await staffPut(apiPaths.appointment.complete, { idx: a.idx }, otherStaffToken),
      await staffPut(
        apiPaths.appointment.update,
        { ...booking(p.idx), patientIdx: undefined, clientRequestId: undefined, idx: a.idx },
        otherStaffToken,
      ),
    ];
    for (const answer of reads) expect(answer.status).toBe(404);
    expect((await mine(p, a.idx)).status).toBe('CHANGE_REQUESTED');
    const week = await client().get<Schedule>(apiPaths.appointment.getSchedule, {
      token: otherStaffToken,
      query: { date: new Date().toISOString().slice(0, 10), view: 'week' },
    });
    expect(week.data!.appointments.map((x) => x.idx)).not.toContain(a.idx);
  });

  it('every call refuses the other side and no token', async () => {
    const p = await newPatient();
    const patientCalls = [
      apiPaths.appointment.getMyAppointments,
      apiPaths.appointment.getMyAppointment,
      apiPaths.appointment.getIcs,
    ];
    for (const path of patientCalls) {
      expect([401, 403]).toContain(
        (await client().get(path, { token: staffToken, query: { idx: 1 } })).status,
      );
      expect((await client().get(path, { query: { idx: 1 } })).status).toBe(401);
    }
    const staffCalls = [
      apiPaths.appointment.getRequests,
      apiPaths.appointment.getBookablePatients,
      apiPaths.appointment.getAppointment,
    ];
    for (const path of staffCalls) {
      expect([401, 403]).toContain((await client().get(path, { token: p.token, query: { idx: 1 } })).status);
      expect((await client().get(path, { query: { idx: 1 } })).status).toBe(401);
    }
    expect([401, 403]).toContain((await book(p, {}, p.token)).status);
  });

  it("a staff read of a patient's appointment is audited with the patient", async () => {
    const p = await newPatient();
    const a = (await book(p)).data!;
    await client().get(apiPaths.appointment.getAppointment, { token: staffToken, query: { idx: a.idx } });
    await t.app.audit.flush();
    const { rows } = await t.app.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE patient_idx = $1 ORDER BY idx`,
      [p.idx],
    );
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['appointment.created', 'appointment.read']),
    );
  });
});

describe('personal items', () => {
  it('are the patient’s own: marked, editable and deletable by them only; staff do not see them', async () => {
    const p = await newPatient();
    const other = await newPatient('이타인');
    const body = {
      title: '약국 방문',
      startsAt: inHours(30),
      place: '온누리약국',
      clientRequestId: `own-${++seq}-abc`,
    };
    const added = await client().post<Appointment>(apiPaths.appointment.addPersonal, {
      token: p.token,
      body,
    });
    const again = await client().post<Appointment>(apiPaths.appointment.addPersonal, {
      token: p.token,
      body,
    });
    expect(again.data!.idx).toBe(added.data!.idx);
    expect(added.data).toMatchObject({ kind: 'PERSONAL', title: '약국 방문', building: '온누리약국' });

    const edit = { idx: added.data!.idx, title: '약국 들르기', startsAt: inHours(31) };
    expect((await patientPut(other, apiPaths.appointment.updatePersonal, edit)).status).toBe(404);
    expect((await patientPut(p, apiPaths.appointment.updatePersonal, edit)).data!.title).toBe('약국 들르기');
    // a personal item is not a hospital appointment: no requests, no staff steps
    expect((await patientPut(p, apiPaths.appointment.requestCancel, { idx: edit.idx })).code).toBe(
      ResultCode.APPOINTMENT_NOT_EDITABLE,
    );
    expect((await staffPut(apiPaths.appointment.complete, { idx: edit.idx })).status).toBe(404);
    // a hospital appointment cannot be edited or deleted as a personal item
    const hospital = (await book(p)).data!;
    expect(
      (await patientPut(p, apiPaths.appointment.updatePersonal, { ...edit, idx: hospital.idx })).code,
    ).toBe(ResultCode.APPOINTMENT_NOT_EDITABLE);
    expect(
      (
        await client().delete(apiPaths.appointment.deletePersonal, {
          token: p.token,
          body: { idx: hospital.idx },
        })
      ).code,
    ).toBe(ResultCode.APPOINTMENT_NOT_EDITABLE);

    expect(
      (
        await client().delete(apiPaths.appointment.deletePersonal, {
          token: other.token,
          body: { idx: edit.idx },
        })
      ).status,
    ).toBe(404);
    await client().delete(apiPaths.appointment.deletePersonal, { token: p.token, body: { idx: edit.idx } });
    const list = await client().get<Appointment[]>(apiPaths.appointment.getMyAppointments, {
      token: p.token,
    });
    expect(list.data!.map((a) => a.idx)).toEqual([hospital.idx]);
  });

  it('refuses an empty title with the field named', async () => {
    const p = await newPatient();
    const bad = await client().post(apiPaths.appointment.addPersonal, {
      token: p.token,
      body: { title: '', startsAt: inHours(3), clientRequestId: `own-${++seq}-abc` },
    });
    expect(bad.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(JSON.stringify(bad.data)).toContain('title');
  });
});

describe('the .ics file', () => {
  it('holds the start in UTC, the place, the preparation and an alarm, escaped', async () => {
    const p = await newPatient();
    const a = (
      await book(p, { startsAt: '2031-03-05T09:30:00+09:00', preparation: '8시간 금식, 이전 결과지 지참' })
    ).data!;
    const ics = await client().get<AppointmentIcs>(apiPaths.appointment.getIcs, {
      token: p.token,
      query: { idx: a.idx },
    });
    const text = ics.data!.content;
    expect(ics.data!.fileName).toBe(`appointment-${a.idx}.ics`);
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain('DTSTART:20310305T003000Z');
    expect(text).toContain('DTEND:20310305T010000Z');
    expect(text).toContain('LOCATION:본관 3층 301호');
    expect(text.replace(/\r\n /g, '')).toContain('8시간 금식\\, 이전 결과지 지참');
    expect(text).toContain('TRIGGER:-PT2H');
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });
});

describe('the staff schedule', () => {
  it('shows a day or a week of one department, with the departments for the filter', async () => {
    const p = await newPatient();
    const day = '2031-04-07';
    const a = (await book(p, { startsAt: `${day}T09:00:00+09:00` })).data!;
    const b = (await book(p, { startsAt: '2031-04-09T14:00:00+09:00', department: '정형외과' })).data!;
    // 23:30 in Seoul on the day before is outside the day (Asia/Seoul, not UTC)
    const c = (await book(p, { startsAt: '2031-04-06T23:30:00+09:00' })).data!;
    const get = (query: Record<string, string>) =>
      client().get<Schedule>(apiPaths.appointment.getSchedule, { token: staffToken, query });
    const dayView = (await get({ date: day, view: 'day' })).data!;
    expect(dayView.appointments.map((x) => x.idx)).toEqual([a.idx]);
    const week = (await get({ date: day, view: 'week' })).data!;
    expect(week.appointments.map((x) => x.idx)).toEqual([a.idx, b.idx]);
    expect(week.departments).toEqual(expect.arrayContaining(['내과', '정형외과']));
    const ortho = (await get({ date: day, view: 'week', department: '정형외과' })).data!;
    expect(ortho.appointments.map((x) => x.idx)).toEqual([b.idx]);
    expect(week.appointments.map((x) => x.idx)).not.toContain(c.idx);
    expect((await get({ date: '2031-02-30', view: 'day' })).code).toBe(ResultCode.VALIDATION_FAILED);
  });

  it('edits a booked appointment and the patient is told', async () => {
    const p = await newPatient();
    const a = (await book(p)).data!;
    const moved = inHours(150);
    const updated = await staffPut(apiPaths.appointment.update, {
      idx: a.idx,
      department: '내과',
      doctor: '이의사',
      startsAt: moved,
      durationMin: 60,
      type: 'EXAM',
      room: '검사실 2',
    });
    expect(updated.data).toMatchObject({ doctor: '이의사', startsAt: moved, type: 'EXAM', room: '검사실 2' });
    expect((await mine(p, a.idx)).events.map((e) => e.action)).toEqual(['CREATED', 'UPDATED']);
  });

  it('lists only its own hospital’s patients to book for', async () => {
    const p = await newPatient('최본원');
    const away = await newPatient('정타원', (await createHospital(t.app.db)).idx);
    const list = await client().get<{ idx: number }[]>(apiPaths.appointment.getBookablePatients, {
      token: staffToken,
    });
    const ids = list.data!.map((x) => x.idx);
    expect(ids).toContain(p.idx);
    expect(ids).not.toContain(away.idx);
  });
});

describe('reminders', () => {
  it('sends the day-before and two-hours reminders once each, and again after a change of time', async () => {
    const p = await newPatient();
    const soon = (await book(p, { startsAt: inHours(1.5) })).data!;
    const tomorrow = (await book(p, { startsAt: inHours(20) })).data!;
    await appointmentIn(p, 'CANCELLED');
    const reminders = async () => {
      const notes = await client().get<Page<Notification>>(apiPaths.notification.getMyNotifications, {
        token: p.token,
        query: { pNum: 1, pSize: 50 },
      });
      return notes
        .data!.dataList.filter((n) => n.kind === 'schedule' && 'reminder' in n.data)
        .map((n) => `${n.data.appointmentIdx}:${n.data.reminder}`)
        .sort();
    };
    await t.app.jobs.runNow(APPOINTMENT_REMINDER_JOB);
    await t.app.jobs.runNow(APPOINTMENT_REMINDER_JOB);
    expect(await reminders()).toEqual([`${soon.idx}:TWO_HOURS`, `${tomorrow.idx}:DAY_BEFORE`].sort());

    const moved = inHours(1);
    await staffPut(apiPaths.appointment.update, {
      ...booking(p.idx, { startsAt: moved }),
      patientIdx: undefined,
      clientRequestId: undefined,
      idx: tomorrow.idx,
    });
    await t.app.jobs.runNow(APPOINTMENT_REMINDER_JOB);
    expect(await reminders()).toEqual(
      [`${soon.idx}:TWO_HOURS`, `${tomorrow.idx}:DAY_BEFORE`, `${tomorrow.idx}:TWO_HOURS`].sort(),
    );
  });
});

// issue 16 audit: the reminders honour the patient's 일정 알림 switch (the history keeps them)
describe('reminders and the alarm settings', () => {
  it('pushes a reminder only while the schedule alarm is on; the history has it either way', async () => {
    const deliveriesOfReminders = async (p: Patient) => {
      const { rows } = await t.app.db.query<{ appointment: string; n: string }>(
        `SELECT n.data->>'appointmentIdx' AS appointment, count(d.idx) AS n
           FROM notifications n LEFT JOIN push_deliveries d ON d.notification_idx = n.idx
          WHERE n.patient_idx = $1 AND n.kind = 'schedule' AND n.data ? 'reminder'
          GROUP BY 1 ORDER BY 1`,
        [p.idx],
      );
      return Object.fromEntries(rows.map((r) => [Number(r.appointment), Number(r.n)]));
    };
    // A browser that subscribed to pushes, with keys a push can be encrypted for: the booking's
    // own notice kicks a delivery pass, which removes a subscription whose keys are unusable
    // (and with it the reminder's target). Its push service refuses connections (a loopback
    // port nothing listens on), so a send is only retried later: this test counts what is queued.
    const withPhone = async () => {
      const p = await newPatient();
      const browserKey = createECDH('prime256v1');
      browserKey.generateKeys();
      await t.app.db.query(
        `INSERT INTO web_push_subscriptions (patient_idx, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)`,
        [
          p.idx,
          `http://127.0.0.1:9/push/reminder-${++seq}-${p.idx}`,
          browserKey.getPublicKey('base64url'),
          randomBytes(16).toString('base64url'),
        ],
      );
      return p;
    };
    const on = await withPhone();
    const off = await withPhone();
    const alarm = await client().put(apiPaths.patient.alarmUpdate, {
      token: off.token,
      body: { schedule: false },
    });
    expect(alarm.code).toBe(ResultCode.SUCCESS);
    const onSoon = (await book(on, { startsAt: inHours(1.5) })).data!;
    const offSoon = (await book(off, { startsAt: inHours(1.5) })).data!;
    await t.app.jobs.runNow(APPOINTMENT_REMINDER_JOB);
    expect(await deliveriesOfReminders(on)).toEqual({ [onSoon.idx]: 1 });
    expect(await deliveriesOfReminders(off)).toEqual({ [offSoon.idx]: 0 });
  });
});

describe('account deletion', () => {
  it("erases the patient's appointments and items", async () => {
    const p = await newPatient();
    await book(p);
    const handler = t.app.patientErasure.handlers().find((h) => h.name === 'appointments')!;
    await t.app.db.transaction((tx) => handler.handler(tx, p.idx));
    const { rows } = await t.app.db.query('SELECT idx FROM appointments WHERE patient_idx = $1', [p.idx]);
    expect(rows).toEqual([]);
  });
});

describe('kstLabel', () => {
  it('writes the Seoul day and 24-hour time, whatever the ICU data', () => {
    expect(kstLabel('2026-11-28T00:30:00.000Z')).toBe('11월 28일 (토) 09:30');
    expect(kstLabel('2026-12-31T15:05:00.000Z')).toBe('1월 1일 (금) 00:05');
  });
});

describe('demo data', () => {
  it('gives the demo patient a past visit, two upcoming appointments and a personal item', async () => {
    const p = await newPatient('김하늘');
    await t.app.db.transaction((tx) =>
      seedDemoAppointments(tx, { patientIdx: p.idx, hospitalIdx, staff: { idx: 1, name: '이간호' } }),
    );
    const list = (
      await client().get<Appointment[]>(apiPaths.appointment.getMyAppointments, { token: p.token })
    ).data!;
    expect(list.map((a) => [a.kind, a.status, new Date(a.startsAt) > new Date()])).toEqual([
      ['HOSPITAL', 'COMPLETED', false],
      ['HOSPITAL', 'BOOKED', true],
      ['PERSONAL', 'BOOKED', true],
      ['HOSPITAL', 'BOOKED', true],
    ]);
    expect(list[3]!.preparation).toContain('8시간 금식');
  });
});
