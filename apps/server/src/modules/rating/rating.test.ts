import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { Notification } from '@smartcare/contract/notification';
import type { Page } from '@smartcare/contract/paging';
import type { MyRatings, RatingOccasion, RatingStats } from '@smartcare/contract/rating';
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
 * Ratings (issue 16): the rating window (before completion refused, once only, changed within
 * 7 days, refused after), who sees what, the statistics, erasure, and the one invitation.
 */
let t: TestApp;
let hospitalIdx: number;
let nurse: { idx: number; token: string };
let adminToken: string;
let otherStaffToken: string;

interface Patient {
  idx: number;
  token: string;
  password?: string;
}

async function newPatient(hospital = hospitalIdx): Promise<Patient> {
  const created = await createPatient(t.app.db, { name: '김평가', choseHospitalIdx: hospital });
  return {
    idx: created.idx,
    token: (await loginPatient(t.baseUrl, created)).accessToken,
    password: created.password,
  };
}

/** A consulting room as the chat stores it (completed `daysAgo` days ago, or still open). */
async function room(
  p: Patient,
  options: { daysAgo?: number | null; hospital?: number; assignee?: number } = {},
) {
  const daysAgo = options.daysAgo === undefined ? 0 : options.daysAgo;
  const completed = daysAgo !== null;
  const { rows } = await t.app.db.query<{ idx: number }>(
    `INSERT INTO chat_rooms (hospital_idx, patient_idx, patient_name, status, bot_active, assignee_idx, completed_at)
     VALUES ($1, $2, '김평가', $3, false, $4, CASE WHEN $5::boolean THEN now() - make_interval(days => $6) END)
     RETURNING idx`,
    [
      options.hospital ?? hospitalIdx,
      p.idx,
      completed ? 'COMPLETE' : 'STANDBY',
      options.assignee ?? nurse.idx,
      completed,
      daysAgo ?? 0,
    ],
  );
  return rows[0]!.idx;
}

const client = () => api(t.baseUrl);
const submit = (p: Patient, body: Record<string, unknown>) =>
  client().put<RatingOccasion>(apiPaths.rating.submit, { token: p.token, body });
const rate = (p: Patient, idx: number, extra: Record<string, unknown> = {}) =>
  submit(p, { kind: 'CHAT', idx, stars: 5, tags: ['KIND'], comment: '친절했어요', ...extra });
const stats = (token: string) =>
  client().get<RatingStats>(apiPaths.rating.getStats, { token, query: { months: 6 } });
const ratingCount = async (occasionIdx: number) =>
  Number(
    (
      await t.app.db.query<{ n: string }>(
        `SELECT count(*) AS n FROM ratings WHERE occasion_kind = 'CHAT' AND occasion_idx = $1`,
        [occasionIdx],
      )
    ).rows[0]!.n,
  );

beforeAll(async () => {
  t = await buildTestApp();
  hospitalIdx = (await createHospital(t.app.db)).idx;
  const n = await createStaff(t.app.db, { hospitalIdx, name: '박간호', role: 'NURSE' });
  nurse = { idx: n.idx, token: (await loginStaff(t.baseUrl, n)).accessToken };
  adminToken = (await loginStaff(t.baseUrl, await createStaff(t.app.db, { hospitalIdx, role: 'ADMIN' })))
    .accessToken;
  otherStaffToken = (await loginStaff(t.baseUrl, await createStaff(t.app.db, { role: 'ADMIN' }))).accessToken;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the rating window', () => {
  it('refuses a room that has not completed, and changes nothing', async () => {
    const p = await newPatient();
    const idx = await room(p, { daysAgo: null });
    const response = await rate(p, idx);
    expect(response.status).toBe(409);
    expect(response.code).toBe(ResultCode.RATING_NOT_COMPLETED);
    expect(await ratingCount(idx)).toBe(0);
  });

  it('rates a completed room once: a double submit leaves one rating', async () => {
    const p = await newPatient();
    const idx = await room(p);
    const [a, b] = await Promise.all([rate(p, idx), rate(p, idx, { stars: 4 })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await ratingCount(idx)).toBe(1);
    const mine = await client().get<MyRatings>(apiPaths.rating.getMyRatings, { token: p.token });
    expect(mine.data!.rated).toHaveLength(1);
    expect(mine.data!.waiting).toHaveLength(0);
    expect(mine.data!.rated[0]).toMatchObject({ kind: 'CHAT', idx, staffName: '박간호' });
    expect(mine.data!.rated[0]!.rating!.editable).toBe(true);
  });

  it('changes the rating within 7 days and refuses after', async () => {
    const p = await newPatient();
    const idx = await room(p, { daysAgo: 10 });
    expect((await rate(p, idx, { stars: 2 })).status).toBe(200);
    const changed = await rate(p, idx, { stars: 3, tags: ['LONG_WAIT'], comment: '' });
    expect(changed.status).toBe(200);
    expect(changed.data!.rating).toMatchObject({ stars: 3, tags: ['LONG_WAIT'], comment: '' });

    await t.app.db.query(
      `UPDATE ratings SET created_at = now() - interval '8 days' WHERE occasion_kind = 'CHAT' AND occasion_idx = $1`,
      [idx],
    );
    const late = await rate(p, idx, { stars: 1 });
    expect(late.status).toBe(409);
    expect(late.code).toBe(ResultCode.RATING_WINDOW_CLOSED);
    const occasion = await client().get<RatingOccasion>(apiPaths.rating.getOccasion, {
      token: p.token,
      query: { kind: 'CHAT', idx },
    });
    expect(occasion.data!.rating).toMatchObject({ stars: 3, editable: false });
  });

  it('refuses a first rating after the 30 days of the invitation', async () => {
    const p = await newPatient();
    const idx = await room(p, { daysAgo: 31 });
    expect((await rate(p, idx)).code).toBe(ResultCode.RATING_WINDOW_CLOSED);
    const mine = await client().get<MyRatings>(apiPaths.rating.getMyRatings, { token: p.token });
    expect(mine.data!.waiting).toHaveLength(0);
  });

  it('lists a completed, unrated room as waiting', async () => {
    const p = await newPatient();
    const idx = await room(p, { daysAgo: 1 });
    await room(p, { daysAgo: null });
    const mine = await client().get<MyRatings>(apiPaths.rating.getMyRatings, { token: p.token });
    expect(mine.data!.waiting.map((o) => o.idx)).toEqual([idx]);
    expect(mine.data!.waiting[0]!.rating).toBeNull();
  });
});

describe('bad input', () => {
  it.each([
    ['stars', { stars: 0 }],
    ['stars', { stars: 6 }],
    ['stars', { stars: 2.5 }],
    ['tags', { tags: ['NOPE'] }],
    ['tags', { tags: ['KIND', 'KIND'] }],
    ['comment', { comment: 'ㄱ'.repeat(501) }],
  ])('refuses %s %j field by field and stores nothing', async (field, extra) => {
    const p = await newPatient();
    const idx = await room(p);
    const response = await rate(p, idx, extra);
    expect(response.status).toBe(400);
    expect(response.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(JSON.stringify(response.data)).toContain(field);
    expect(await ratingCount(idx)).toBe(0);
  });

  it('keeps an XSS comment as text', async () => {
    const p = await newPatient();
    const idx = await room(p);
    const payload = '<img src=x onerror=alert(1)>';
    expect((await rate(p, idx, { comment: payload })).data!.rating!.comment).toBe(payload);
    const seen = await stats(adminToken);
    expect(seen.data!.comments.map((c) => c.comment)).toContain(payload);
  });
});

describe('who sees what', () => {
  it("refuses another patient's room as if it did not exist", async () => {
    const owner = await newPatient();
    const other = await newPatient();
    const idx = await room(owner);
    const response = await rate(other, idx);
    expect(response.status).toBe(404);
    expect(response.code).toBe(ResultCode.NOT_FOUND);
    const read = await client().get(apiPaths.rating.getOccasion, {
      token: other.token,
      query: { kind: 'CHAT', idx },
    });
    expect(read.status).toBe(404);
    expect(await ratingCount(idx)).toBe(0);
  });

  it('refuses staff on the patient calls and patients on the statistics (a token of the other app is no login)', async () => {
    const p = await newPatient();
    const asStaff = await client().get(apiPaths.rating.getMyRatings, { token: nurse.token });
    expect([asStaff.status, asStaff.code]).toEqual([401, ResultCode.NOT_LOGGED_IN]);
    const submitAsStaff = await rate({ idx: 0, token: nurse.token }, 1);
    expect([submitAsStaff.status, submitAsStaff.code]).toEqual([401, ResultCode.NOT_LOGGED_IN]);
    const occasionAsStaff = await client().get(apiPaths.rating.getOccasion, {
      token: nurse.token,
      query: { kind: 'CHAT', idx: 1 },
    });
    expect(occasionAsStaff.code).toBe(ResultCode.NOT_LOGGED_IN);
    const statsAsPatient = await stats(p.token);
    expect([statsAsPatient.status, statsAsPatient.code]).toEqual([401, ResultCode.NOT_LOGGED_IN]);
    expect((await client().get(apiPaths.rating.getMyRatings)).status).toBe(401);
    expect((await client().get(apiPaths.rating.getStats)).status).toBe(401);
  });

  it("shows staff only their hospital's ratings; every staff member to ADMIN, each other member only their own line, never a patient", async () => {
    const hospital = (await createHospital(t.app.db)).idx;
    const admin = await createStaff(t.app.db, { hospitalIdx: hospital, role: 'ADMIN' });
    const token = (await loginStaff(t.baseUrl, admin)).accessToken;
    const nurseHere = await createStaff(t.app.db, { hospitalIdx: hospital, role: 'NURSE', name: '이간호' });
    const nurseToken = (await loginStaff(t.baseUrl, nurseHere)).accessToken;
    const p = await newPatient(hospital);
    const q = await newPatient(hospital);
    await rate(p, await room(p, { hospital }), { stars: 5, comment: '좋았어요' });
    await rate(q, await room(q, { hospital }), { stars: 2, comment: '느렸어요' });

    const seen = (await stats(token)).data!;
    expect(seen.overall).toEqual({ count: 2, average: 3.5, distribution: [0, 1, 0, 0, 1] });
    expect(seen.departments).toEqual([
      { department: '온라인 상담', count: 2, average: 3.5, distribution: [0, 1, 0, 0, 1] },
    ]);
    expect(seen.staff).toEqual([
      { staffIdx: nurse.idx, staffName: '박간호', count: 2, average: 3.5, distribution: [0, 1, 0, 0, 1] },
    ]);
    expect(seen.months).toHaveLength(1);
    expect(seen.months[0]!.count).toBe(2);
    expect(JSON.stringify(seen)).not.toContain('김평가');

    // A nurse reads her own line only: not her colleagues' scores.
    const asNurse = (await stats(nurseToken)).data!;
    expect(asNurse.staff).toEqual([]);
    expect(asNurse.overall.count).toBe(2);
    const r = await newPatient(hospital);
    await rate(r, await room(r, { hospital, assignee: nurseHere.idx }), { stars: 4 });
    expect((await stats(nurseToken)).data!.staff).toEqual([
      {
        staffIdx: nurseHere.idx,
        staffName: '이간호',
        count: 1,
        average: 4,
        distribution: [0, 0, 0, 1, 0],
      },
    ]);
    expect((await stats(token)).data!.staff).toHaveLength(2);

    const elsewhere = (await stats(otherStaffToken)).data!;
    expect(elsewhere.overall.count).toBe(0);
  });
});

describe('account deletion', () => {
  it("detaches the patient's ratings: the link and the comment go, the stars stay counted", async () => {
    const hospital = (await createHospital(t.app.db)).idx;
    const admin = await createStaff(t.app.db, { hospitalIdx: hospital, role: 'ADMIN' });
    const token = (await loginStaff(t.baseUrl, admin)).accessToken;
    const p = await newPatient(hospital);
    await rate(p, await room(p, { hospital }), { stars: 4, comment: '지워질 한마디' });
    const deleted = await client().delete(apiPaths.patient.delete, {
      token: p.token,
      body: { password: p.password },
    });
    expect(deleted.code).toBe(ResultCode.SUCCESS);
    const { rows } = await t.app.db.query<{ patient_idx: number | null; comment: string; stars: number }>(
      `SELECT patient_idx, comment, stars FROM ratings WHERE hospital_idx = $1`,
      [hospital],
    );
    expect(rows).toEqual([{ patient_idx: null, comment: '', stars: 4 }]);
    expect((await stats(token)).data!.overall.count).toBe(1);
  });
});

describe('the invitation', () => {
  it('invites the patient once when a room completes', async () => {
    const created = await createPatient(t.app.db, { name: '김초대', choseHospitalIdx: hospitalIdx });
    const { accessToken } = await loginPatient(t.baseUrl, created);
    const mqtt = await connectTestClient(t.baseUrl, { loginId: created.loginId, accessToken });
    try {
      const provisional = -created.idx;
      await mqtt.subscribe(topics.chatRoomAll(provisional));
      await mqtt.publish(topics.chatRoomEvent(provisional, 'message'), {
        clientMsgId: 'r-1',
        content: '문의드립니다',
      });
      const { room: opened } = await mqtt.next<{ room: { idx: number } }>(
        topics.chatRoomEvent(provisional, 'create'),
      );
      await mqtt.subscribe(topics.chatRoomAll(opened.idx));
      await mqtt.publish(topics.chatRoomEvent(opened.idx, 'complete'), {});
      await mqtt.next(topics.chatRoomEvent(opened.idx, 'complete'));
      await mqtt.publish(topics.chatRoomEvent(opened.idx, 'complete'), {});

      const invited = async () =>
        (
          await client().get<Page<Notification>>(apiPaths.notification.getMyNotifications, {
            token: accessToken,
            query: { pNum: 1, pSize: 20 },
          })
        ).data!.dataList.filter((n) => n.deepLink === `#/hospital/rate?kind=CHAT&idx=${opened.idx}`);
      await expect.poll(async () => (await invited()).length, { timeout: 5000 }).toBe(1);
      const mine = await client().get<MyRatings>(apiPaths.rating.getMyRatings, { token: accessToken });
      expect(mine.data!.waiting.map((o) => o.idx)).toEqual([opened.idx]);
    } finally {
      await mqtt.close();
    }
  }, 30_000);
});

// issue 16 audit: an outpatient visit marked 완료 is an occasion too (decision 028)
describe('an outpatient visit', () => {
  const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
  let seq = 0;
  async function visit(p: Patient, type = 'OUTPATIENT') {
    const booked = await client().post<{ idx: number }>(apiPaths.appointment.create, {
      token: adminToken,
      body: {
        patientIdx: p.idx,
        department: '정형외과',
        doctor: '이의사',
        // an hour ago: a visit is marked 완료 only once it has started
        startsAt: inHours(-1),
        durationMin: 30,
        type,
        clientRequestId: `rate-visit-${++seq}-abcdef`,
      },
    });
    expect(booked.code).toBe(ResultCode.SUCCESS);
    return booked.data!.idx;
  }
  const complete = (idx: number) =>
    client().put(apiPaths.appointment.complete, { token: adminToken, body: { idx } });
  const rateVisit = (p: Patient, idx: number, extra: Record<string, unknown> = {}) =>
    submit(p, { kind: 'APPOINTMENT', idx, stars: 4, tags: ['CLEAR_EXPLANATION'], ...extra });
  const invitations = async (p: Patient, idx: number) =>
    (
      await client().get<Page<Notification>>(apiPaths.notification.getMyNotifications, {
        token: p.token,
        query: { pNum: 1, pSize: 50 },
      })
    ).data!.dataList.filter((n) => n.deepLink === `#/hospital/rate?kind=APPOINTMENT&idx=${idx}`);

  it('is refused before 완료, then invites once, waits, is rated once with its department and doctor', async () => {
    const p = await newPatient();
    const idx = await visit(p);
    const early = await rateVisit(p, idx);
    expect(early.code).toBe(ResultCode.RATING_NOT_COMPLETED);

    expect((await complete(idx)).status).toBe(200);
    await expect.poll(async () => (await invitations(p, idx)).length, { timeout: 5000 }).toBe(1);
    const waiting = await client().get<MyRatings>(apiPaths.rating.getMyRatings, { token: p.token });
    expect(waiting.data!.waiting).toEqual([
      expect.objectContaining({ kind: 'APPOINTMENT', idx, staffName: '이의사', rating: null }),
    ]);

    const [a, b] = await Promise.all([rateVisit(p, idx), rateVisit(p, idx, { stars: 5 })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const { rows } = await t.app.db.query<{ n: string; department: string; staff_name: string }>(
      `SELECT count(*) OVER () AS n, department, staff_name FROM ratings
        WHERE occasion_kind = 'APPOINTMENT' AND occasion_idx = $1`,
      [idx],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ department: '정형외과', staff_name: '이의사' });
    const mine = await client().get<MyRatings>(apiPaths.rating.getMyRatings, { token: p.token });
    expect(mine.data!.waiting).toHaveLength(0);
    expect(mine.data!.rated[0]).toMatchObject({ kind: 'APPOINTMENT', idx });

    // The hospital's statistics count it under its department (no staff account: not per staff).
    const s = await stats(adminToken);
    expect(s.data!.departments.map((d) => d.department)).toContain('정형외과');
    expect(s.data!.staff!.map((x) => x.staffName)).not.toContain('이의사');
  });

  it("refuses another patient's visit and a visit that is not outpatient", async () => {
    const p = await newPatient();
    const other = await newPatient();
    const idx = await visit(p);
    await complete(idx);
    const theirs = await rateVisit(other, idx);
    expect(theirs.status).toBe(404);
    const exam = await visit(p, 'EXAM');
    await complete(exam);
    expect((await rateVisit(p, exam)).status).toBe(404);
    expect(await invitations(p, exam)).toHaveLength(0);
  });
});
